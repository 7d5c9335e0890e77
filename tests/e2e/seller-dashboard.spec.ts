import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, open, tabTo } from "./support/app";
import { langs, texts } from "./support/texts";

/*
 * A new creator's seller pages: every tab's empty state, in both languages, on a desktop and on a
 * 375 px phone, with axe. The content list with its edit form and deletion dialog is driven in
 * seller-content.spec.ts.
 */

const tabIds = ["overview", "content", "analytics", "payments", "upload"] as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

for (const lang of langs) {
  const t = texts[lang];
  const s = t.seller;

  test.describe(`[${lang}] seller dashboard of a new creator`, () => {
    test("goes through the five tabs, each with its address and its empty state", async ({
      page,
    }) => {
      await createAccount(page.request, { lang, seller: true });
      await open(page, `/${lang}/seller-dashboard`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.sellerDashboard);
      const tabs = page.getByRole("navigation", { name: s.tabsLabel });
      const current = tabs.locator('[aria-current="page"]');
      await expect(current).toHaveText(s.tabs.overview);

      // Overview: four figures and the (empty) latest content.
      const main = page.getByRole("main");
      for (const label of s.stats)
        await expect(main.getByText(label, { exact: true })).toBeVisible();
      await expect(main.getByRole("heading", { name: s.recentTitle })).toBeVisible();
      await expect(main.getByText(s.overviewEmpty)).toBeVisible();

      await tabs.getByRole("link", { name: s.tabs.content }).click();
      await expect(page).toHaveURL(`/${lang}/seller-dashboard?tab=content`);
      await expect(current).toHaveText(s.tabs.content);
      await expect(main.getByRole("heading", { name: s.contentEmpty })).toBeVisible();
      await expect(main.getByRole("link", { name: s.firstUpload })).toHaveAttribute(
        "href",
        `/${lang}/file-upload`,
      );

      await tabs.getByRole("link", { name: s.tabs.analytics }).click();
      await expect(page).toHaveURL(`/${lang}/seller-dashboard?tab=analytics`);
      await expect(current).toHaveText(s.tabs.analytics);
      await expect(main.getByText(s.approvalNone)).toBeVisible();
      await expect(main.getByText(s.noSales).first()).toBeVisible();
      await expect(main.getByText(s.chartEmpty)).toBeVisible();

      await tabs.getByRole("link", { name: s.tabs.payments }).click();
      await expect(page).toHaveURL(`/${lang}/seller-dashboard?tab=payments`);
      const payments = main.getByRole("region", { name: s.paymentTitle });
      await expect(payments.getByText(s.noAccount, { exact: true })).toBeVisible();
      await expect(payments.getByText(s.commission)).toBeVisible();

      await tabs.getByRole("link", { name: s.tabs.upload }).click();
      await expect(page).toHaveURL(`/${lang}/seller-dashboard?tab=upload`);
      await expect(main.getByRole("heading", { name: s.uploadTitle })).toBeVisible();
      await expect(main.getByRole("link", { name: s.uploadStart })).toHaveAttribute(
        "href",
        `/${lang}/file-upload`,
      );

      // Back to the first tab, by keyboard.
      const overview = tabs.getByRole("link", { name: s.tabs.overview });
      await tabTo(page, overview);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(`/${lang}/seller-dashboard`);
      await expect(current).toHaveText(s.tabs.overview);
    });

    test("opens the portfolio: shop, member-since year, both tabs empty", async ({ page }) => {
      const seller = await createAccount(page.request, { lang, seller: true });
      await open(page, `/${lang}/seller-dashboard`);
      await page.getByRole("link", { name: s.portfolioLink }).click();
      await expect(page).toHaveURL(`/${lang}/portfolio`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(seller.storeName!);
      await expect(page.getByText(t.portfolio.memberSince(new Date().getFullYear()))).toBeVisible();
      const tabs = page.getByRole("navigation", { name: t.portfolio.tabsLabel });
      await expect(tabs.locator('[aria-current="page"]')).toHaveText(t.portfolio.published);
      await expect(page.getByText(t.portfolio.emptyPublished)).toBeVisible();
      await tabs.getByRole("link", { name: t.portfolio.all }).click();
      await expect(page).toHaveURL(`/${lang}/portfolio?tab=all`);
      await expect(page.getByText(t.portfolio.emptyAll)).toBeVisible();
    });

    test("refuses the portfolio to a client", async ({ page }) => {
      await createAccount(page.request, { lang });
      const response = await open(page, `/${lang}/portfolio`);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("main").getByText(t.portfolio.sellerOnly)).toBeVisible();
    });
  });
}

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const lang of langs) {
    test(`[${lang}] no tab makes the page scroll sideways, and the current tab is in view`, async ({
      page,
    }) => {
      await createAccount(page.request, { lang, seller: true });
      const paths = [
        ...tabIds.map((tab) => `/${lang}/seller-dashboard?tab=${tab}`),
        `/${lang}/portfolio`,
      ];
      for (const path of paths) {
        await open(page, path);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, path).toBeLessThanOrEqual(375);
      }
      await open(page, `/${lang}/seller-dashboard?tab=upload`);
      await expect(
        page
          .getByRole("navigation", { name: texts[lang].seller.tabsLabel })
          .locator('[aria-current="page"]'),
      ).toBeInViewport();
    });
  }
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe on the seller pages, ${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test("every tab and the portfolio have no serious or critical violation", async ({ page }) => {
      // Seven pages, each with an axe analysis.
      test.setTimeout(90_000);
      await createAccount(page.request, { seller: true });
      for (const path of [
        ...tabIds.map((tab) => `/fr/seller-dashboard?tab=${tab}`),
        "/fr/portfolio",
        "/en/portfolio?tab=all",
      ]) {
        await open(page, path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  });
}
