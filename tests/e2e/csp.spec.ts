import { randomUUID } from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import {
  createAccount,
  expectToast,
  fillExpiryAndCvc,
  open,
  signInByRequest,
  waitForHydration,
} from "./support/app";
import { expectFileStatus, fileRow, pdfFile, pickFiles, pngFile } from "./support/files";
import { fileButton } from "./support/studio";
import { demo, langs, texts } from "./support/texts";

/**
 * Every page under the Content-Security-Policy (docs/decisions/0037): the browser reports no
 * violation, in the page (securitypolicyviolation events) or in the console, and each page still
 * does its job.
 */
const words = {
  fr: {
    category: "Catégorie",
    addToCart: "Ajouter au panier",
    added: "Article ajouté au panier",
    cart: "Panier",
    checkout: "Passer la commande",
    pay: /^Payer /,
    payTitle: "Paiement sécurisé",
    card: "Numéro de carte",
    success: "Paiement réussi !",
    cover: "Image de couverture",
    ebookForm: "Fiche ebook",
    sellerChart: "Contenus envoyés et approuvés par mois",
    admin: "Administration",
    nav: "Sections de l'administration",
    charts: [
      "Chiffre d'affaires et commission par mois",
      "Inscriptions et contenus soumis par mois",
    ],
    moderation: "Modération des contenus",
    pendingTitle: "Contenus en attente",
    settings: "Paramètres",
    save: "Enregistrer",
    saved: "Paramètres enregistrés",
    createAccount: /^Créer mon compte de paiement/,
    onboardingTitle: "Configuration du compte de paiement",
    firstName: "Prénom",
    lastName: "Nom",
    saveDetails: "Enregistrer mes informations",
    step2: "Étape 2 sur 2 : vérification d'identité",
  },
  en: {
    category: "Category",
    addToCart: "Add to cart",
    added: "Item added to cart",
    cart: "Cart",
    checkout: "Checkout",
    pay: /^Pay /,
    payTitle: "Secure payment",
    card: "Card number",
    success: "Payment successful!",
    cover: "Cover image",
    ebookForm: "Ebook details",
    sellerChart: "Content sent and approved per month",
    admin: "Administration",
    nav: "Administration sections",
    charts: ["Revenue and commission per month", "Sign-ups and submitted items per month"],
    moderation: "Content moderation",
    pendingTitle: "Pending items",
    settings: "Settings",
    save: "Save",
    saved: "Settings saved",
    createAccount: /^Create my payment account/,
    onboardingTitle: "Payment account set-up",
    firstName: "First name",
    lastName: "Last name",
    saveDetails: "Save my details",
    step2: "Step 2 of 2: identity check",
  },
} as const;

/** The demo install's video, whose product page has a media player. */
const demoVideo = "Mire animée HD";

interface CspWatch {
  /** Violations seen so far, in any page of the context. */
  violations: string[];
  /** Documents the context received, with their policy (empty when there was none). */
  documents: Array<{ url: string; policy: string }>;
}

/**
 * Collects every CSP violation of the context's pages: an init script (which the policy does not
 * govern) reports each securitypolicyviolation event to the test, and Chromium's console
 * messages about the policy are kept too. Also records each document's policy header.
 */
async function watchCsp(context: BrowserContext): Promise<CspWatch> {
  const watch: CspWatch = { violations: [], documents: [] };
  await context.exposeFunction("reportCspViolation", (violation: string) => {
    watch.violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      "securitypolicyviolation",
      (event) => {
        const report = (window as unknown as { reportCspViolation(text: string): void })
          .reportCspViolation;
        report(
          `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} ` +
            `(${event.sourceFile}:${event.lineNumber}) on ${document.location.href}`,
        );
      },
      true,
    );
  });
  const watchConsole = (page: Page) => {
    page.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) {
        watch.violations.push(`console: ${message.text()}`);
      }
    });
  };
  context.pages().forEach(watchConsole);
  context.on("page", watchConsole);
  context.on("response", async (response) => {
    const headers = await response.allHeaders();
    if (!headers["content-type"]?.startsWith("text/html")) return;
    watch.documents.push({ url: response.url(), policy: headers["content-security-policy"] ?? "" });
  });
  return watch;
}

/** No violation anywhere, and every HTML page visited carried a nonce-based policy. */
function expectNoViolation(watch: CspWatch) {
  expect(watch.violations).toEqual([]);
  expect(watch.documents.length).toBeGreaterThan(0);
  for (const document of watch.documents) {
    expect(document.policy, document.url).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+'/);
  }
}

for (const lang of langs) {
  const w = words[lang];
  const t = texts[lang];

  test.describe(`[${lang}] content security policy`, () => {
    test("home, marketplace, a product page with its video, and the 404 page", async ({ page }) => {
      const watch = await watchCsp(page.context());
      await open(page, `/${lang}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.heroTitle);
      // The language menu (Radix: inline styles, a portal) opens and closes.
      await page.getByRole("button", { name: t.languageMenu }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toBeHidden();

      await open(page, `/${lang}/marketplace`);
      await page.getByLabel(w.category, { exact: true }).selectOption("video");
      await expect(page).toHaveURL(/category=video/);
      const card = page
        .getByTestId("item-card")
        .getByRole("link", { name: demoVideo, exact: true });
      await card.click();

      await expect(page.getByRole("heading", { level: 1, name: demoVideo })).toBeVisible();
      await waitForHydration(page);
      // The page carries its structured data, which the policy must leave alone.
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
      const video = page.getByTestId("product-video");
      await expect(async () => {
        await page.reload();
        await expect(video).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await video.evaluate((element: HTMLVideoElement) => {
        element.muted = true;
        return element.play();
      });
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
        .toBeGreaterThan(0);

      const response = await open(page, `/${lang}/nowhere`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: t.notFound.title })).toBeVisible();
      expectNoViolation(watch);
    });

    test("cart, checkout and the test provider's payment page", async ({ page }) => {
      const watch = await watchCsp(page.context());
      await createAccount(page.request, { lang });
      await open(page, `/${lang}/marketplace?q=${encodeURIComponent(demoVideo)}`);
      await page
        .getByTestId("item-card")
        .getByRole("link", { name: demoVideo, exact: true })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: demoVideo })).toBeVisible();
      await waitForHydration(page);
      await page.locator("#licence-standard").check();
      await page.getByRole("button", { name: w.addToCart, exact: true }).click();
      await expectToast(page, w.added);

      await open(page, `/${lang}/cart`);
      await expect(page.getByRole("heading", { level: 1, name: w.cart })).toBeVisible();
      await page.getByRole("link", { name: w.checkout }).click();
      await page.getByRole("button", { name: w.pay }).click();
      await expect(page.getByRole("heading", { name: w.payTitle })).toBeVisible();
      // Reached by a client-side navigation: loaded once more as a document of its own.
      await page.reload();
      await waitForHydration(page);
      await page.getByLabel(w.card).fill("4242 4242 4242 4242");
      await fillExpiryAndCvc(page);
      await page.getByRole("button", { name: w.pay }).click();
      await expect(page.getByRole("heading", { name: w.success })).toBeVisible();
      expect(watch.documents.some((document) => document.url.includes("/test-pay/"))).toBe(true);
      expectNoViolation(watch);
    });

    test("the demo creator uploads a file, previews a cover in the studio and sees the analytics chart", async ({
      page,
    }, testInfo) => {
      test.setTimeout(60_000);
      const watch = await watchCsp(page.context());
      await signInByRequest(page.request, demo.creator);
      const dir = testInfo.outputPath();
      const name = `guide-csp-${randomUUID().slice(0, 6)}.pdf`;
      await open(page, `/${lang}/file-upload`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.upload.title);
      await pickFiles(page, t.upload.dropZone, [pdfFile(dir, name)]);
      const list = page.getByRole("region", { name: t.upload.listTitle });
      await expectFileStatus(list, name, t.upload.completed);
      await page.getByRole("link", { name: t.upload.continue }).click();
      await expect(page).toHaveURL(`/${lang}/product-management`);
      await waitForHydration(page);

      // The ebook form's cover picker previews the chosen image from the seller's disk (blob:).
      await fileButton(page, name).click();
      await expect(page.getByRole("heading", { name: w.ebookForm })).toBeVisible();
      await page
        .getByLabel(w.cover, { exact: true })
        .and(page.locator("input[type=file]"))
        .setInputFiles(await pngFile(dir, "couverture.png", 300, 450));
      const preview = page.getByRole("img", { name: w.cover });
      await expect(preview).toHaveAttribute("src", /^blob:/);
      await expect
        .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBe(300);

      // The demo creator's studio is left as it was.
      await open(page, `/${lang}/file-upload`);
      await list.getByRole("button", { name: t.upload.remove(name) }).click();
      await expectToast(page, t.upload.removed(name));
      await expect(fileRow(list, name)).toHaveCount(0);

      // The seller's analytics chart, an SVG drawn by the page (bars as rect elements).
      await open(page, `/${lang}/seller-dashboard?tab=analytics`);
      await expect(page.getByRole("heading", { name: w.sellerChart })).toBeVisible();
      await expect(page.locator('svg[preserveAspectRatio="none"] rect').first()).toBeAttached();
      expectNoViolation(watch);
    });

    test("a new seller opens the test provider's onboarding page in a new tab", async ({
      page,
    }) => {
      const watch = await watchCsp(page.context());
      await createAccount(page.request, { lang, seller: true });
      await open(page, `/${lang}/seller-dashboard?tab=payments`);
      const opened = page.context().waitForEvent("page");
      await page.getByRole("button", { name: w.createAccount }).click();
      const tab = await opened;
      await expect(tab.getByRole("heading", { level: 1, name: w.onboardingTitle })).toBeVisible();
      await waitForHydration(tab);
      await tab.getByLabel(w.firstName).fill("Ada");
      await tab.getByLabel(w.lastName, { exact: true }).fill("Lovelace");
      await tab.getByRole("button", { name: w.saveDetails }).click();
      await expect(tab.getByRole("heading", { name: w.step2 })).toBeVisible();
      expect(watch.documents.some((document) => document.url.includes("/test-connect/"))).toBe(
        true,
      );
      expectNoViolation(watch);
    });

    test("the demo admin's overview with its charts, moderation and settings", async ({ page }) => {
      const watch = await watchCsp(page.context());
      await signInByRequest(page.request, demo.admin);
      await open(page, `/${lang}/admin`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.admin);
      for (const caption of w.charts) {
        await expect(page.getByRole("figure", { name: caption })).toBeVisible();
      }
      const nav = page.getByRole("navigation", { name: w.nav });
      await nav.getByRole("link", { name: w.moderation }).click();
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
        w.pendingTitle,
      );
      await nav.getByRole("link", { name: w.settings }).click();
      // Saved as they are: other browser tests run against the same settings.
      await page.getByRole("button", { name: w.save, exact: true }).click();
      await expectToast(page, w.saved);
      expectNoViolation(watch);
    });
  });
}
