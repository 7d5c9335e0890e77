import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  createAccount,
  fillExpiryAndCvc,
  latestMailTo,
  open,
  signInByRequest,
} from "./support/app";
import { BASE_URL } from "./support/env";

/** What the buyer, the admin and the seller read, per language. */
const texts = {
  fr: {
    cardNumber: "Numéro de carte",
    pay: /^Payer /,
    paid: "Paiement réussi !",
    receipt: /^Reçu de la commande /,
    refundLine: (title: string) => `Rembourser « ${title} »`,
    refunded: /^Remboursement effectué : /,
    revoked: "Remboursé : téléchargement désactivé",
    ledgerRefund: (title: string) => `${title} : part annulée`,
    buyerMail: /^Remboursement de votre commande /,
  },
  en: {
    cardNumber: "Card number",
    pay: /^Pay /,
    paid: "Payment successful!",
    receipt: /^Receipt for order /,
    refundLine: (title: string) => `Refund “${title}”`,
    refunded: /^Refund made: /,
    revoked: "Refunded: download disabled",
    ledgerRefund: (title: string) => `${title}: share reversed`,
    buyerMail: /^Refund of your order /,
  },
} as const;

/** Two demo items of the demo creator: one is refunded, the other is kept. */
const refundedTitle = "Motif vectoriel pastel";
const keptTitle = "Formes géométriques colorées";

async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await signInByRequest(page.request, { email, password });
  return page;
}

/** The demo creator's items by title, read from their portfolio. */
async function demoItems(seller: Page): Promise<Map<string, string>> {
  const html = await (await seller.request.get("/fr/portfolio")).text();
  const ids = new Map<string, string>();
  for (const found of html.matchAll(
    /href="\/fr\/seller-dashboard\/content\/([0-9a-f-]{36})"[\s\S]*?<h2[^>]*>([^<]*)<\/h2>/g,
  )) {
    ids.set(found[2]!, found[1]!);
  }
  return ids;
}

/** The buyer's download links for one purchase, from the downloads tab. */
async function downloadLinks(buyer: Page, lang: string, title: string): Promise<string[]> {
  await open(buyer, `/${lang}/buyer-dashboard?tab=downloads`);
  const card = buyer.locator("li.card").filter({ hasText: title });
  return card
    .locator('a[href^="/downloads/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
}

for (const lang of ["fr", "en"] as const) {
  const t = texts[lang];
  test(`${lang}: an admin refunds one line of an order; the buyer's download stops at once, the seller's ledger shows the reversal, both are told by e-mail`, async ({
    page: buyer,
    browser,
  }) => {
    test.setTimeout(90_000);
    const seller = await signedIn(browser, "createur@vitrine.test", "Createur-vitrine-2026");
    const admin = await signedIn(browser, "admin@vitrine.test", "Admin-vitrine-2026");
    const ids = await demoItems(seller);
    expect(ids.get(refundedTitle), refundedTitle).toBeTruthy();
    expect(ids.get(keptTitle), keptTitle).toBeTruthy();

    // The buyer pays an order of two lines by card.
    const { email: buyerEmail } = await createAccount(buyer.request, { lang });
    const headers = { Origin: BASE_URL };
    for (const title of [refundedTitle, keptTitle]) {
      await buyer.request.post(`/${lang}/cart`, {
        form: { intent: "add", submissionId: ids.get(title)!, licenceId: "standard" },
        headers,
      });
    }
    const checkout = await buyer.request.post(`/${lang}/checkout`, {
      form: { intent: "pay" },
      headers,
      maxRedirects: 0,
    });
    const payPage = new URL(checkout.headers()["location"]!, BASE_URL);
    await open(buyer, payPage.pathname + payPage.search);
    await buyer.getByLabel(t.cardNumber).fill("4242 4242 4242 4242");
    await fillExpiryAndCvc(buyer);
    await buyer.getByRole("button", { name: t.pay }).click();
    await expect(buyer.getByRole("heading", { name: t.paid })).toBeVisible();

    // The purchases tab links the order's receipt.
    await open(buyer, `/${lang}/buyer-dashboard?tab=purchases`);
    const receipt = buyer.getByRole("link", { name: t.receipt }).first();
    const receiptHref = (await receipt.getAttribute("href"))!;
    const orderId = /\/receipts\/([0-9a-f-]{36})$/.exec(receiptHref)![1]!;
    const refundedLinks = await downloadLinks(buyer, lang, refundedTitle);
    const keptLinks = await downloadLinks(buyer, lang, keptTitle);
    expect(refundedLinks.length).toBeGreaterThan(0);
    for (const href of [...refundedLinks, ...keptLinks]) {
      const before = await buyer.request.get(href, { maxRedirects: 0 });
      expect(before.status(), `${href} before the refund`).toBeLessThan(400);
    }

    // The admin refunds one line from the order's refund page.
    await open(admin, `/${lang}/admin/refunds/${orderId}`);
    await admin.getByRole("button", { name: t.refundLine(refundedTitle) }).click();
    await expect(admin.getByText(t.refunded).first()).toBeVisible();

    // The refunded item's downloads stop at once; the other item's do not.
    for (const href of refundedLinks) {
      const after = await buyer.request.get(href, { maxRedirects: 0 });
      expect([403, 404], `${href} after the refund`).toContain(after.status());
    }
    for (const href of keptLinks) {
      const after = await buyer.request.get(href, { maxRedirects: 0 });
      expect(after.status(), `${href} kept`).toBeLessThan(400);
    }
    await open(buyer, `/${lang}/buyer-dashboard?tab=purchases`);
    await expect(buyer.getByRole("row").filter({ hasText: refundedTitle })).toContainText(
      t.revoked,
    );
    await expect(buyer.getByRole("row").filter({ hasText: keptTitle })).not.toContainText(
      t.revoked,
    );

    // The seller's ledger shows the reversal.
    await open(seller, `/${lang}/seller-dashboard?tab=payments`);
    await expect(
      seller
        .getByTestId("ledger-row")
        .filter({ hasText: t.ledgerRefund(refundedTitle) })
        .first(),
    ).toBeVisible();

    // Both are told by e-mail, each in their own language (the demo creator's is French).
    expect((await latestMailTo(buyerEmail)).subject).toMatch(t.buyerMail);
    await expect
      .poll(async () => (await latestMailTo("createur@vitrine.test")).subject)
      .toBe(`Vente remboursée : ${refundedTitle}`);
    await seller.context().close();
    await admin.context().close();
  });
}
