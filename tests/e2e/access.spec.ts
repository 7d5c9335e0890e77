import { expect, test } from "@playwright/test";
import { createAccount, expectToast, open, signInByRequest } from "./support/app";
import { demo, langs, texts } from "./support/texts";

for (const lang of langs) {
  const t = texts[lang];
  const g = t.guard;

  test.describe(`[${lang}] permission guard`, () => {
    test("a visitor is asked to sign in on the seller dashboard", async ({ page }) => {
      const response = await open(page, `/${lang}/seller-dashboard`);
      expect(response?.status()).toBe(401);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(g.signInRequired);
      await expect(main.getByText(g.unauthorized)).toBeVisible();
      await main.getByRole("link", { name: g.signInLink }).click();
      // To sign in, and back to the page afterwards.
      await expect(page).toHaveURL(
        `/${lang}/auth?redirectTo=${encodeURIComponent(`/${lang}/seller-dashboard`)}`,
      );
    });

    test("a client is refused the seller dashboard", async ({ page }) => {
      await createAccount(page.request, { lang });
      const response = await open(page, `/${lang}/seller-dashboard`);
      expect(response?.status()).toBe(403);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(g.accessDenied);
      await expect(main.getByText(g.sellerOnly)).toBeVisible();
      await expect(main.getByText(g.currentRole(t.roles.client), { exact: true })).toBeVisible();
      await expect(
        main.getByText(g.requiredRoles(`${t.roles.creator}, ${t.roles.admin}`), { exact: true }),
      ).toBeVisible();
    });

    test("a creator's account menu leads to the seller dashboard", async ({ page }) => {
      const seller = await createAccount(page.request, { lang, seller: true });
      await open(page, `/${lang}/marketplace`);
      await page.getByRole("button", { name: t.accountMenu }).click();
      await page.getByRole("menuitem", { name: t.sellerDashboard }).click();
      await expect(page).toHaveURL(`/${lang}/seller-dashboard`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.sellerDashboard);
      await expect(page.getByText(t.sellerIntro(seller.storeName!))).toBeVisible();
    });

    test("a creator is refused the administration", async ({ page }) => {
      await createAccount(page.request, { lang, seller: true });
      const response = await open(page, `/${lang}/admin`);
      expect(response?.status()).toBe(403);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(g.accessDenied);
      await expect(main.getByText(g.adminOnly)).toBeVisible();
      await expect(main.getByText(g.currentRole(t.roles.creator), { exact: true })).toBeVisible();
      await expect(main.getByText(g.requiredRoles(t.roles.admin), { exact: true })).toBeVisible();
    });
  });
}

test.describe("test accounts page", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("lists the demo accounts and copies a value", async ({ page }) => {
    await open(page, "/test-accounts");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.fr.testAccounts.title);
    const table = page.getByRole("table");
    for (const [role, account] of Object.entries(demo)) {
      const row = table.getByRole("row").filter({ hasText: account.email });
      await expect(row.getByRole("cell").nth(0)).toHaveText(
        texts.fr.roles[role as keyof typeof demo],
      );
      await expect(row.getByRole("cell").nth(1)).toHaveText(account.email);
      await expect(row.getByRole("cell").nth(2)).toHaveText(account.password);
    }
    await expect(table.getByRole("row")).toHaveCount(4);

    await page
      .getByRole("button", { name: texts.fr.testAccounts.copy(demo.creator.password) })
      .click();
    await expectToast(page, texts.fr.toast.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(demo.creator.password);
  });

  test("copies in English with ?lang=en", async ({ page }) => {
    await open(page, "/test-accounts?lang=en");
    await page.getByRole("button", { name: texts.en.testAccounts.copy(demo.admin.email) }).click();
    await expectToast(page, texts.en.toast.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(demo.admin.email);
  });
});

test.describe("create test accounts page", () => {
  test("an admin re-runs the creation: every account already exists", async ({ page }) => {
    await signInByRequest(page.request, demo.admin);
    await open(page, "/create-test-accounts");
    await page.getByRole("button", { name: texts.fr.testAccounts.createButton }).click();
    const report = page.getByRole("status").filter({ hasText: texts.fr.testAccounts.allCreated });
    await expect(report).toBeVisible();
    for (const account of Object.values(demo)) {
      await expect(report.getByText(texts.fr.testAccounts.exists(account.email))).toBeVisible();
    }
    await expect(report.getByRole("listitem")).toHaveCount(3);
  });

  test("a client is refused", async ({ page }) => {
    await createAccount(page.request);
    const response = await open(page, "/create-test-accounts");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.fr.guard.accessDenied);
    await expect(page.getByText(texts.fr.guard.adminOnly)).toBeVisible();
    await expect(
      page.getByRole("button", { name: texts.fr.testAccounts.createButton }),
    ).toHaveCount(0);
  });

  test("a visitor is asked to sign in", async ({ page }) => {
    const response = await open(page, "/create-test-accounts");
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.fr.guard.signInRequired);
  });
});
