import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, expectToast, open, password, waitForHydration } from "./support/app";

/** Three of the demo install's approved items (app/modules/demo/demo-content.server.ts). */
const saved = [
  "Coucher de soleil sur les dunes",
  "Motif vectoriel pastel",
  "Accord majeur apaisant",
];

const words = {
  fr: {
    save: (title: string) => `Enregistrer ${title} dans une collection`,
    dialog: "Enregistrer dans une collection",
    newCollection: "Nouvelle collection",
    createAndAdd: "Créer et ajouter",
    close: "Fermer",
    collectionsTab: "Collections",
    items: "3 contenus",
    share: "Créer un lien de partage",
    shareLink: "Lien de partage",
    sharedIntro: "Une sélection partagée sur Vitrine, en lecture seule.",
    created: "Lien de partage créé",
    revoke: "Désactiver le lien",
    notFound: "Collection introuvable",
    addToCart: "Ajouter au panier",
    added: "Article ajouté au panier",
    cartSignIn: "Se connecter",
    email: "Email",
    password: "Mot de passe",
    submitLogin: "Se connecter",
    categories: "Catégories",
    photos: /^Photos/,
    videos: /^Vidéos/,
    favourites: "Mes favoris",
    like: /J'aime/,
  },
  en: {
    save: (title: string) => `Save ${title} to a collection`,
    dialog: "Save to a collection",
    newCollection: "New collection",
    createAndAdd: "Create and add",
    close: "Close",
    collectionsTab: "Collections",
    items: "3 items",
    share: "Create a share link",
    shareLink: "Share link",
    sharedIntro: "A selection shared on Vitrine, read-only.",
    created: "Share link created",
    revoke: "Turn off the link",
    notFound: "Collection not found",
    addToCart: "Add to cart",
    added: "Item added to cart",
    cartSignIn: "Sign in",
    email: "Email",
    password: "Password",
    submitLogin: "Sign in",
    categories: "Categories",
    photos: /^Photos/,
    videos: /^Videos/,
    favourites: "My favourites",
    like: /Like/,
  },
} as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

/** The page has nothing wider than the screen (a phone must not scroll sideways). */
async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A product's page, found through the marketplace's search. */
async function openProduct(page: Page, lang: "fr" | "en", title: string) {
  await open(page, `/${lang}/marketplace?q=${encodeURIComponent(title)}`);
  await page.getByTestId("item-card").getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await waitForHydration(page);
}

/** Screenshots to look at (test-results/screenshots), at a desktop width and a phone's. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await noSidewaysScroll(page);
    await page.screenshot({
      path: `test-results/screenshots/${name}-${width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const lang of ["fr", "en"] as const) {
  const w = words[lang];

  test(`${lang}: a buyer saves three items to a named collection and shares it with a signed-out visitor`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await createAccount(page.request, { lang });
    const name = lang === "fr" ? "Planche d'ambiance" : "Mood board";

    // The first item: a new collection from the product page's dialog, with the keyboard.
    await openProduct(page, lang, saved[0]!);
    await page.getByRole("button", { name: w.like }).click();
    const save = page.getByRole("button", { name: w.save(saved[0]!) });
    await save.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: w.dialog });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(w.newCollection).fill(name);
    await dialog.getByLabel(w.newCollection).press("Enter");
    await expect(dialog.getByRole("checkbox", { name })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(save).toBeFocused();

    // The two others: from their cards in the marketplace.
    for (const title of saved.slice(1)) {
      await open(page, `/${lang}/marketplace?q=${encodeURIComponent(title)}`);
      await page.getByRole("button", { name: w.save(title) }).click();
      const box = page.getByRole("dialog", { name: w.dialog }).getByRole("checkbox", { name });
      await box.check();
      await expect(box).toBeChecked();
      await page.getByRole("dialog").getByRole("button", { name: w.close }).click();
    }

    await open(page, `/${lang}/favourites`);
    await expect(page.getByRole("heading", { level: 1, name: w.favourites })).toBeVisible();
    await expect(page.getByTestId("saved-item")).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `favourites-${lang}`);

    await page.getByRole("navigation").getByRole("link", { name: w.collectionsTab }).click();
    await expect(page.getByTestId("collection")).toHaveCount(1);
    await expect(page.getByTestId("collection")).toContainText(w.items);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `collections-${lang}`);

    await page.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("saved-item")).toHaveCount(3);
    await waitForHydration(page);
    await page.getByRole("button", { name: w.share }).click();
    await expectToast(page, w.created);
    const shareUrl = await page.getByLabel(w.shareLink).inputValue();
    expect(shareUrl).toMatch(new RegExp(`/${lang}/shared/[\\w-]{43}$`));
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `collection-${lang}`);

    // Someone without an account opens the link: the three items, read-only.
    const visitor = await browser.newContext();
    const guest = await visitor.newPage();
    await open(guest, shareUrl);
    await expect(guest.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(guest.getByText(w.sharedIntro)).toBeVisible();
    for (const title of saved) {
      await expect(
        guest.getByTestId("saved-item").getByRole("link", { name: title, exact: true }),
      ).toBeVisible();
    }
    expect(await seriousViolations(guest)).toEqual([]);
    await shoot(guest, `shared-${lang}`);

    await page.getByRole("button", { name: w.revoke }).click();
    await expect(page.getByLabel(w.shareLink)).toBeHidden();
    await guest.reload();
    await expect(guest.getByRole("heading", { level: 1, name: w.notFound })).toBeVisible();
    await visitor.close();
  });

  test(`${lang}: signing in from the cart comes back to the cart`, async ({ page, browser }) => {
    const account = await createAccount((await browser.newContext()).request, { lang });
    await openProduct(page, lang, saved[0]!);
    await page.getByRole("button", { name: w.addToCart }).click();
    await expectToast(page, w.added);
    await open(page, `/${lang}/cart`);
    await page.getByRole("main").getByRole("link", { name: w.cartSignIn, exact: true }).click();
    await page.waitForURL(new RegExp(`/${lang}/auth\\?redirectTo=`));
    await waitForHydration(page);
    await page.locator("#page-login-email").fill(account.email);
    await page.locator("#page-login-password").fill(password);
    await page.getByRole("main").getByRole("button", { name: w.submitLogin, exact: true }).click();
    await page.waitForURL(new RegExp(`/${lang}/cart$`));
    await expect(page.getByRole("main")).toContainText(saved[0]!);
  });

  test(`${lang}: only the selected category pill is current`, async ({ page }) => {
    await open(page, `/${lang}/marketplace?category=photo`);
    const pills = page.getByRole("navigation", { name: w.categories }).getByRole("link");
    await expect(pills).toHaveCount(7);
    const current = page
      .getByRole("navigation", { name: w.categories })
      .locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(w.photos);
    await pills.filter({ hasText: w.videos }).click();
    await page.waitForURL(/category=video/);
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(w.videos);
    await open(page, `/${lang}/marketplace`);
    await expect(current).toHaveCount(0);
  });
}

for (const lang of ["fr", "en"] as const) {
  test(`${lang}: on a phone the product page puts title, price and licences before the file's details`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openProduct(page, lang, saved[0]!);
    const top = async (locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!.y;
    const title = await top(page.getByRole("heading", { level: 1 }));
    const price = await top(page.getByTestId("line-price"));
    const details = await top(page.getByTestId("info-panel"));
    expect(title).toBeLessThan(details);
    expect(price).toBeLessThan(details);
    await noSidewaysScroll(page);
    // A small file's size is not rounded down to nothing.
    await expect(page.getByTestId("info-panel")).not.toContainText(/(^|\s)0\s?(Mo|MB)/);
    await expect(page.getByTestId("info-panel")).toContainText(/\d\s?(ko|Mo|kB|MB)/);
  });
}
