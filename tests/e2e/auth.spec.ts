import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  createAccount,
  latestMailTo,
  open,
  password,
  expectToast,
  uniqueEmail,
} from "./support/app";
import { BASE_URL } from "./support/env";
import { langs, texts, type Lang } from "./support/texts";

/** The form of the active tab (sign-in or sign-up). */
function activePanel(scope: Page | Locator): Locator {
  return scope.getByRole("tabpanel");
}

async function fillRegisterForm(
  panel: Locator,
  lang: Lang,
  values: { email: string; storeName?: string },
): Promise<void> {
  const t = texts[lang];
  await panel.getByLabel(t.firstName).fill("Jeanne");
  await panel.getByLabel(t.lastName, { exact: true }).fill("Martin");
  await panel.getByLabel(t.email).fill(values.email);
  if (values.storeName !== undefined) await panel.getByLabel(t.storeName).fill(values.storeName);
  await panel.getByLabel(t.password, { exact: true }).fill(password);
  await panel.getByLabel(t.confirmPassword).fill(password);
  await panel.getByLabel(t.country).selectOption({ label: "France" });
  await panel.getByLabel(t.terms).check();
}

async function signInWithForm(
  scope: Page | Locator,
  lang: Lang,
  credentials: { email: string; password: string },
): Promise<void> {
  const t = texts[lang];
  const panel = activePanel(scope);
  await panel.getByLabel(t.email).fill(credentials.email);
  await panel.getByLabel(t.password, { exact: true }).fill(credentials.password);
  await panel.getByRole("button", { name: t.submitLogin, exact: true }).click();
}

for (const lang of langs) {
  const t = texts[lang];

  test.describe(`[${lang}]`, () => {
    test("a client signs up, signs out and signs in again", async ({ page }) => {
      const email = uniqueEmail("client");
      await open(page, `/${lang}/auth`);
      await page.getByRole("tab", { name: t.registerTab }).click();
      const panel = activePanel(page);
      await fillRegisterForm(panel, lang, { email });
      await panel.getByRole("button", { name: t.submitRegister }).click();

      await expect(page).toHaveURL(`/${lang}`);
      await expectToast(page, t.toast.signedUp);

      await page.getByRole("button", { name: t.accountMenu }).click();
      await expect(page.getByRole("menu")).toContainText(email);
      await page.getByRole("menuitem", { name: t.signOut }).click();
      await expect(page).toHaveURL(`/${lang}/auth`);
      await expectToast(page, t.toast.signedOut);
      await expect(page.getByRole("button", { name: t.accountMenu })).toHaveCount(0);

      await signInWithForm(page, lang, { email, password });
      await expect(page).toHaveURL(`/${lang}`);
      await expectToast(page, t.toast.signedIn);
      await expect(page.getByRole("button", { name: t.accountMenu })).toBeVisible();
    });

    test("a seller signs up on the seller page and lands on the seller dashboard", async ({
      page,
    }) => {
      const email = uniqueEmail("seller");
      const storeName = `Atelier ${Date.now()}`;
      await open(page, `/${lang}/auth/seller`);
      // One h1, the form's heading (the large title beside it is decoration for sighted users).
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.sellerTitle);
      const panel = activePanel(page);
      // The seller page fixes the account type: no choice is offered.
      await expect(panel.getByRole("radio")).toHaveCount(0);

      // The shop name is required there.
      await fillRegisterForm(panel, lang, { email, storeName: "" });
      await panel.getByRole("button", { name: t.submitRegister }).click();
      await expect(panel.getByText(t.errors.storeNameRequired)).toBeVisible();
      await expect(panel.getByLabel(t.storeName)).toBeFocused();
      await expect(page).toHaveURL(`/${lang}/auth/seller`);

      await panel.getByLabel(t.storeName).fill(storeName);
      await panel.getByRole("button", { name: t.submitRegister }).click();
      await expect(page).toHaveURL(`/${lang}/seller-dashboard`);
      await expectToast(page, t.toast.sellerSignedUp);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.sellerDashboard);
      await expect(page.getByText(t.sellerIntro(storeName))).toBeVisible();
    });

    test("a wrong password is refused", async ({ page, request }) => {
      const account = await createAccount(request, { lang });
      await open(page, `/${lang}/auth`);
      await signInWithForm(page, lang, { email: account.email, password: "Pas-le-bon-2026" });
      await expect(page.getByRole("alert")).toContainText(t.errors.invalidCredentials);
      await expect(page).toHaveURL(`/${lang}/auth`);
      // The address is kept, the password is not.
      const panel = activePanel(page);
      await expect(panel.getByLabel(t.email)).toHaveValue(account.email);

      await signInWithForm(page, lang, account);
      await expect(page).toHaveURL(`/${lang}`);
      await expectToast(page, t.toast.signedIn);
    });

    test("an unknown address gets the same refusal", async ({ page }) => {
      await open(page, `/${lang}/auth`);
      await signInWithForm(page, lang, { email: uniqueEmail("nobody"), password });
      await expect(page.getByRole("alert")).toContainText(t.errors.invalidCredentials);
    });

    test("the header dialog signs in", async ({ page, request }) => {
      const account = await createAccount(request, { lang });
      await open(page, `/${lang}`);
      await page.getByRole("banner").getByRole("button", { name: t.headerSignIn }).click();
      const dialog = page.getByRole("dialog", { name: t.dialogTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("tab", { name: t.loginTab })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await signInWithForm(dialog, lang, account);

      await expectToast(page, t.toast.signedIn);
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(`/${lang}`);
      await page.getByRole("button", { name: t.accountMenu }).click();
      await expect(page.getByRole("menu")).toContainText(account.email);
    });

    test("the header dialog shows a wrong password", async ({ page, request }) => {
      const account = await createAccount(request, { lang });
      await open(page, `/${lang}`);
      await page.getByRole("banner").getByRole("button", { name: t.headerSignIn }).click();
      const dialog = page.getByRole("dialog", { name: t.dialogTitle });
      await signInWithForm(dialog, lang, { email: account.email, password: "Pas-le-bon-2026" });
      await expect(dialog.getByRole("alert")).toContainText(t.errors.invalidCredentials);
      await expect(dialog).toBeVisible();
    });

    test("a password is reset through the e-mailed link", async ({ page, request }) => {
      const account = await createAccount(request, { lang });
      const newPassword = "Nouveau-secret-2026";

      await open(page, `/${lang}/auth`);
      await page.getByRole("link", { name: t.forgotPassword }).click();
      await expect(page).toHaveURL(`/${lang}/auth/forgot-password`);
      // The address changes before the new page is drawn; the sign-in page has an e-mail field too.
      await expect(page.getByRole("heading", { level: 1, name: t.forgot.title })).toBeVisible();
      await page.getByLabel(t.email).fill(account.email);
      await page.getByRole("button", { name: t.forgot.submit }).click();
      await expect(page.getByRole("status").filter({ hasText: t.forgot.sent })).toBeVisible();

      const mail = await latestMailTo(account.email);
      expect(mail.subject).toBe(t.forgot.mailSubject);
      const link = new RegExp(`${BASE_URL}/api/auth/reset-password/\\S+`).exec(mail.text)?.[0];
      expect(link, "the e-mail carries the reset link").toBeTruthy();

      await open(page, link!);
      await expect(page).toHaveURL(new RegExp(`/${lang}/auth/reset-password\\?token=`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.reset.title);
      await page.getByLabel(t.reset.newPassword).fill(newPassword);
      await page.getByLabel(t.confirmPassword).fill(newPassword);
      await page.getByRole("button", { name: t.reset.submit }).click();

      await expect(page).toHaveURL(`/${lang}/auth`);
      await expectToast(page, t.toast.passwordReset);

      // The old password no longer works; the new one does.
      await signInWithForm(page, lang, account);
      await expect(page.getByRole("alert")).toContainText(t.errors.invalidCredentials);
      await signInWithForm(page, lang, { email: account.email, password: newPassword });
      await expect(page).toHaveURL(`/${lang}`);
      await expectToast(page, t.toast.signedIn);

      // The link works once.
      await page.goto(link!);
      await expect(page.getByRole("alert")).toContainText(t.reset.tokenInvalid);
    });
  });
}
