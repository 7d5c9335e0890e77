import { describe, expect, it } from "vitest";
import { formatMoney } from "~/modules/i18n/i18n";
import { localeFromUrl, localizedPath, splitLocale } from "~/modules/i18n/locale";

describe("locale helpers", () => {
  it("splits the language prefix from a path", () => {
    expect(splitLocale("/fr")).toEqual({ locale: "fr", rest: "/" });
    expect(splitLocale("/en/auth/seller")).toEqual({ locale: "en", rest: "/auth/seller" });
    expect(splitLocale("/french")).toEqual({ locale: null, rest: "/french" });
  });

  it("swaps the prefix to switch language, leaving unprefixed-only pages alone", () => {
    expect(localizedPath("/fr/marketplace", "en")).toBe("/en/marketplace");
    expect(localizedPath("/en", "fr")).toBe("/fr");
    expect(localizedPath("/test-accounts", "en")).toBe("/test-accounts");
  });

  it("reads the language of unprefixed pages from ?lang=", () => {
    expect(localeFromUrl(new URL("http://x/test-accounts?lang=en"))).toBe("en");
    expect(localeFromUrl(new URL("http://x/test-accounts?lang=de"))).toBe("fr");
    expect(localeFromUrl(new URL("http://x/en/auth?lang=fr"))).toBe("en");
  });

  it("formats euros for each locale from cents", () => {
    expect(formatMoney("fr", 6000).replace(/\s/g, " ")).toBe("60,00 €");
    expect(formatMoney("en", 6000)).toBe("€60.00");
  });
});
