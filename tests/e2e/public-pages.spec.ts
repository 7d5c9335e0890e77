import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import {
  expectToast,
  latestMailTo,
  open,
  signInByRequest,
  tabTo,
  uniqueEmail,
} from "./support/app";
import { pageTexts, publicPages } from "./support/pages-texts";
import { demo, langs } from "./support/texts";

/** axe violations a person would be blocked by: impact serious or critical. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

/** The stored answer to the cookie notice, if any. */
async function consentCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === "vitrine_cookie_consent")?.value;
}

/** Footer links to pages that do not exist yet; empty while every footer link has its page. */
for (const lang of langs) {
  const t = pageTexts[lang];

  test.describe(`[${lang}] public pages`, () => {
    for (const { path, title, heading } of publicPages[lang]) {
      test(`${path} renders with its own title and no serious axe violation`, async ({ page }) => {
        const response = await open(page, `/${lang}${path}`);
        expect(response?.status()).toBe(200);
        await expect(page).toHaveTitle(title);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test("every footer link leads to a page that answers 200", async ({ page }) => {
      await open(page, `/${lang}`);
      const links = page.getByRole("contentinfo").getByRole("link");
      const hrefs = await links.evaluateAll((anchors) =>
        anchors.map((anchor) => anchor.getAttribute("href") ?? ""),
      );
      expect(hrefs.length).toBeGreaterThanOrEqual(16);
      for (const href of hrefs) {
        expect(href, "footer links stay in the page's language").toMatch(
          new RegExp(`^/${lang}(/|$)`),
        );
        const response = await page.request.get(href);
        expect(response.status(), href).toBe(200);
      }
    });

    test("the FAQ search filters the questions as you type", async ({ page }) => {
      await open(page, `/${lang}/support`);
      const list = page.locator("#faq-list");
      await expect(list.getByRole("listitem")).toHaveCount(5);
      const search = page.getByRole("searchbox", { name: t.searchLabel });
      await search.pressSequentially(lang === "fr" ? "rembours" : "refund");
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list.getByText(t.refundQuestion)).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: t.faqCount(1) })).toBeVisible();
      await search.fill("zzzz");
      await expect(list.getByRole("listitem")).toHaveCount(0);
      await expect(page.getByText(t.noResults("zzzz"))).toBeVisible();
      await search.fill("");
      await expect(list.getByRole("listitem")).toHaveCount(5);
      await expect(list.getByText(t.sellQuestion)).toBeVisible();
    });

    test("the contact form refuses missing fields, then the message reaches the admins' inbox and is acknowledged", async ({
      page,
    }) => {
      await open(page, `/${lang}/contact`);
      await expect(page.getByText(t.hoursWeek)).toBeVisible();
      await expect(page.getByText(t.hoursSaturday)).toBeVisible();
      const submit = page.getByRole("button", { name: t.submit });
      await submit.click();
      for (const error of [
        t.errors.firstName,
        t.errors.lastName,
        t.errors.email,
        t.errors.subject,
        t.errors.message,
      ]) {
        await expect(page.getByText(error, { exact: true })).toBeVisible();
      }
      await expect(page.getByLabel(t.firstName, { exact: true })).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      expect(await seriousViolations(page)).toEqual([]);

      const email = uniqueEmail(`contact-${lang}`);
      const message = `Question ${email}`;
      await page.getByLabel(t.firstName, { exact: true }).fill("Jeanne");
      await page.getByLabel(t.lastName, { exact: true }).fill("Martin");
      await page.getByLabel(t.email, { exact: true }).fill("jeanne-at-example");
      await page.getByLabel(t.subject, { exact: true }).selectOption({ label: t.billing });
      await page.getByLabel(t.message, { exact: true }).fill(message);
      await submit.click();
      await expect(page.getByText(t.errors.invalidEmail, { exact: true })).toBeVisible();
      await expect(page.getByText(t.errors.firstName, { exact: true })).toBeHidden();
      // What was typed is kept.
      await expect(page.getByLabel(t.message, { exact: true })).toHaveValue(message);

      await page.getByLabel(t.email, { exact: true }).fill(email);
      await submit.click();
      await expect(page.getByRole("status").filter({ hasText: t.sent })).toBeVisible();
      const mail = await latestMailTo(email);
      expect(mail.subject).toBe(t.ackSubject);
      expect(mail.text).toContain(message);

      await signInByRequest(page.request, demo.admin);
      await open(page, `/${lang}/admin/messages`);
      await expect(page.getByRole("heading", { level: 2, name: t.inboxTitle })).toBeVisible();
      // The inbox is a section of the administration, current in its navigation.
      await expect(page.getByRole("link", { name: t.inboxTitle })).toHaveAttribute(
        "aria-current",
        "page",
      );
      const item = page.getByRole("article").filter({ hasText: message });
      await expect(item).toContainText(email);
      await expect(item).toContainText(t.billing);
      expect(await seriousViolations(page)).toEqual([]);
      await item.getByRole("button", { name: t.markHandled }).click();
      await expectToast(page, t.markedHandled);
      await expect(item).toBeHidden();
      await page.getByRole("link", { name: /^(Traités|Handled) \(\d+\)$/ }).click();
      await expect(page).toHaveURL(`/${lang}/admin/messages?status=handled`);
      await expect(page.getByRole("article").filter({ hasText: message })).toBeVisible();
    });

    test("feedback is stored like a contact message", async ({ page }) => {
      await open(page, `/${lang}/feedback`);
      const email = uniqueEmail(`feedback-${lang}`);
      const message = `Avis ${email}`;
      await page.getByLabel(t.firstName, { exact: true }).fill("Paul");
      await page.getByLabel(t.lastName, { exact: true }).fill("Durand");
      await page.getByLabel(t.email, { exact: true }).fill(email);
      await page.getByLabel(t.message, { exact: true }).fill(message);
      await page.getByRole("button", { name: t.feedbackSubmit }).click();
      await expect(page.getByRole("status").filter({ hasText: t.feedbackSent })).toBeVisible();
      await latestMailTo(email);
      await signInByRequest(page.request, demo.admin);
      await open(page, `/${lang}/admin/messages`);
      await expect(page.getByRole("article").filter({ hasText: message })).toBeVisible();
    });
  });
}

test.describe("cookie notice", () => {
  // These tests start without an answer (the config's default answers it for every other test).
  test.use({ storageState: { cookies: [], origins: [] } });

  test("shows until answered, keeps the answer, and can ask again from the cookie policy", async ({
    page,
  }) => {
    const t = pageTexts.fr;
    await open(page, "/fr/about");
    const notice = page.getByRole("region", { name: t.cookieNotice, exact: true });
    await expect(notice).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await notice.getByRole("button", { name: t.essentialOnly }).click();
    await expect(notice).toBeHidden();
    // The notice hides at once; the answer is kept when the server's cookie has arrived.
    await expect.poll(async () => consentCookie(page)).toBe("ImVzc2VudGlhbCI%3D");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("À propos de Vitrine");
    await expect(notice).toBeHidden();

    await open(page, "/fr/cookie-policy");
    await expect(page.getByText(t.currentChoiceEssential)).toBeVisible();
    await page.getByRole("button", { name: t.changeChoice }).click();
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: t.acceptAll }).click();
    await expect(notice).toBeHidden();
  });

  test("[en] is translated and fits a phone screen", async ({ page }) => {
    const t = pageTexts.en;
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, "/en/contact");
    const notice = page.getByRole("region", { name: t.cookieNotice, exact: true });
    await expect(notice.getByRole("button", { name: t.essentialOnly })).toBeVisible();
    await expect(notice.getByRole("button", { name: t.acceptAll })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await notice.getByRole("button", { name: t.essentialOnly }).click();
    await expect(notice).toBeHidden();
  });
});

test.describe("axe, dark scheme", () => {
  test.use({ colorScheme: "dark" });

  for (const path of ["/fr/licenses", "/en/support", "/fr/contact", "/en/cookie-policy"]) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await open(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("[fr] the contact form is checked by the server, then sent", async ({ page }) => {
    const t = pageTexts.fr;
    await page.goto("/fr/contact");
    await page.getByRole("button", { name: t.submit }).click();
    await expect(page.getByText(t.errors.firstName, { exact: true })).toBeVisible();
    await expect(page.getByText(t.errors.subject, { exact: true })).toBeVisible();
    const email = uniqueEmail("nojs");
    await page.getByLabel(t.firstName, { exact: true }).fill("Jeanne");
    await page.getByLabel(t.lastName, { exact: true }).fill("Martin");
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByLabel(t.subject, { exact: true }).selectOption({ label: t.billing });
    await page.getByLabel(t.message, { exact: true }).fill("Sans JavaScript");
    await page.getByRole("button", { name: t.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: t.sent })).toBeVisible();
    expect((await latestMailTo(email)).subject).toBe(t.ackSubject);
  });

  test("[en] the FAQ search works as a plain form", async ({ page }) => {
    const t = pageTexts.en;
    await page.goto("/en/support");
    await page.getByRole("searchbox", { name: t.searchLabel }).fill("refund");
    await page.getByRole("searchbox", { name: t.searchLabel }).press("Enter");
    await expect(page).toHaveURL("/en/support?q=refund");
    await expect(page.locator("#faq-list").getByRole("listitem")).toHaveCount(1);
    await expect(page.getByText(t.refundQuestion)).toBeVisible();
  });
});

test.describe("cookie notice, keyboard", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("comes right after the skip link and is answered with the keyboard", async ({ page }) => {
    const t = pageTexts.fr;
    await open(page, "/fr/licenses");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Aller au contenu" })).toBeFocused();
    const notice = page.getByRole("region", { name: t.cookieNotice, exact: true });
    await tabTo(page, notice.getByRole("button", { name: t.essentialOnly }), 4);
    await page.keyboard.press("Enter");
    await expect(notice).toBeHidden();
  });
});
