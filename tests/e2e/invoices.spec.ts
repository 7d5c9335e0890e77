import AxeBuilder from "@axe-core/playwright";
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import {
  createAccount,
  expectToast,
  fillExpiryAndCvc,
  open,
  waitForHydration,
} from "./support/app";
import { BASE_URL } from "./support/env";
import { pdfPages } from "../support/pdf-text";

/** A demo item (15 € + 15 € standard licence) bought by a Belgian company. */
const itemTitle = "Coucher de soleil sur les dunes";

const texts = {
  fr: {
    billingTitle: "Coordonnées de facturation",
    name: "Nom ou raison sociale",
    address: "Adresse",
    country: "Pays",
    vatNumber: "Numéro de TVA intracommunautaire (facultatif)",
    save: "Enregistrer les coordonnées",
    saved: "Coordonnées de facturation enregistrées",
    billedTo: "Facturé à Atelier Lumière SPRL (Belgique)",
    vatLabel: "TVA (0 %)",
    total: "30,00 €",
    reverseCharge: "Autoliquidation — TVA due par le preneur",
    wrongVat: "Ce numéro de TVA n'a pas le format du pays choisi (préfixe compris).",
    addToCart: "Ajouter au panier",
    payTitle: "Paiement sécurisé",
    card: "Numéro de carte",
    pay: /^Payer /,
    success: "Paiement réussi !",
    receiptPdf: /^Reçu de la commande \w+ en PDF$/,
    invoice: /Facture n° VIT-\d{4}-\d{6}/,
    vatNumberLine: "N° TVA : BE0123456789",
  },
  en: {
    billingTitle: "Billing details",
    name: "Name or company name",
    address: "Address",
    country: "Country",
    vatNumber: "EU VAT number (optional)",
    save: "Save billing details",
    saved: "Billing details saved",
    billedTo: "Billed to Atelier Lumière SPRL (Belgium)",
    vatLabel: "VAT (0%)",
    total: "€30.00",
    reverseCharge: "Reverse charge — VAT due by the customer",
    wrongVat: "This VAT number does not have the format of the chosen country (prefix included).",
    addToCart: "Add to cart",
    payTitle: "Secure payment",
    card: "Card number",
    pay: /^Pay /,
    success: "Payment successful!",
    receiptPdf: /^Receipt for order \w+ as PDF$/,
    invoice: /Invoice no\. VIT-\d{4}-\d{6}/,
    vatNumberLine: "VAT no.: BE0123456789",
  },
} as const;

async function demoItemId(): Promise<string> {
  const context = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const signIn = await context.post("/fr/auth", {
    form: { intent: "login", email: "createur@vitrine.test", password: "Createur-vitrine-2026" },
  });
  expect(signIn.ok()).toBe(true);
  const html = await (await context.get("/fr/portfolio")).text();
  await context.dispose();
  const pattern =
    /href="\/fr\/seller-dashboard\/content\/([0-9a-f-]{36})"[\s\S]*?<h2[^>]*>([^<]*)<\/h2>/g;
  const match = [...html.matchAll(pattern)].find((found) => found[2] === itemTitle);
  expect(match, itemTitle).toBeTruthy();
  return match![1]!;
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, targets: violation.nodes.map((n) => n.target) }));
}

for (const lang of ["fr", "en"] as const) {
  const t = texts[lang];

  test(`${lang}: a Belgian company gives its VAT number at checkout, pays without VAT (reverse charge) and downloads its invoice`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const itemId = await demoItemId();
    await createAccount(page.request, { lang });
    await open(page, `/${lang}/product/${itemId}`);
    await waitForHydration(page);
    await page.locator("#licence-standard").check();
    await page.getByRole("button", { name: t.addToCart, exact: true }).click();
    await expectToast(page, lang === "fr" ? "Article ajouté au panier" : "Item added to cart");

    await open(page, `/${lang}/checkout`);
    await expect(page.getByRole("heading", { name: t.billingTitle })).toBeVisible();
    await waitForHydration(page);
    const form = page.locator("form", { has: page.getByRole("heading", { name: t.billingTitle }) });
    await form.getByLabel(t.name).fill("Atelier Lumière SPRL");
    await form.getByLabel(t.address, { exact: true }).fill("Rue Haute 1\n1000 Bruxelles");
    await form.getByLabel(t.country).selectOption("BE");
    // A number without Belgium's format is refused, with the reason next to the field.
    await form.getByLabel(t.vatNumber).fill("BE12");
    await form.getByRole("button", { name: t.save }).click();
    await expect(page.getByText(t.wrongVat)).toBeVisible();
    await page.getByLabel(t.vatNumber).fill("BE 0123.456.789");
    await page.getByRole("button", { name: t.save }).click();
    await expectToast(page, t.saved);

    await expect(page.getByTestId("billing-summary")).toContainText(t.billedTo);
    await expect(page.getByTestId("summary-vat-label")).toHaveText(t.vatLabel);
    await expect(page.getByTestId("summary-vat-mention")).toContainText(t.reverseCharge);
    await expect(page.getByTestId("summary-total")).toHaveText(t.total);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({
        path: `${process.env.SCREENSHOT_DIR}/checkout-${lang}.png`,
        fullPage: true,
      });
    }
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: t.pay }).click();
    await expect(page.getByRole("heading", { name: t.payTitle })).toBeVisible();
    await expect(page.getByText(t.reverseCharge)).toBeVisible();
    await waitForHydration(page);
    await page.getByLabel(t.card).fill("4242 4242 4242 4242");
    await fillExpiryAndCvc(page);
    await page.getByRole("button", { name: t.pay }).click();
    await expect(page.getByRole("heading", { name: t.success })).toBeVisible();

    await open(page, `/${lang}/buyer-dashboard?tab=purchases`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: t.receiptPdf }).first().click(),
    ]);
    const { readFile } = await import("node:fs/promises");
    const text = (await pdfPages(new Uint8Array(await readFile((await download.path())!))))
      .join("\n")
      .replace(/[\u00a0\u202f]/g, " ");
    expect(text).toMatch(t.invoice);
    expect(text).toContain("Atelier Lumière SPRL");
    expect(text).toContain(t.vatNumberLine);
    expect(text).toContain(itemTitle);
    expect(text).toContain(t.reverseCharge);
  });
}
