import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import {
  createAccount,
  expectToast,
  fillExpiryAndCvc,
  latestMailTo,
  open,
  password,
  signInByRequest,
  uniqueEmail,
  waitForHydration,
} from "./support/app";
import { BASE_URL, DATA_DIR } from "./support/env";

/** The demo catalogue's items this test buys (seeded approved in every demo install). */
const items = ["Coucher de soleil sur les dunes", "Formes géométriques colorées"];

const texts = {
  fr: {
    cart: "Panier",
    checkout: "Passer la commande",
    payTitle: "Paiement sécurisé",
    card: "Numéro de carte",
    pay: /^Payer /,
    success: "Paiement réussi !",
    declined: "Votre carte a été refusée.",
    expiry: "Expiration (MM/AA)",
    cvc: "CVC",
    expiredCard: "La date d'expiration de votre carte est déjà passée.",
    testBanner: "Mode test : aucune carte réelle n'est débitée.",
    added: "Article ajouté au panier",
    duplicate: "Cet article est déjà dans votre panier.",
    total: "Total",
    addToCart: "Ajouter au panier",
    confirming: "Confirmation du paiement...",
    pendingTitle: "Paiement en attente de confirmation",
    refresh: "Actualiser",
    notFoundTitle: "Commande introuvable",
    noPurchase: "Aucun achat pour l'instant.",
    receiptPdf: /^Reçu de la commande \w+ en PDF$/,
    newEmail: "Nouvelle adresse e-mail",
    sendLink: "Envoyer le lien de confirmation",
    linkSent: "Lien de confirmation envoyé à la nouvelle adresse",
    emailTaken: "Cette adresse e-mail est déjà utilisée par un autre compte.",
    confirm: "Confirmer",
    emailChanged: "Adresse e-mail modifiée",
    displayName: "Nom affiché",
    save: "Enregistrer",
    profileSaved: "Profil mis à jour",
    changePassword: "Changer le mot de passe",
    passwordSaved: "Mot de passe modifié. Vos autres sessions ont été déconnectées.",
    passwordWrong: "Le mot de passe actuel est incorrect.",
  },
  en: {
    cart: "Cart",
    checkout: "Checkout",
    payTitle: "Secure payment",
    card: "Card number",
    pay: /^Pay /,
    success: "Payment successful!",
    declined: "Your card was declined.",
    expiry: "Expiry (MM/YY)",
    cvc: "CVC",
    expiredCard: "Your card's expiration date is in the past.",
    testBanner: "Test mode: no real card is charged.",
    added: "Item added to cart",
    duplicate: "This item is already in your cart.",
    total: "Total",
    addToCart: "Add to cart",
    confirming: "Confirming the payment...",
    pendingTitle: "Payment awaiting confirmation",
    refresh: "Refresh",
    notFoundTitle: "Order not found",
    noPurchase: "No purchases yet.",
    receiptPdf: /^Receipt for order \w+ as PDF$/,
    newEmail: "New e-mail address",
    sendLink: "Send the confirmation link",
    linkSent: "Confirmation link sent to the new address",
    emailTaken: "This e-mail address is already used by another account.",
    confirm: "Confirm",
    emailChanged: "E-mail address changed",
    displayName: "Display name",
    save: "Save",
    profileSaved: "Profile updated",
    changePassword: "Change password",
    passwordSaved: "Password changed. Your other sessions have been signed out.",
    passwordWrong: "The current password is incorrect.",
  },
} as const;

type Lang = keyof typeof texts;

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

/** Opens an item's product page, chooses a licence and presses 'Ajouter au panier'. */
async function addFromProductPage(page: Page, lang: Lang, submissionId: string, licenceId: string) {
  await open(page, `/${lang}/product/${submissionId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForHydration(page);
  await page.locator(`#licence-${licenceId}`).check();
  await page.getByRole("button", { name: texts[lang].addToCart, exact: true }).click();
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, targets: violation.nodes.map((n) => n.target) }));
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

for (const lang of ["fr", "en"] as const) {
  const t = texts[lang];

  test(`${lang}: two items with different licences, paid with 4242, both originals downloaded intact`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const ids = await demoItemIds();
    await createAccount(page.request, { lang });
    await addFromProductPage(page, lang, ids[items[0]!]!, "standard");
    await expectToast(page, t.added);
    await addFromProductPage(page, lang, ids[items[1]!]!, "extended");
    await expectToast(page, t.added);
    // Added once per item: the fixed message for a second add.
    await addFromProductPage(page, lang, ids[items[1]!]!, "standard");
    await expectToast(page, t.duplicate);

    await open(page, `/${lang}/cart`);
    await expect(page.getByRole("heading", { level: 1, name: t.cart })).toBeVisible();
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    // 15 + 15 and 12 + 45: subtotal 87 €, VAT 17.40 €, total 104.40 €.
    await expect(page.getByTestId("summary-total")).toHaveText(
      lang === "fr" ? "104,40 €" : "€104.40",
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: t.checkout }).click();
    await expect(page.getByTestId("payment-mode-banner")).toContainText(t.testBanner);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: t.pay }).click();

    await expect(page.getByRole("heading", { name: t.payTitle })).toBeVisible();
    await waitForHydration(page);
    await page.getByLabel(t.card).fill("4242 4242 4242 4242");
    await fillExpiryAndCvc(page);
    await page.getByRole("button", { name: t.pay }).click();

    await expect(page.getByRole("heading", { name: t.success })).toBeVisible();
    const links = page.getByRole("link", { name: /^(Télécharger|Download) / });
    await expect(links).toHaveCount(2);
    for (let index = 0; index < 2; index++) {
      const link = links.nth(index);
      const uploadId = (await link.getAttribute("href"))!.split("/").pop()!;
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      const received = await fs.readFile((await download.path())!);
      const original = await fs.readFile(path.join(DATA_DIR, "uploads", uploadId));
      expect(sha256(received)).toBe(sha256(original));
    }
    // Paid: the cart is empty now.
    await open(page, `/${lang}/cart`);
    await expect(page.getByTestId("cart-line")).toHaveCount(0);

    // On a phone each purchase is stacked: still a table, nothing off to the side.
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, `/${lang}/buyer-dashboard?tab=purchases`);
    await expect(page.getByRole("cell", { name: items[0] })).toBeVisible();
    const pdfLinks = page.getByRole("link", { name: t.receiptPdf });
    await expect(pdfLinks).toHaveCount(2);
    for (const link of await pdfLinks.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test(`${lang}: a declined card (4000 0000 0000 0002) pays nothing and keeps the cart`, async ({
    page,
  }) => {
    const ids = await demoItemIds();
    await createAccount(page.request, { lang });
    await addFromProductPage(page, lang, ids[items[0]!]!, "extended");
    await expectToast(page, t.added);
    await open(page, `/${lang}/checkout`);
    await page.getByRole("button", { name: t.pay }).click();
    await expect(page.getByRole("heading", { name: t.payTitle })).toBeVisible();
    await waitForHydration(page);
    // An expired card is refused by the form before the bank is asked.
    await page.getByLabel(t.card).fill("4000 0000 0000 0002");
    await page.getByLabel(t.expiry).fill("01/20");
    await page.getByLabel(t.cvc).fill("123");
    await page.getByRole("button", { name: t.pay }).click();
    await expect(page.getByRole("alert")).toHaveText(t.expiredCard);
    await fillExpiryAndCvc(page);
    await page.getByRole("button", { name: t.pay }).click();
    await expect(page.getByRole("alert")).toContainText(t.declined);
    await open(page, `/${lang}/cart`);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    // Nothing was bought.
    await open(page, `/${lang}/buyer-dashboard?tab=purchases`);
    await expect(page.getByText(t.noPurchase)).toBeVisible();
  });
}

for (const lang of ["fr", "en"] as const) {
  const t = texts[lang];
  test(`${lang}: the profile changes the e-mail address once the link sent to it is confirmed`, async ({
    page,
  }) => {
    const taken = await createAccount(page.request, { lang });
    await page.context().clearCookies();
    const account = await createAccount(page.request, { lang });
    await open(page, `/${lang}/buyer-dashboard?tab=profile`);
    await page.getByLabel(t.newEmail).fill(taken.email);
    await page.locator("#email-password").fill(password);
    await page.getByRole("button", { name: t.sendLink }).click();
    await expect(page.getByRole("alert")).toHaveText(t.emailTaken);

    const wanted = uniqueEmail("moved");
    await page.getByLabel(t.newEmail).fill(wanted);
    await page.locator("#email-password").fill(password);
    await page.getByRole("button", { name: t.sendLink }).click();
    await expectToast(page, t.linkSent);
    const mail = await latestMailTo(wanted);
    const link = /https?:\/\/\S+\/confirm-email\?\S+/.exec(mail.text)![0];
    await open(page, new URL(link).pathname + new URL(link).search);
    await expect(page.getByText(wanted)).toBeVisible();
    await page.getByRole("button", { name: t.confirm, exact: true }).click();
    await expect(page.getByRole("heading", { name: t.emailChanged })).toBeVisible();
    await open(page, `/${lang}/buyer-dashboard?tab=profile`);
    await expect(page.locator("#profile-email")).toHaveValue(wanted);
    expect(account.email).not.toBe(wanted);
  });
}

for (const lang of ["fr", "en"] as const) {
  const t = texts[lang];
  test(`${lang}: the profile saves the name, and changes the password only with the current one`, async ({
    page,
    request,
  }) => {
    const account = await createAccount(page.request, { lang });
    await open(page, `/${lang}/buyer-dashboard?tab=profile`);
    await page.getByLabel(t.displayName).fill("Camille Nouveau-Nom");
    await page.getByRole("button", { name: t.save, exact: true }).click();
    await expectToast(page, t.profileSaved);
    await page.reload();
    await expect(page.getByLabel(t.displayName)).toHaveValue("Camille Nouveau-Nom");

    const changed = "Nouveau-mdp-2026-e2e";
    await page.locator("#current-password").fill("not-the-password-2026");
    await page.locator("#new-password").fill(changed);
    await page.getByRole("button", { name: t.changePassword }).click();
    await expect(page.getByRole("alert")).toHaveText(t.passwordWrong);
    await page.locator("#current-password").fill(password);
    await page.locator("#new-password").fill(changed);
    await page.getByRole("button", { name: t.changePassword }).click();
    await expectToast(page, t.passwordSaved);
    // This browser stays signed in on its re-issued session.
    await page.reload();
    await expect(page.getByLabel(t.displayName)).toHaveValue("Camille Nouveau-Nom");
    // The new password signs in from another browser.
    await signInByRequest(request, { email: account.email, password: changed });
  });
}

test("phone width: the cart and checkout fit 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const ids = await demoItemIds();
  await createAccount(page.request, { lang: "fr" });
  await addFromProductPage(page, "fr", ids[items[1]!]!, "standard");
  await expectToast(page, texts.fr.added);
  for (const url of ["/fr/cart", "/fr/checkout"]) {
    await open(page, url);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, url).toBeLessThanOrEqual(0);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  /** Product page form, checkout form, test payment page: plain form posts. */
  async function reachPaymentPage(page: Page, lang: Lang, submissionId: string) {
    await page.goto(`/${lang}/product/${submissionId}`);
    await page.locator("#licence-extended").check();
    await page.getByRole("button", { name: texts[lang].addToCart, exact: true }).click();
    await page.goto(`/${lang}/checkout`);
    await page.getByRole("button", { name: texts[lang].pay }).click();
    await expect(page.getByRole("heading", { name: texts[lang].payTitle })).toBeVisible();
  }

  for (const lang of ["fr", "en"] as const) {
    const t = texts[lang];
    test(`${lang}: payment-success shows the order's paid, pending or unknown state from the server`, async ({
      page,
    }) => {
      const ids = await demoItemIds();
      await createAccount(page.request, { lang });
      await reachPaymentPage(page, lang, ids[items[0]!]!);
      await page.getByLabel(t.card).fill("4242 4242 4242 4242");
      await fillExpiryAndCvc(page);
      await page.getByRole("button", { name: t.pay }).click();
      await expect(page.getByRole("heading", { name: t.success })).toBeVisible();
      await expect(page.getByText(t.confirming)).toHaveCount(0);
      await expect(page.getByRole("link", { name: /^(Télécharger|Download) / })).toHaveCount(1);

      // A second order left on its payment page: pending, with a refresh link.
      await reachPaymentPage(page, lang, ids[items[1]!]!);
      const sessionId = new URL(page.url()).pathname.split("/").pop()!;
      await page.goto(`/payment-success?session_id=${sessionId}&lang=${lang}`);
      await expect(page.getByRole("heading", { name: t.pendingTitle })).toBeVisible();
      await expect(page.getByRole("status")).toHaveText(t.confirming);
      await page.getByRole("link", { name: t.refresh }).click();
      await expect(page.getByRole("heading", { name: t.pendingTitle })).toBeVisible();

      await page.goto(`/payment-success?session_id=cs_test_forged&lang=${lang}`);
      await expect(page.getByRole("heading", { name: t.notFoundTitle })).toBeVisible();
    });
  }
});
