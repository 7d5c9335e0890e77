import { expect, test } from "@playwright/test";
import { createAccount, open, tabTo } from "./support/app";
import { langs, texts } from "./support/texts";

test.describe("addresses without a language", () => {
  test("/ goes to /fr", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.ok()).toBe(true);
    await expect(page).toHaveURL("/fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.fr.heroTitle);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  });

  test("/marketplace goes to /fr/marketplace", async ({ page }) => {
    await page.goto("/marketplace");
    await expect(page).toHaveURL("/fr/marketplace");
    await expect(page.getByRole("heading", { level: 1, name: "Marketplace" })).toBeVisible();
  });
});

for (const lang of langs) {
  const t = texts[lang];

  test(`[${lang}] an unknown page answers 404 with a link home`, async ({ page }) => {
    const response = await open(page, `/${lang}/nowhere`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: t.notFound.title })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: t.notFound.backHome }).click();
    await expect(page).toHaveURL(`/${lang}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.heroTitle);
  });
}

test.describe("language menu", () => {
  test("switches /fr/auth to /en/auth and replaces the history entry", async ({ page }) => {
    await open(page, "/fr/marketplace");
    await open(page, "/fr/auth");
    await expect(page.getByRole("heading", { name: texts.fr.authTitle }).first()).toBeAttached();

    await page.getByRole("button", { name: texts.fr.languageMenu }).click();
    await page.getByRole("menuitem", { name: "English" }).click();

    await expect(page).toHaveURL("/en/auth");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("tab", { name: texts.en.loginTab })).toBeVisible();
    await expect(page.getByRole("button", { name: texts.en.languageMenu })).toBeVisible();

    // The French page was replaced: back returns to the page visited before it.
    await page.goBack();
    await expect(page).toHaveURL("/fr/marketplace");
  });

  test("switches back from English to French", async ({ page }) => {
    await open(page, "/en/marketplace?q=chat");
    await page.getByRole("button", { name: texts.en.languageMenu }).click();
    await page.getByRole("menuitem", { name: "Français" }).click();
    await expect(page).toHaveURL("/fr/marketplace?q=chat");
    await expect(page.getByText(texts.fr.resultsFor("chat"))).toBeVisible();
  });

  test("a page downloads only its texts in its language; switching loads the other's", async ({
    page,
  }) => {
    // The frame's texts and each page's own, one chunk per language (decision record 0048).
    const catalogues: string[] = [];
    const scripts: string[] = [];
    page.on("response", (response) => {
      scripts.push(response.url());
      const match = /\/assets\/texts\.(fr|en)\.([\w-]+)-[\w-]+\.js$/.exec(response.url());
      if (match) catalogues.push(`${match[1]} ${match[2]}`);
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });

    await open(page, "/fr/marketplace");
    await page.getByTestId("item-card").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/fr\/product\//);
    await expect(page.getByRole("button", { name: "Ajouter au panier" })).toBeVisible();
    expect(catalogues.sort()).toEqual(["fr marketplace", "fr product", "fr shell"]);
    // The header's dropdown code comes only when a menu is wanted.
    expect(scripts.filter((url) => url.includes("-dropdown-"))).toEqual([]);

    await page.getByRole("button", { name: texts.fr.languageMenu }).click();
    await page.getByRole("menuitem", { name: "English" }).click();
    await expect(page).toHaveURL(/\/en\/product\//);
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();
    await expect(page).toHaveTitle(/Vitrine/);
    expect(catalogues.filter((name) => name.startsWith("en")).sort()).toEqual([
      "en product",
      "en shell",
    ]);
    // No hydration mismatch, no missing catalogue.
    expect(errors).toEqual([]);
  });

  test("opens from the keyboard, moves with the arrows and closes with Escape", async ({
    page,
  }) => {
    await open(page, "/fr/marketplace");
    const button = page.getByRole("button", { name: texts.fr.languageMenu });
    await tabTo(page, button);
    // The menu's code is fetched on this first press; the menu opens with it.
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "English" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(page.getByRole("button", { name: texts.fr.languageMenu })).toBeFocused();
  });

  test("switches a page without a language prefix through ?lang=", async ({ page }) => {
    await open(page, "/test-accounts");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.fr.testAccounts.title);
    await page.getByRole("button", { name: texts.fr.languageMenu }).click();
    await page.getByRole("menuitem", { name: "English" }).click();
    await expect(page).toHaveURL("/test-accounts?lang=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.en.testAccounts.title);
  });
});

test.describe("header search", () => {
  for (const lang of langs) {
    test(`[${lang}] trims the query and opens the marketplace`, async ({ page }) => {
      await open(page, `/${lang}`);
      const search = page
        .getByRole("banner")
        .getByRole("searchbox", { name: texts[lang].searchLabel });
      await search.fill("  chat  ");
      await search.press("Enter");
      await expect(page).toHaveURL(`/${lang}/marketplace?q=chat`);
      await expect(page.getByText(texts[lang].resultsFor("chat"))).toBeVisible();
    });
  }

  test("a blank search stays on the page", async ({ page }) => {
    await open(page, "/fr");
    // Pages and their data (/fr/marketplace.data); route discovery (/__manifest) is not one.
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    const search = page.getByRole("banner").getByRole("searchbox", { name: "Rechercher" });

    await search.press("Enter");
    await search.fill("   ");
    await search.press("Enter");
    // Lets any navigation the submit might have started reach the network.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(requested.filter((path) => path.startsWith("/fr/marketplace"))).toEqual([]);
    await expect(page).toHaveURL("/fr");

    // A real search afterwards: back returns straight to /fr, so the blank ones added no entry.
    await search.fill("chat");
    await search.press("Enter");
    await expect(page).toHaveURL("/fr/marketplace?q=chat");
    await page.goBack();
    await expect(page).toHaveURL("/fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.fr.heroTitle);
  });
});

test.describe("phone-sized screen", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("hides the Infinity link and keeps search and account usable", async ({ page }) => {
    await open(page, "/fr");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Infinity" })).toBeHidden();
    // Nothing in the page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    const search = header.getByRole("searchbox", { name: "Rechercher" });
    const searchBox = await search.boundingBox();
    expect(searchBox?.width ?? 0).toBeGreaterThan(80);
    const signIn = header.getByRole("button", { name: texts.fr.headerSignIn });
    const signInBox = await signIn.boundingBox();
    expect((signInBox?.x ?? 0) + (signInBox?.width ?? 0)).toBeLessThanOrEqual(375);

    await signIn.click();
    const dialog = page.getByRole("dialog", { name: texts.fr.dialogTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Fermer", exact: true }).click();
    await expect(dialog).toBeHidden();

    await search.fill("chat");
    await search.press("Enter");
    await expect(page).toHaveURL("/fr/marketplace?q=chat");
  });

  test("the account menu opens for a signed-in person", async ({ page }) => {
    await createAccount(page.request);
    await open(page, "/fr");
    await expect(page.getByRole("banner").getByRole("link", { name: "Infinity" })).toBeHidden();
    await page.getByRole("button", { name: texts.fr.accountMenu }).click();
    await expect(page.getByRole("menuitem", { name: texts.fr.signOut })).toBeVisible();
    await page.getByRole("menuitem", { name: "Mes achats" }).click();
    await expect(page).toHaveURL("/fr/buyer-dashboard");
  });
});

test("a wide screen shows the Infinity link", async ({ page }) => {
  await open(page, "/fr");
  await expect(page.getByRole("banner").getByRole("link", { name: "Infinity" })).toBeVisible();
});
