import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, expectToast, open, password, tabTo, uniqueEmail } from "./support/app";
import { expectFileStatus, htmlFile, pickFiles, pngFile } from "./support/files";
import { texts, uploadMessages } from "./support/texts";

const pages = ["/fr", "/en", "/fr/auth", "/en/auth", "/fr/auth/seller", "/fr/nowhere"];

/** axe violations a person would be blocked by: impact serious or critical. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe, ${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    for (const path of pages) {
      test(`${path} has no serious or critical violation`, async ({ page }) => {
        await open(page, path);
        expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)).toBe(
          colorScheme === "dark",
        );
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test("the open sign-in dialog and the register form's errors have no serious violation", async ({
      page,
    }) => {
      await open(page, "/fr");
      await page.getByRole("banner").getByRole("button", { name: texts.fr.headerSignIn }).click();
      const dialog = page.getByRole("dialog", { name: texts.fr.dialogTitle });
      await dialog.getByRole("tab", { name: texts.fr.registerTab }).click();
      await dialog.getByRole("button", { name: texts.fr.submitRegister }).click();
      await expect(dialog.getByText(texts.fr.errors.termsRequired)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the upload step with complete, refused and interrupted files has no serious violation", async ({
      page,
    }, testInfo) => {
      const t = texts.fr.upload;
      await createAccount(page.request, { seller: true });
      // An upload left unfinished: 400 of its 1000 bytes reached the server.
      const tus = { "Tus-Resumable": "1.0.0" };
      const created = await page.request.post("/api/uploads", {
        headers: {
          ...tus,
          "Upload-Length": "1000",
          "Upload-Metadata": `filename ${Buffer.from("unfinished.wav").toString("base64")}`,
        },
      });
      expect(created.status()).toBe(201);
      await page.request.patch(created.headers()["location"]!, {
        headers: {
          ...tus,
          "Upload-Offset": "0",
          "Content-Type": "application/offset+octet-stream",
        },
        data: Buffer.alloc(400, 1),
      });

      await open(page, "/fr/file-upload");
      const dir = testInfo.outputPath();
      await pickFiles(page, t.dropZone, [await pngFile(dir, "a.png"), htmlFile(dir, "photo.jpg")]);
      const list = page.getByRole("region", { name: t.listTitle });
      await expectFileStatus(list, "a.png", t.completed);
      await expectFileStatus(list, "photo.jpg", uploadMessages.fr.typeNotSupported("text/html"));
      await expectFileStatus(list, "unfinished.wav", t.interrupted);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe("keyboard only", () => {
  test("the first Tab offers the skip link", async ({ page }) => {
    await open(page, "/fr");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Aller au contenu" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
  });

  test("signs in on /fr/auth", async ({ page, request }) => {
    const account = await createAccount(request);
    await open(page, "/fr/auth");
    const panel = page.getByRole("tabpanel");
    const email = panel.getByLabel(texts.fr.email);
    await tabTo(page, email);
    await page.keyboard.type(account.email);
    await page.keyboard.press("Tab");
    await expect(panel.getByLabel(texts.fr.password, { exact: true })).toBeFocused();
    await page.keyboard.type(account.password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/fr");
    await expectToast(page, texts.fr.toast.signedIn);
  });

  test("signs up on /fr/auth", async ({ page }) => {
    const t = texts.fr;
    await open(page, "/fr/auth");
    const loginTab = page.getByRole("tab", { name: t.loginTab });
    await tabTo(page, loginTab);
    await page.keyboard.press("ArrowRight");
    const registerTab = page.getByRole("tab", { name: t.registerTab });
    await expect(registerTab).toBeFocused();
    await expect(registerTab).toHaveAttribute("aria-selected", "true");

    const panel = page.getByRole("tabpanel");
    const fields: [string, string][] = [
      [t.firstName, "Jeanne"],
      [t.lastName, "Clavier"],
      [t.email, uniqueEmail("keyboard")],
      [t.password, password],
      [t.confirmPassword, password],
    ];
    for (const [label, value] of fields) {
      await tabTo(page, panel.getByLabel(label, { exact: true }), 5);
      await page.keyboard.type(value);
    }
    const country = panel.getByLabel(t.country);
    await tabTo(page, country, 3);
    await page.keyboard.type("France");
    await expect(country).toHaveValue("fr");
    const terms = panel.getByLabel(t.terms);
    await tabTo(page, terms, 3);
    await page.keyboard.press("Space");
    await expect(terms).toBeChecked();
    await tabTo(page, panel.getByRole("button", { name: t.submitRegister }), 3);
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL("/fr");
    await expectToast(page, t.toast.signedUp);
  });

  test("the sign-in dialog opens, traps and returns the focus", async ({ page }) => {
    await open(page, "/fr");
    const trigger = page.getByRole("banner").getByRole("button", { name: texts.fr.headerSignIn });
    await tabTo(page, trigger);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: texts.fr.dialogTitle });
    await expect(dialog).toBeVisible();
    // The focus is inside the dialog and stays there.
    for (let presses = 0; presses < 15; presses++) {
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});
