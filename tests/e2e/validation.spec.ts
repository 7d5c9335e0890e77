import { expect, test, type Locator, type Page } from "@playwright/test";
import { open, password, uniqueEmail } from "./support/app";
import { demo, langs, texts, type Lang } from "./support/texts";

type Texts = (typeof texts)[Lang];

async function openRegisterTab(page: Page, lang: Lang): Promise<Locator> {
  await open(page, `/${lang}/auth`);
  await page.getByRole("tab", { name: texts[lang].registerTab }).click();
  return page.getByRole("tabpanel");
}

/** Fills every register field with valid values, then applies `changes` (field label → value). */
async function fillValidRegisterForm(panel: Locator, t: Texts, email = uniqueEmail("form")) {
  await panel.getByLabel(t.firstName).fill("Jeanne");
  await panel.getByLabel(t.lastName, { exact: true }).fill("Martin");
  await panel.getByLabel(t.email).fill(email);
  await panel.getByLabel(t.password, { exact: true }).fill(password);
  await panel.getByLabel(t.confirmPassword).fill(password);
  await panel.getByLabel(t.country).selectOption({ label: "France" });
  await panel.getByLabel(t.terms).check();
}

/** Every register-form message a test may look for. */
function registerMessages(t: Texts): string[] {
  const e = t.errors;
  return [
    e.firstNameRequired,
    e.lastNameRequired,
    e.emailRequired,
    e.invalidEmail,
    e.passwordRequired,
    e.passwordTooShort,
    e.passwordsMismatch,
    e.storeNameRequired,
    e.countryRequired,
    e.termsRequired,
    e.nameTooLong,
    e.accountExists,
  ];
}

/** What an empty register form says, in form order; a seller's form also asks for a shop name. */
function emptyFormMessages(t: Texts, seller: boolean): string[] {
  const e = t.errors;
  return [
    e.firstNameRequired,
    e.lastNameRequired,
    e.emailRequired,
    ...(seller ? [e.storeNameRequired] : []),
    e.passwordRequired,
    e.countryRequired,
    e.termsRequired,
  ];
}

/** Exactly `expected` of the register messages are shown in `scope`. */
async function expectOnlyMessages(scope: Locator, t: Texts, expected: string[]): Promise<void> {
  for (const message of expected) await expect(scope.getByText(message)).toBeVisible();
  for (const message of registerMessages(t).filter((m) => !expected.includes(m))) {
    await expect(scope.getByText(message)).toHaveCount(0);
  }
}

for (const lang of langs) {
  const t = texts[lang];
  const e = t.errors;

  test.describe(`[${lang}] register form`, () => {
    test("an empty form names every required field", async ({ page }) => {
      const panel = await openRegisterTab(page, lang);
      await panel.getByRole("button", { name: t.submitRegister }).click();

      await expectOnlyMessages(panel, t, emptyFormMessages(t, false));
      // Each message is tied to its field, and the first wrong field gets the focus.
      await expect(panel.getByLabel(t.firstName)).toBeFocused();
      await expect(panel.getByLabel(t.firstName)).toHaveAccessibleDescription(e.firstNameRequired);
      await expect(panel.getByLabel(t.firstName)).toHaveAttribute("aria-invalid", "true");
      await expect(panel.getByLabel(t.lastName, { exact: true })).toHaveAccessibleDescription(
        e.lastNameRequired,
      );
      await expect(panel.getByLabel(t.email)).toHaveAccessibleDescription(e.emailRequired);
      await expect(panel.getByLabel(t.password, { exact: true })).toHaveAccessibleDescription(
        e.passwordRequired,
      );
      await expect(panel.getByLabel(t.country)).toHaveAccessibleDescription(e.countryRequired);
      await expect(panel.getByLabel(t.terms)).toHaveAccessibleDescription(e.termsRequired);
      await expect(page).toHaveURL(`/${lang}/auth`);
    });

    test("a malformed address and a short password are refused", async ({ page }) => {
      const panel = await openRegisterTab(page, lang);
      await fillValidRegisterForm(panel, t, "pas-un-email");
      await panel.getByLabel(t.password, { exact: true }).fill("court");
      await panel.getByLabel(t.confirmPassword).fill("court");
      await panel.getByRole("button", { name: t.submitRegister }).click();

      await expectOnlyMessages(panel, t, [e.invalidEmail, e.passwordTooShort]);
      await expect(panel.getByLabel(t.email)).toBeFocused();

      // Once corrected, the messages go and the account is created.
      await panel.getByLabel(t.email).fill(uniqueEmail("fixed"));
      await panel.getByLabel(t.password, { exact: true }).fill(password);
      await panel.getByLabel(t.confirmPassword).fill(password);
      await panel.getByRole("button", { name: t.submitRegister }).click();
      await expect(page).toHaveURL(`/${lang}`);
    });

    test("a different confirmation is flagged while typing and blocks the submit", async ({
      page,
    }) => {
      const panel = await openRegisterTab(page, lang);
      const submit = panel.getByRole("button", { name: t.submitRegister });
      const confirmation = panel.getByLabel(t.confirmPassword);
      await panel.getByLabel(t.password, { exact: true }).fill(password);
      await expect(panel.getByText(e.passwordsMismatch)).toHaveCount(0);

      await confirmation.pressSequentially("Mot");
      await expect(panel.getByText(e.passwordsMismatch)).toBeVisible();
      await expect(confirmation).toHaveAccessibleDescription(e.passwordsMismatch);
      await expect(submit).toBeDisabled();

      await confirmation.fill(password);
      await expect(panel.getByText(e.passwordsMismatch)).toHaveCount(0);
      await expect(submit).toBeEnabled();

      // Changing the password afterwards flags the confirmation again.
      await panel.getByLabel(t.password, { exact: true }).pressSequentially("x");
      await expect(panel.getByText(e.passwordsMismatch)).toBeVisible();
      await expect(submit).toBeDisabled();
    });

    test("a seller account needs a shop name", async ({ page }) => {
      const panel = await openRegisterTab(page, lang);
      await expect(panel.getByLabel(t.storeName)).toHaveCount(0);
      await panel.getByRole("radio", { name: t.accountTypeCreator }).check();
      await expect(panel.getByLabel(t.storeName)).toBeVisible();

      // Every error shows at once, the shop name's included.
      await panel.getByRole("button", { name: t.submitRegister }).click();
      await expectOnlyMessages(panel, t, emptyFormMessages(t, true));

      await fillValidRegisterForm(panel, t);
      await panel.getByRole("button", { name: t.submitRegister }).click();

      await expectOnlyMessages(panel, t, [e.storeNameRequired]);
      await expect(panel.getByLabel(t.storeName)).toBeFocused();
      await expect(panel.getByLabel(t.storeName)).toHaveAccessibleDescription(e.storeNameRequired);

      // Back to a buyer account, the shop name is neither asked nor required.
      await panel.getByRole("radio", { name: t.accountTypeClient }).check();
      await expect(panel.getByLabel(t.storeName)).toHaveCount(0);
      await panel.getByRole("button", { name: t.submitRegister }).click();
      await expect(page).toHaveURL(`/${lang}`);
    });

    test("a 10,000-character first name is too long", async ({ page }) => {
      const panel = await openRegisterTab(page, lang);
      await fillValidRegisterForm(panel, t);
      await panel.getByLabel(t.firstName).fill("A".repeat(10_000));
      await panel.getByRole("button", { name: t.submitRegister }).click();

      await expectOnlyMessages(panel, t, [e.nameTooLong]);
      await expect(panel.getByLabel(t.firstName)).toHaveAccessibleDescription(e.nameTooLong);
    });

    test("an address that already has an account is refused", async ({ page }) => {
      const panel = await openRegisterTab(page, lang);
      await fillValidRegisterForm(panel, t, demo.client.email);
      await panel.getByRole("button", { name: t.submitRegister }).click();

      await expect(panel.getByRole("alert")).toContainText(e.accountExists);
      await expect(page).toHaveURL(`/${lang}/auth`);
      await expect(page.getByRole("button", { name: t.accountMenu })).toHaveCount(0);
    });
  });

  test.describe(`[${lang}] sign-in form`, () => {
    test("asks for the address and the password", async ({ page }) => {
      await open(page, `/${lang}/auth`);
      const panel = page.getByRole("tabpanel");
      const submit = panel.getByRole("button", { name: t.submitLogin, exact: true });
      await submit.click();
      await expect(panel.getByLabel(t.email)).toHaveAccessibleDescription(e.emailRequired);
      await expect(panel.getByLabel(t.password, { exact: true })).toHaveAccessibleDescription(
        e.passwordRequired,
      );
      await expect(panel.getByLabel(t.email)).toBeFocused();

      await panel.getByLabel(t.email).fill("pas-un-email");
      await submit.click();
      await expect(panel.getByLabel(t.email)).toHaveAccessibleDescription(e.invalidEmail);
      await expect(panel.getByText(e.emailRequired)).toHaveCount(0);

      await panel.getByLabel(t.email).fill(demo.client.email);
      await submit.click();
      await expect(panel.getByText(e.invalidEmail)).toHaveCount(0);
      await expect(panel.getByText(e.passwordRequired)).toBeVisible();
      await expect(panel.getByLabel(t.password, { exact: true })).toBeFocused();
    });
  });

  test.describe(`[${lang}] without JavaScript`, () => {
    test.use({ javaScriptEnabled: false });

    test("the server checks the seller form and keeps what was typed", async ({ page }) => {
      await page.goto(`/${lang}/auth/seller`);
      const panel = page.getByRole("tabpanel");
      await panel.getByRole("button", { name: t.submitRegister }).click();
      await expect(page).toHaveURL(`/${lang}/auth/seller`);
      await expectOnlyMessages(panel, t, emptyFormMessages(t, true));

      await panel.getByLabel(t.firstName).fill("A".repeat(10_000));
      await panel.getByLabel(t.lastName, { exact: true }).fill("Martin");
      await panel.getByLabel(t.email).fill("pas-un-email");
      await panel.getByLabel(t.password, { exact: true }).fill("court");
      await panel.getByLabel(t.confirmPassword).fill("court");
      await panel.getByLabel(t.country).selectOption({ label: "France" });
      await panel.getByLabel(t.terms).check();
      await panel.getByRole("button", { name: t.submitRegister }).click();
      await expectOnlyMessages(panel, t, [
        e.nameTooLong,
        e.invalidEmail,
        e.passwordTooShort,
        e.storeNameRequired,
      ]);
      await expect(panel.getByLabel(t.lastName, { exact: true })).toHaveValue("Martin");

      await panel.getByLabel(t.firstName).fill("Jeanne");
      await panel.getByLabel(t.email).fill(uniqueEmail("nojs"));
      await panel.getByLabel(t.password, { exact: true }).fill(password);
      await panel.getByLabel(t.confirmPassword).fill(`${password}-autre`);
      await panel.getByLabel(t.storeName).fill("");
      await panel.getByLabel(t.country).selectOption({ label: "France" });
      await panel.getByLabel(t.terms).check();
      await panel.getByRole("button", { name: t.submitRegister }).click();
      await expectOnlyMessages(panel, t, [e.passwordsMismatch, e.storeNameRequired]);
    });

    test("the server checks the sign-in form", async ({ page }) => {
      await page.goto(`/${lang}/auth`);
      const panel = page.getByRole("tabpanel");
      await panel.getByRole("button", { name: t.submitLogin, exact: true }).click();
      await expect(panel.getByText(e.emailRequired)).toBeVisible();
      await expect(panel.getByText(e.passwordRequired)).toBeVisible();
    });
  });
}
