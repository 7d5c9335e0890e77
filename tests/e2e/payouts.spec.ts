import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  createAccount,
  expectToast,
  fillExpiryAndCvc,
  open,
  signInByRequest,
  waitForHydration,
} from "./support/app";
import { BASE_URL } from "./support/env";

/** What a seller reads on the payments tab and the test provider's onboarding page. */
const texts = {
  fr: {
    none: "Aucun compte",
    inProgress: "Configuration en cours",
    incomplete: "Configuration incomplète",
    active: "Compte actif",
    create: /^Créer mon compte de paiement/,
    refresh: "Actualiser le statut",
    refreshed: "Statut du compte mis à jour",
    onboardingTitle: "Configuration du compte de paiement",
    firstName: "Prénom",
    lastName: "Nom",
    saveDetails: "Enregistrer mes informations",
    step2: "Étape 2 sur 2 : vérification d'identité",
    verify: "Valider la vérification",
    done: "Configuration terminée",
    ledger: "Journal des gains",
    paid: "Versé",
    payout: "Versement",
  },
  en: {
    none: "No account",
    inProgress: "Set-up in progress",
    incomplete: "Set-up incomplete",
    active: "Account active",
    create: /^Create my payment account/,
    refresh: "Refresh status",
    refreshed: "Account status updated",
    onboardingTitle: "Payment account set-up",
    firstName: "First name",
    lastName: "Last name",
    saveDetails: "Save my details",
    step2: "Step 2 of 2: identity check",
    verify: "Approve the check",
    done: "Set-up complete",
    ledger: "Earnings ledger",
    paid: "Paid",
    payout: "Payout",
  },
} as const;

type Lang = keyof typeof texts;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, targets: violation.nodes.map((n) => n.target) }));
}

/**
 * From the payments tab: creates the account (the onboarding opens in a new tab), walks the
 * test provider's two steps there, comes back and refreshes the status.
 */
async function onboard(page: Page, lang: Lang) {
  const t = texts[lang];
  const badge = page.getByTestId("payout-badge");
  const opened = page.context().waitForEvent("page");
  await page.getByRole("button", { name: t.create }).click();
  const tab = await opened;
  await expect(tab.getByRole("heading", { level: 1, name: t.onboardingTitle })).toBeVisible();
  await waitForHydration(tab);
  expect(await seriousViolations(tab)).toEqual([]);
  await tab.getByLabel(t.firstName).fill("Ada");
  await tab.getByLabel(t.lastName, { exact: true }).fill("Lovelace");
  await tab.getByRole("button", { name: t.saveDetails }).click();
  await expect(tab.getByRole("heading", { name: t.step2 })).toBeVisible();
  // Back on the dashboard, the state is read from the provider: details given, not verified.
  await open(page, page.url());
  await expect(badge).toHaveText(t.incomplete);
  await tab.getByRole("button", { name: t.verify }).click();
  await expect(tab.getByRole("heading", { name: t.done })).toBeVisible();
  await tab.close();
  await page.getByRole("button", { name: t.refresh }).click();
  await expectToast(page, t.refreshed);
  await expect(badge).toHaveText(t.active);
}

for (const lang of ["fr", "en"] as const) {
  const t = texts[lang];
  test(`${lang}: a new seller creates a payment account, goes through onboarding, and the badge reads '${t.active}'`, async ({
    page,
  }) => {
    // The whole onboarding and two axe analyses: slow on a loaded machine.
    test.setTimeout(60_000);
    await createAccount(page.request, { lang, seller: true });
    await open(page, `/${lang}/seller-dashboard?tab=payments`);
    await expect(page.getByTestId("payout-badge")).toHaveText(t.none);
    expect(await seriousViolations(page)).toEqual([]);
    await onboard(page, lang);
    await expect(page.getByText(t.inProgress)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

/** A signed-in page of the demo creator, who sells the demo catalogue. */
async function demoSeller(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await signInByRequest(page.request, {
    email: "createur@vitrine.test",
    password: "Createur-vitrine-2026",
  });
  return page;
}

test("fr: a sale shows in the seller's ledger with the right commission and becomes a payout", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const t = texts.fr;
  const seller = await demoSeller(browser);
  await open(seller, "/fr/seller-dashboard?tab=payments");
  // Other tests of this run may already have activated the demo creator's account.
  if ((await seller.getByTestId("payout-badge").textContent()) !== t.active) {
    await onboard(seller, "fr");
  }

  // A buyer pays 'Formes géométriques colorées' (12 €) under the standard licence (+15 €).
  const html = await (await seller.request.get("/fr/portfolio")).text();
  const ids = new Map<string, string>();
  for (const found of html.matchAll(
    /href="\/fr\/seller-dashboard\/content\/([0-9a-f-]{36})"[\s\S]*?<h2[^>]*>([^<]*)<\/h2>/g,
  )) {
    ids.set(found[2]!, found[1]!);
  }
  const itemId = ids.get("Formes géométriques colorées");
  expect(itemId, "demo item").toBeTruthy();
  await createAccount(page.request, { lang: "fr" });
  const headers = { Origin: BASE_URL };
  await page.request.post("/fr/cart", {
    form: { intent: "add", submissionId: itemId!, licenceId: "standard" },
    headers,
  });
  const checkout = await page.request.post("/fr/checkout", {
    form: { intent: "pay" },
    headers,
    maxRedirects: 0,
  });
  const payPage = new URL(checkout.headers()["location"]!, BASE_URL);
  await open(page, payPage.pathname + payPage.search);
  await page.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
  await fillExpiryAndCvc(page);
  await page.getByRole("button", { name: /^Payer / }).click();
  await expect(page.getByRole("heading", { name: "Paiement réussi !" })).toBeVisible();

  // 27 € sold, 15 % commission (4,05 €): the seller's share is 22,95 €, then paid out.
  await open(seller, "/fr/seller-dashboard?tab=payments");
  await expect(seller.getByRole("heading", { name: t.ledger })).toBeVisible();
  const sale = seller
    .getByTestId("ledger-row")
    .filter({ hasText: "Formes géométriques colorées : 27,00 € − commission 4,05 € (15 %)" });
  await expect(sale.first()).toContainText("22,95 €");
  await expect(
    seller.getByTestId("ledger-row").filter({ hasText: t.payout }).first(),
  ).toBeVisible();
  await expect(seller.getByTestId("payout-row").filter({ hasText: t.paid }).first()).toBeVisible();
  expect(await seriousViolations(seller)).toEqual([]);

  // Phone width: the payments tab fits 375 px, and each ledger line shows its amount in view.
  await seller.setViewportSize({ width: 375, height: 740 });
  await open(seller, "/fr/seller-dashboard?tab=payments");
  const amount = seller.getByTestId("ledger-row").first().getByRole("cell").last();
  const box = (await amount.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  // So do the analytics tab's months and items: their last column is in view too.
  await open(seller, "/fr/seller-dashboard?tab=analytics");
  for (const title of ["Gains par mois", "Ventes par contenu"]) {
    const lastCell = seller.getByRole("region", { name: title }).getByRole("cell").last();
    const cellBox = (await lastCell.boundingBox())!;
    expect(cellBox.x + cellBox.width, title).toBeLessThanOrEqual(375);
  }
  const overflow = await seller.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await seller.context().close();
});
