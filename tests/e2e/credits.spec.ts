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

const items = ["Coucher de soleil sur les dunes", "Lac de montagne au petit matin"];

const texts = {
  fr: {
    withCredits: "Télécharger avec 2 crédits",
    withInfinity: "Télécharger avec Infinity",
    buyPack: "Acheter le pack de 10 crédits",
    subscribePlan: "S'abonner à 30 crédits par mois",
    subscribeInfinity: "S'abonner à Infinity",
    redirecting: "Redirection vers le paiement... (94,80 €)",
    payTitle: "Paiement sécurisé",
    card: "Numéro de carte",
    pay: /^Payer /,
    success: "Paiement réussi !",
    spent: "Téléchargement ajouté à vos achats (2 crédits utilisés).",
    infinityDownloaded: "Téléchargement Infinity ajouté à vos achats.",
    renew: "Simuler un renouvellement (test)",
    renewed: "Renouvellement simulé : période prolongée.",
    balance: (n: number) => `${n} crédits`,
    pricingTitle: "Packs de crédits et abonnements",
    yearly: "Annuel",
    yearlyPrice: "173,00 € / mois",
    viewReceipt: /^Voir le reçu/,
    subscriptionReceipt: "Reçu de l'abonnement — paiement",
    period: /^Période du .+ au .+$/,
    vat: "TVA (20 %) : 41,20 €",
    packLine: "Pack de 10 crédits",
    creditsAdded: "10 crédits ajoutés à votre compte.",
    newBalance: "Nouveau solde : 10 crédits",
    infinityUntil: /^Infinity est actif jusqu'au .+\.$/,
    paidWithCredits: "2 crédits",
  },
  en: {
    withCredits: "Download with 2 credits",
    withInfinity: "Download with Infinity",
    buyPack: "Buy the 10-credit pack",
    subscribePlan: "Subscribe to 30 credits a month",
    subscribeInfinity: "Subscribe to Infinity",
    redirecting: "Redirecting to payment... (€94.80)",
    payTitle: "Secure payment",
    card: "Card number",
    pay: /^Pay /,
    success: "Payment successful!",
    spent: "Download added to your purchases (2 credits used).",
    infinityDownloaded: "Infinity download added to your purchases.",
    renew: "Simulate a renewal (test)",
    renewed: "Simulated renewal: period extended.",
    balance: (n: number) => `${n} credits`,
    pricingTitle: "Credit packs and subscriptions",
    yearly: "Yearly",
    yearlyPrice: "€173.00 / month",
    viewReceipt: /^View the receipt/,
    subscriptionReceipt: "Subscription receipt — payment",
    period: /^Period from .+ to .+$/,
    vat: "VAT (20%): €41.20",
    packLine: "10-credit pack",
    creditsAdded: "10 credits added to your account.",
    newBalance: "New balance: 10 credits",
    infinityUntil: /^Infinity is active until .+\.$/,
    paidWithCredits: "2 credits",
  },
} as const;

/** Submission ids of the demo items, read from the demo seller's portfolio. */
async function demoItemIds(): Promise<Record<string, string>> {
  const context = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const signIn = await context.post("/fr/auth", {
    form: { intent: "login", email: "createur@vitrine.test", password: "Createur-vitrine-2026" },
  });
  expect(signIn.ok()).toBe(true);
  const html = await (await context.get("/fr/portfolio")).text();
  await context.dispose();
  const ids: Record<string, string> = {};
  const pattern =
    /href="\/fr\/seller-dashboard\/content\/([0-9a-f-]{36})"[\s\S]*?<h2[^>]*>([^<]*)<\/h2>/g;
  for (const match of html.matchAll(pattern)) ids[match[2]!] = match[1]!;
  for (const title of items) expect(ids[title], `demo item ${title}`).toBeTruthy();
  return ids;
}

/** Opens an item's product page and presses one of its credit download buttons. */
async function downloadFromProductPage(
  page: Page,
  lang: string,
  button: string,
  submissionId: string,
) {
  await open(page, `/${lang}/product/${submissionId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: button, exact: true }).click();
}

async function payWith4242(page: Page, t: (typeof texts)["fr" | "en"]) {
  await expect(page.getByRole("heading", { name: t.payTitle })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel(t.card).fill("4242 4242 4242 4242");
  await fillExpiryAndCvc(page);
  await page.getByRole("button", { name: t.pay }).click();
  await expect(page.getByRole("heading", { name: t.success })).toBeVisible();
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, targets: violation.nodes.map((n) => n.target) }));
}

for (const lang of ["fr", "en"] as const) {
  const t = texts[lang];

  test(`${lang}: a 10-credit pack, a photo for 2 credits, a plan with a renewal, then Infinity`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const ids = await demoItemIds();
    await createAccount(page.request, { lang });

    await open(page, `/${lang}/packages-pricing`);
    await expect(page.getByRole("heading", { level: 1, name: t.pricingTitle })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: t.buyPack }).click();
    await expectToast(page, t.redirecting);
    // The payment page says what is bought; the result page, what was added.
    await expect(page.getByTestId("test-pay-bought")).toContainText(t.packLine);
    await payWith4242(page, t);
    await expect(page.getByTestId("credit-outcome")).toContainText(t.creditsAdded);
    await expect(page.getByTestId("credit-outcome")).toContainText(t.newBalance);

    await downloadFromProductPage(page, lang, t.withCredits, ids[items[0]!]!);
    await expectToast(page, t.spent);
    await open(page, `/${lang}/buyer-dashboard?tab=credits`);
    await expect(page.getByTestId("credit-balance")).toHaveText(t.balance(8));
    expect(await seriousViolations(page)).toEqual([]);

    await open(page, `/${lang}/packages-pricing`);
    await page.getByRole("button", { name: t.subscribePlan }).click();
    await payWith4242(page, t);
    await open(page, `/${lang}/buyer-dashboard?tab=credits`);
    await expect(page.getByTestId("credit-balance")).toHaveText(t.balance(38));
    await page.getByRole("button", { name: t.renew }).click();
    await expectToast(page, t.renewed);
    await expect(page.getByTestId("credit-balance")).toHaveText(t.balance(68));
    await expect(page.getByTestId("credit-grants").getByRole("listitem")).toHaveCount(3);
    // A receipt for the pack, the plan's first payment and its renewal.
    const receipts = page.getByTestId("credit-receipts").getByRole("listitem");
    await expect(receipts).toHaveCount(3);
    await receipts.first().getByRole("link", { name: t.viewReceipt }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(t.subscriptionReceipt);
    await expect(page.getByText(t.period)).toBeVisible();
    await expect(page.getByTestId("receipt-vat")).toHaveText(t.vat);

    await open(page, `/${lang}/infinity`);
    await page.getByRole("button", { name: t.subscribeInfinity }).click();
    await payWith4242(page, t);
    await expect(page.getByTestId("credit-outcome").getByText(t.infinityUntil)).toBeVisible();
    await downloadFromProductPage(page, lang, t.withInfinity, ids[items[1]!]!);
    await expectToast(page, t.infinityDownloaded);
    await open(page, `/${lang}/buyer-dashboard?tab=credits`);
    await expect(page.getByTestId("credit-balance")).toHaveText(t.balance(68));
    await expect(page.getByTestId("infinity-usage")).toContainText("1 / 50");
    // In the purchases, each download says what paid for it, not a price.
    await open(page, `/${lang}/buyer-dashboard?tab=purchases`);
    const row = (title: string) => page.getByRole("row").filter({ hasText: title });
    await expect(row(items[1]!).getByRole("cell").nth(3)).toHaveText("Infinity");
    await expect(row(items[0]!).getByRole("cell").nth(3)).toHaveText(t.paidWithCredits);
  });

  test(`${lang}: the yearly switch and the pages at 375 px`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, `/${lang}/packages-pricing`);
    await page.getByRole("link", { name: t.yearly, exact: true }).click();
    await expect(page.getByTestId("plan-price").first()).toHaveText(t.yearlyPrice);
    for (const url of [`/${lang}/packages-pricing?billing=year`, `/${lang}/infinity`]) {
      await open(page, url);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, url).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
}
