import { expect, test, type Page } from "@playwright/test";
import { open, signInByRequest } from "./support/app";
import { demo, langs } from "./support/texts";

// Each page loads only its own texts, in its language (decision record 0048): before hydration
// and before a navigation in the browser shows the next page. A text the browser lacks would show
// as its key and log an error (app/modules/i18n/i18n.ts), and a hydration mismatch logs one too:
// these walks through the site's pages, by its own links, must log none.

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Follows a link of the page as a person would, and waits for the next page's title. */
async function follow(page: Page, href: string): Promise<void> {
  const before = await page.title();
  await page.locator(`a[href="${href}"]`).first().click();
  await expect(page).toHaveURL(href);
  await expect(page).not.toHaveTitle(before);
}

const footerPages = [
  "/marketplace",
  "/packages-pricing",
  "/infinity",
  "/about",
  "/contact",
  "/enterprise",
  "/sales",
  "/partnerships",
  "/press",
  "/support",
  "/licenses",
  "/feedback",
  "/terms",
  "/privacy-policy",
  "/cookie-policy",
  "/license-agreement",
];

for (const lang of langs) {
  test(`[${lang}] the footer's pages, one after the other in the browser, show every text`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    await open(page, `/${lang}`);
    for (const path of footerPages) await follow(page, `/${lang}${path}`);
    expect(errors).toEqual([]);
  });

  test(`[${lang}] the administration's sections, one after the other, show every text`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    await signInByRequest(page.request, demo.admin);
    await open(page, `/${lang}/admin`);
    for (const path of ["moderation", "transactions", "payments", "settings", "audit", "jobs"]) {
      await follow(page, `/${lang}/admin/${path}`);
    }
    expect(errors).toEqual([]);
  });

  test(`[${lang}] from the seller's dashboard to the upload studio, the marketplace and a product`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    await signInByRequest(page.request, demo.creator);
    await open(page, `/${lang}/seller-dashboard?tab=upload`);
    await follow(page, `/${lang}/product-management`);
    await follow(page, `/${lang}/marketplace`);
    const before = await page.title();
    await page.getByTestId("item-card").first().getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/product/`));
    await expect(page).not.toHaveTitle(before);
    expect(errors).toEqual([]);
  });
}
