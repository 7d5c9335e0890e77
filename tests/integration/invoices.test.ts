import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import { entitlements, invoiceCounters, orders } from "~/modules/db/schema";
import { nextInvoiceNumber } from "~/modules/billing/invoice-number.server";
import { testEvent } from "~/modules/payments/test-provider.server";
import { signedInAs } from "../support/accounts";
import { addToCart, checkout, flashKey, payWithCard } from "../support/checkout";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { postForm, testApp, type TestApp } from "../support/test-app";
import { drainJobs } from "../support/jobs";
import { recordSale } from "../support/commerce";
import { pdfPages } from "../support/pdf-text";

// The operator's legal identity, read at boot: every invoice prints it.
process.env.INVOICE_ISSUER_NAME = "Atelier Vitrine SARL";
process.env.INVOICE_ISSUER_ADDRESS = "5 quai des Arts | 33000 Bordeaux | France";
process.env.INVOICE_ISSUER_VAT_NUMBER = "FR98765432109";

let app: TestApp;
let services: Services;
let sellerId: string;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  const seller = await signedInAs(app, "creator");
  sellerId = (await viewerByEmail(services, seller.email, "creator")).id;
});

async function buyerWithCart(priceCents = 5_000) {
  const account = await signedInAs(app, "client");
  const { submission } = await makeSubmission(services, sellerId, {
    status: "approved",
    priceCents,
    title: "Cœur de l'œuvre",
  });
  await addToCart(app, account.jar, submission.id, "standard");
  return account;
}

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/&#x27;/g, "'");

/** The invoice numbers given this year, as numbers. */
async function numbersOf(orderIds: string[]) {
  const rows = await services.db
    .select({ invoiceNumber: orders.invoiceNumber })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return rows.map((row) => {
    const match = /^VIT-(\d{4})-(\d{6})$/.exec(row.invoiceNumber ?? "");
    expect(match, row.invoiceNumber ?? "no number").not.toBeNull();
    return Number(match![2]);
  });
}

describe("invoice numbers", () => {
  it("20 payments in parallel get 20 consecutive numbers: no gap, no duplicate", async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyerWithCart()));
    const sessions = await Promise.all(buyers.map((account) => checkout(app, account.jar)));
    const year = new Date().getUTCFullYear();
    const [before] = await services.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.year, year));
    const responses = await Promise.all(
      sessions.map((sessionId) =>
        app.fetch("/api/payments/webhook/test", {
          method: "POST",
          ...testEvent(services.secret, "checkout.session.completed", { sessionId }),
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
    await drainJobs(services);
    const paid = await services.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.providerSessionId, sessions));
    expect(paid).toHaveLength(20);
    const numbers = (await numbersOf(paid.map((order) => order.id))).toSorted((a, b) => a - b);
    const first = (before?.lastNumber ?? 0) + 1;
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => first + index));
    const [after] = await services.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.year, year));
    expect(after!.lastNumber).toBe(first + 19);
  });

  it("a payment whose transaction rolls back gives its number back", async () => {
    const paidAt = new Date(Date.UTC(2031, 0, 1));
    await expect(
      services.db.transaction(async (tx) => {
        expect(await nextInvoiceNumber(tx, paidAt)).toBe("VIT-2031-000001");
        throw new Error("payment failed after numbering");
      }),
    ).rejects.toThrow("payment failed after numbering");
    const number = await services.db.transaction((tx) => nextInvoiceNumber(tx, paidAt));
    expect(number).toBe("VIT-2031-000001");
    const next = await services.db.transaction((tx) => nextInvoiceNumber(tx, paidAt));
    expect(next).toBe("VIT-2031-000002");
    // One counter row per year: the year's numbers start again at 1.
    const rows = await services.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.year, 2031));
    expect(rows).toEqual([{ year: 2031, lastNumber: 2 }]);
  });
});

describe("billing details and VAT at checkout", () => {
  it("a Belgian company with a VAT number: reverse charge in the cart, the payment page and the invoice", async () => {
    const account = await buyerWithCart(5_000);
    const before = plain(await (await app.fetch("/fr/checkout", { cookies: account.jar })).text());
    // Asked at checkout while missing; French VAT meanwhile (the account was opened in France).
    expect(before).toContain("Coordonnées de facturation");
    expect(before).toContain("TVA (20 %)");
    const refused = await postForm(
      app,
      "/fr/checkout",
      {
        intent: "billing",
        name: "Atelier",
        address: "Rue Haute 1",
        country: "BE",
        vatNumber: "BE12",
      },
      { cookies: account.jar },
    );
    expect(refused.status).toBe(400);
    expect(plain(await refused.text())).toContain(
      "Ce numéro de TVA n'a pas le format du pays choisi (préfixe compris).",
    );
    const saved = await postForm(
      app,
      "/fr/checkout",
      {
        intent: "billing",
        name: "Atelier Lumière SPRL",
        address: "Rue Haute 1\n1000 Bruxelles",
        country: "BE",
        vatNumber: "BE 0123.456.789",
      },
      { cookies: account.jar },
    );
    expect(saved.status).toBe(302);
    expect(flashKey(saved)).toBe("billing.saved");
    const page = plain(await (await app.fetch("/fr/checkout", { cookies: account.jar })).text());
    expect(page).toContain("Facturé à Atelier Lumière SPRL (Belgique)");
    expect(page).toContain("TVA (0 %)");
    expect(page).toContain("Autoliquidation — TVA due par le preneur");
    expect(page).toContain("Payer 65,00 €");
    const sessionId = await checkout(app, account.jar);
    const payPage = plain(
      await (await app.fetch(`/test-pay/${sessionId}`, { cookies: account.jar })).text(),
    );
    expect(payPage).toContain("TVA (0 %)");
    expect(payPage).toContain("Autoliquidation");
    await payWithCard(app, account.jar, sessionId, "4242424242424242");
    const [order] = await services.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId));
    expect(order).toMatchObject({
      subtotalCents: 6_500,
      vatCents: 0,
      totalCents: 6_500,
      vatRateBps: 0,
      vatScheme: "reverse-charge",
      billing: { name: "Atelier Lumière SPRL", country: "BE", vatNumber: "BE0123456789" },
    });
    expect(order!.invoiceNumber).toMatch(/^VIT-\d{4}-\d{6}$/);
    const receipt = plain(
      await (await app.fetch(`/en/receipts/${order!.id}`, { cookies: account.jar })).text(),
    );
    expect(receipt).toContain(`Invoice no. ${order!.invoiceNumber}`);
    for (const line of ["Atelier Vitrine SARL", "5 quai des Arts", "33000 Bordeaux"])
      expect(receipt).toContain(line);
    expect(receipt).toContain("VAT no.: FR98765432109");
    expect(receipt).not.toContain("(démo)");
    expect(receipt).toContain("Atelier Lumière SPRL");
    expect(receipt).toContain("VAT no.: BE0123456789");
    expect(receipt).toContain("VAT (0%): €0.00");
    expect(receipt).toContain("Reverse charge — VAT due by the customer");
    const pdf = await app.fetch(`/fr/receipts/${order!.id}/pdf`, { cookies: account.jar });
    const text = plain((await pdfPages(new Uint8Array(await pdf.arrayBuffer()))).join("\n"));
    expect(text).toContain(`Facture n° ${order!.invoiceNumber}`);
    expect(text).toContain("Cœur de l'œuvre");
    expect(text).toContain("N° TVA : BE0123456789");
    expect(text).toContain("TVA (0 %) : 0,00 €");
    expect(text).toContain("Autoliquidation");
  });

  it("a consumer in Germany pays 19 %, in Morocco no VAT; the profile edits the details", async () => {
    const account = await buyerWithCart(5_000);
    const save = (fields: Record<string, string>) =>
      postForm(
        app,
        "/fr/buyer-dashboard",
        {
          intent: "billing",
          name: "Jana Weber",
          address: "Hauptstraße 5\n10115 Berlin",
          ...fields,
        },
        { cookies: account.jar },
      );
    expect((await save({ country: "DE", vatNumber: "" })).status).toBe(302);
    const profile = plain(
      await (await app.fetch("/fr/buyer-dashboard?tab=profile", { cookies: account.jar })).text(),
    );
    expect(profile).toContain("Hauptstraße 5");
    const german = plain(await (await app.fetch("/fr/cart", { cookies: account.jar })).text());
    expect(german).toContain("TVA (19 %)");
    expect(german).toContain("12,35 €");
    expect((await save({ country: "MA", name: "محمد العربي" })).status).toBe(302);
    const moroccan = plain(await (await app.fetch("/en/cart", { cookies: account.jar })).text());
    expect(moroccan).toContain("VAT (0%)");
    expect(moroccan).toContain("VAT not applicable — service supplied outside the European Union");
  });
});

describe("licence certificate PDF", () => {
  it("downloads with the page's labels, the holder and the title (œ kept); a stranger gets 404", async () => {
    const account = await signedInAs(app, "client");
    const buyerId = (await viewerByEmail(services, account.email, "client")).id;
    const { submission } = await makeSubmission(services, sellerId, {
      status: "approved",
      priceCents: 1_000,
      title: "Cœur de l'œuvre, à l'aube",
    });
    await recordSale(services, buyerId, submission, { licenceId: "extended" });
    const [right] = await services.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.buyerId, buyerId));
    const path = `/certificates/${right!.certificateNumber}/pdf`;
    for (const [lang, labels] of [
      ["fr", ["Certificat de licence", "Titulaire", "Étendue", "Licence perpétuelle"]],
      ["en", ["Licence certificate", "Licensee", "Extended", "Perpetual"]],
    ] as const) {
      const response = await app.fetch(`/${lang}${path}`, { cookies: account.jar });
      expect(response.headers.get("content-type")).toBe("application/pdf");
      const text = (await pdfPages(new Uint8Array(await response.arrayBuffer()))).join("\n");
      expect(text).toContain(right!.certificateNumber);
      expect(text).toContain("Cœur de l'œuvre, à l'aube");
      for (const label of labels) expect(text).toContain(label);
    }
    const stranger = await signedInAs(app, "client");
    expect((await app.fetch(`/fr${path}`, { cookies: stranger.jar })).status).toBe(404);
  });
});
