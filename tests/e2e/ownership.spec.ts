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

/** A demo photo on sale (other tests buy it too, each with their own account). */
const itemTitle = "Coucher de soleil sur les dunes";

const texts = {
  fr: {
    owned: "Vous possédez déjà cette licence",
    download: /^Télécharger /,
    certificate: /^Certificat VT-/,
    certificateTitle: /Certificat de licence/,
    alreadyOwnedToast:
      "Vous possédez déjà cette licence pour cet article : rien à acheter de nouveau.",
    addToCart: "Ajouter au panier",
    added: "Article ajouté au panier",
    checkout: "Passer la commande",
    pay: /^Payer /,
    payTitle: "Paiement sécurisé",
    card: "Numéro de carte",
    success: "Paiement réussi !",
    subscribeInfinity: "S'abonner à Infinity",
    annual: "Annuel",
    held: "Votre abonnement",
    renews: /^Renouvellement le /,
    manage: "Gérer mon abonnement",
  },
  en: {
    owned: "You already own this licence",
    download: /^Download /,
    certificate: /^Certificate VT-/,
    certificateTitle: /Licence certificate/,
    alreadyOwnedToast: "You already own this licence for this item: there is nothing new to buy.",
    addToCart: "Add to cart",
    added: "Item added to cart",
    checkout: "Checkout",
    pay: /^Pay /,
    payTitle: "Secure payment",
    card: "Card number",
    success: "Payment successful!",
    subscribeInfinity: "Subscribe to Infinity",
    annual: "Annual",
    held: "Your subscription",
    renews: /^Renews on /,
    manage: "Manage my subscription",
  },
} as const;

/** A demo item's id, read from the demo seller's portfolio. */
async function demoItemId(title = itemTitle): Promise<string> {
  const context = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const signIn = await context.post("/fr/auth", {
    form: { intent: "login", email: "createur@vitrine.test", password: "Createur-vitrine-2026" },
  });
  expect(signIn.ok()).toBe(true);
  const html = await (await context.get("/fr/portfolio")).text();
  await context.dispose();
  const pattern =
    /href="\/fr\/seller-dashboard\/content\/([0-9a-f-]{36})"[\s\S]*?<h2[^>]*>([^<]*)<\/h2>/g;
  const id = [...html.matchAll(pattern)].find((match) => match[2] === title)?.[1];
  expect(id, `demo item ${title}`).toBeTruthy();
  return id!;
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, targets: violation.nodes.map((n) => n.target) }));
}

async function payWith4242(page: Page, t: (typeof texts)["fr" | "en"]) {
  await expect(page.getByRole("heading", { name: t.payTitle })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel(t.card).fill("4242 4242 4242 4242");
  await fillExpiryAndCvc(page);
  await page.getByRole("button", { name: t.pay }).click();
  await expect(page.getByRole("heading", { name: t.success })).toBeVisible();
}

for (const lang of ["fr", "en"] as const) {
  const t = texts[lang];

  test(`${lang}: a bought licence shows as owned with its download, and a stale tab cannot buy it again`, async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const id = await demoItemId();
    await createAccount(page.request, { lang });
    const product = `/${lang}/product/${id}`;

    // A second tab opened on the product page before the purchase.
    const stale = await context.newPage();
    await open(stale, product);
    await expect(stale.getByTestId("owned-licences")).toHaveCount(0);

    await open(page, product);
    await page.locator("#licence-standard").check();
    await page.getByRole("button", { name: t.addToCart, exact: true }).click();
    await expectToast(page, t.added);
    await open(page, `/${lang}/checkout`);
    await page.getByRole("button", { name: t.pay }).click();
    await payWith4242(page, t);

    await open(page, product);
    const owned = page.getByTestId("owned-licences");
    await expect(owned).toContainText(t.owned);
    await expect(owned.getByRole("link", { name: t.download })).toHaveAttribute(
      "href",
      /^\/downloads\/[0-9a-f-]{36}$/,
    );
    // The owned licence is no longer offered; the others are.
    await expect(page.locator("#licence-standard")).toHaveCount(0);
    await expect(page.locator("#licence-extended")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The file downloads through the signed link.
    const download = page.waitForEvent("download");
    await owned.getByRole("link", { name: t.download }).click();
    expect((await download).suggestedFilename()).toBeTruthy();

    // The stale tab still offers the standard licence: the server refuses it.
    await waitForHydration(stale);
    await stale.locator("#licence-standard").check();
    await stale.getByRole("button", { name: t.addToCart, exact: true }).click();
    await expectToast(stale, t.alreadyOwnedToast);
    await open(stale, `/${lang}/cart`);
    await expect(stale.getByTestId("cart-line")).toHaveCount(0);

    await owned.getByRole("link", { name: t.certificate }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(t.certificateTitle);

    // A phone's width: nothing overflows the page.
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, product);
    await expect(page.getByTestId("owned-licences")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`${lang}: an Infinity subscriber sees the subscription instead of the subscribe button`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await createAccount(page.request, { lang });
    await open(page, `/${lang}/infinity`);
    await page.getByRole("button", { name: t.subscribeInfinity }).click();
    await payWith4242(page, t);

    await open(page, `/${lang}/infinity`);
    const held = page.getByTestId("held-subscription");
    await expect(held).toContainText(t.held);
    await expect(held.getByText(t.renews)).toBeVisible();
    await expect(page.getByRole("button", { name: t.subscribeInfinity })).toHaveCount(0);
    // No billing period to choose, and no price offered, for a plan already held.
    await expect(page.getByRole("link", { name: t.annual, exact: true })).toHaveCount(0);
    await expect(page.getByTestId("infinity-price")).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await held.getByRole("link", { name: t.manage }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/buyer-dashboard\\?tab=credits$`));
    await expect(page.getByTestId("subscription")).toHaveCount(1);
  });
}

test("fr: the demo client sees the demo photo they own, with its download", async ({ page }) => {
  // The demo purchase is the standard licence of this photo.
  const id = await demoItemId();
  const signIn = await page.request.post("/fr/auth", {
    form: { intent: "login", email: "client@vitrine.test", password: "Client-vitrine-2026" },
  });
  expect(signIn.ok()).toBe(true);
  await open(page, `/fr/product/${id}`);
  const owned = page.getByTestId("owned-licences");
  await expect(owned).toContainText(texts.fr.owned);
  await expect(owned.getByRole("link", { name: texts.fr.download })).toBeVisible();
  await expect(page.locator("#licence-standard")).toHaveCount(0);
});
