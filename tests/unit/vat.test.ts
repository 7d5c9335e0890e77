import { describe, expect, it } from "vitest";
import { billingSchema } from "~/modules/billing/billing-details";
import { vatRateLabel } from "~/modules/billing/invoice-view";
import { orderTotals } from "~/modules/pricing/pricing";
import {
  euStandardRatesBps,
  normaliseVatNumber,
  vatNumberMatchesCountry,
  vatRuleFor,
} from "~/modules/pricing/vat";

describe("VAT by the buyer's country", () => {
  it("a consumer in France pays French VAT, 20 %", () => {
    expect(vatRuleFor({ country: "FR" })).toEqual({
      scheme: "eu-consumer",
      rateBps: 2000,
      country: "FR",
    });
    expect(orderTotals([6500], 2000)).toEqual({
      subtotalCents: 6500,
      vatCents: 1300,
      totalCents: 7800,
    });
  });

  it("a consumer in Germany pays German VAT, 19 %", () => {
    const rule = vatRuleFor({ country: "DE" });
    expect(rule).toEqual({ scheme: "eu-consumer", rateBps: 1900, country: "DE" });
    // 19 % of 65,00 € = 12,35 €.
    expect(orderTotals([6500], rule.rateBps).vatCents).toBe(1235);
  });

  it("a business in Belgium with a Belgian VAT number: reverse charge, no VAT", () => {
    const rule = vatRuleFor({ country: "BE", vatNumber: "BE0123456789" });
    expect(rule).toEqual({ scheme: "reverse-charge", rateBps: 0, country: "BE" });
    expect(orderTotals([6500], rule.rateBps)).toEqual({
      subtotalCents: 6500,
      vatCents: 0,
      totalCents: 6500,
    });
  });

  it("a Belgian buyer whose VAT number does not match Belgium is a consumer (21 %)", () => {
    expect(vatRuleFor({ country: "BE", vatNumber: "DE123456789" }).rateBps).toBe(2100);
    expect(vatRuleFor({ country: "BE", vatNumber: "BE01234" }).scheme).toBe("eu-consumer");
  });

  it("a business in France pays French VAT, not the reverse charge", () => {
    expect(vatRuleFor({ country: "FR", vatNumber: "FR40123456789" })).toEqual({
      scheme: "domestic-business",
      rateBps: 2000,
      country: "FR",
    });
  });

  it("buyers in Morocco and in the United States pay no VAT", () => {
    expect(vatRuleFor({ country: "MA" })).toEqual({
      scheme: "outside-eu",
      rateBps: 0,
      country: "MA",
    });
    expect(vatRuleFor({ country: "US", vatNumber: "123" })).toEqual({
      scheme: "outside-eu",
      rateBps: 0,
      country: "US",
    });
  });

  it("has a rate for each of the 27 member states and rounds half up to the cent", () => {
    expect(Object.keys(euStandardRatesBps)).toHaveLength(27);
    // Finland 25.5 % of 1,01 € = 25.755 cents → 26; of 1,00 € = 25.5 → 26 (half up).
    expect(orderTotals([101], euStandardRatesBps.FI).vatCents).toBe(26);
    expect(orderTotals([100], euStandardRatesBps.FI).vatCents).toBe(26);
    expect(vatRateLabel("fr", 2550)).toBe("25,5 %");
    expect(vatRateLabel("en", 2550)).toBe("25.5%");
    expect(vatRateLabel("fr", 2000)).toBe("20 %");
  });

  it("checks a VAT number's format with its country's prefix (EL for Greece)", () => {
    expect(normaliseVatNumber("be 0123.456.789")).toBe("BE0123456789");
    expect(vatNumberMatchesCountry("BE0123456789", "BE")).toBe(true);
    expect(vatNumberMatchesCountry("DE123456789", "DE")).toBe(true);
    expect(vatNumberMatchesCountry("EL123456789", "GR")).toBe(true);
    expect(vatNumberMatchesCountry("GR123456789", "GR")).toBe(false);
    expect(vatNumberMatchesCountry("NL123456789B01", "NL")).toBe(true);
    expect(vatNumberMatchesCountry("FR1234", "FR")).toBe(false);
  });

  it("the billing form refuses a VAT number of the wrong format or outside the EU", () => {
    const base = { name: "Atelier Lumière SPRL", address: "Rue Haute 1\n1000 Bruxelles" };
    const ok = billingSchema.safeParse({ ...base, country: "be", vatNumber: "be 0123 456 789" });
    expect(ok.success && ok.data).toEqual({ ...base, country: "BE", vatNumber: "BE0123456789" });
    const wrong = billingSchema.safeParse({ ...base, country: "BE", vatNumber: "BE12" });
    expect(wrong.success ? null : wrong.error.issues[0]!.message).toBe("vatFormat");
    const outside = billingSchema.safeParse({ ...base, country: "US", vatNumber: "BE0123456789" });
    expect(outside.success ? null : outside.error.issues[0]!.message).toBe("vatOutsideEu");
    const noVat = billingSchema.safeParse({ ...base, country: "MA", vatNumber: "" });
    expect(noVat.success && noVat.data.vatNumber).toBe(null);
  });
});
