import { expect, test, type Page } from "@playwright/test";
import { budgetKbOf } from "../../scripts/js-budget.js";
import { open, signInByRequest } from "./support/app";
import { demo } from "./support/texts";

// What a first visit makes the browser download in JavaScript, gzipped, for the main pages in
// both languages, against the budgets of decision record 0048 (scripts/js-budget.js reads the
// same from the build manifest). The test asks for gzip, the encoding the budgets are set in.
test.use({ extraHTTPHeaders: { "Accept-Encoding": "gzip" } });

type Account = (typeof demo)[keyof typeof demo];

const pages: Array<{ name: string; path: string; account?: Account; budgetKb: number }> = [
  { name: "home", path: "", budgetKb: budgetKbOf("routes/home") },
  { name: "marketplace", path: "/marketplace", budgetKb: budgetKbOf("routes/marketplace") },
  { name: "product", path: "/product", budgetKb: budgetKbOf("routes/product") },
  { name: "cart", path: "/cart", account: demo.client, budgetKb: budgetKbOf("routes/cart") },
  { name: "sign-in", path: "/auth", budgetKb: budgetKbOf("routes/auth") },
  {
    name: "seller dashboard",
    path: "/seller-dashboard",
    account: demo.creator,
    budgetKb: budgetKbOf("routes/seller-dashboard"),
  },
  {
    name: "upload studio",
    path: "/product-management",
    account: demo.creator,
    budgetKb: budgetKbOf("routes/product-management"),
  },
  { name: "admin", path: "/admin", account: demo.admin, budgetKb: budgetKbOf("routes/admin") },
  {
    name: "moderation",
    path: "/admin/moderation",
    account: demo.admin,
    budgetKb: budgetKbOf("routes/admin.moderation"),
  },
];

/** The demo install's first product, as a visitor finds it on the marketplace. */
async function firstProductPath(page: Page, lang: string): Promise<string> {
  const listing = await (await page.request.get(`/${lang}/marketplace`)).text();
  const path = /href="\/(?:fr|en)(\/product\/[0-9a-f-]{36})"/.exec(listing)?.[1];
  expect(path, "a product on the marketplace").toBeTruthy();
  return path!;
}

for (const lang of ["fr", "en"] as const) {
  for (const { name, path, account, budgetKb } of pages) {
    test(`${name} (${lang}): first-load JavaScript within ${budgetKb} KB gzipped`, async ({
      page,
    }) => {
      if (account) await signInByRequest(page.request, account);
      const url = `/${lang}${path === "/product" ? await firstProductPath(page, lang) : path}`;
      const scripts: Array<{ url: string; bytes: Promise<number> }> = [];
      page.on("response", (response) => {
        if (response.request().resourceType() !== "script") return;
        scripts.push({
          url: response.url(),
          bytes: response
            .request()
            .sizes()
            .then((sizes) => sizes.responseBodySize),
        });
      });
      const response = await open(page, url);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState("load");

      expect(scripts.length).toBeGreaterThan(0);
      const total = (await Promise.all(scripts.map((script) => script.bytes))).reduce(
        (sum, bytes) => sum + bytes,
        0,
      );
      const kb = total / 1000;
      test.info().annotations.push({
        type: "first-load JavaScript",
        description: `${kb.toFixed(1)} KB gzipped in ${scripts.length} files`,
      });
      expect(kb, `${scripts.length} scripts`).toBeLessThanOrEqual(budgetKb);
    });
  }
}
