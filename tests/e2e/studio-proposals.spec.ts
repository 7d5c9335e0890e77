import { expect, test } from "@playwright/test";
import { createAccount, expectToast, open, waitForHydration } from "./support/app";
import { pngFile } from "./support/files";
import { fileButton, uploadAll } from "./support/studio";
import { langs } from "./support/texts";

/** Proposals never overwrite what the seller typed; the bulk publish asks first (record 0050). */
const words = {
  fr: {
    // The page's language column of the side-by-side text, then the other one.
    title: "Titre (Français)",
    otherTitle: "Titre (Anglais)",
    generateAll: "Tout générer avec l'IA",
    aiFallback: "IA indisponible, métadonnées de base générées",
    publishAll: "Publier tous les produits prêts",
    dialogTitle: "Publier 2 produit(s) ?",
    confirm: "Publier ces 2 produit(s)",
    cancel: "Annuler",
    published: "2 produit(s) publié(s) avec succès!",
    toReview: "Proposition à relire",
    fillsEmpty: "L'IA remplit les champs vides",
    price: "Prix",
    category: "Catégorie",
  },
  en: {
    title: "Title (English)",
    otherTitle: "Title (French)",
    generateAll: "Generate all with AI",
    aiFallback: "AI unavailable, basic metadata generated",
    publishAll: "Publish all ready products",
    dialogTitle: "Publish 2 product(s)?",
    confirm: "Publish these 2 product(s)",
    cancel: "Cancel",
    published: "2 product(s) published successfully!",
    toReview: "Proposal to review",
    fillsEmpty: "AI fills empty fields",
    price: "Price",
    category: "Category",
  },
};

for (const lang of langs) {
  const w = words[lang];
  test(`[${lang}] batch generation keeps a typed title, proposals survive a reload, and the bulk publish asks first`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await createAccount(page.request, { lang, seller: true });
    const dir = testInfo.outputPath();
    await uploadAll(page, lang, [
      await pngFile(dir, "marche-de-noel.png"),
      await pngFile(dir, "coucher-de-soleil.png"),
    ]);

    // The seller types a title on the first file, then asks for everything.
    await fileButton(page, "marche-de-noel.png").click();
    const title = page.getByLabel(w.title, { exact: true });
    await title.fill("Mon titre tapé");
    await expect(page.getByRole("button", { name: w.fillsEmpty })).toBeVisible();
    await page.getByRole("button", { name: w.generateAll }).click();
    await expectToast(page, w.aiFallback);
    await expect(page.getByRole("button", { name: w.generateAll })).toBeEnabled();
    await expect(title).toHaveValue("Mon titre tapé");
    // Each language on its own: the other language's empty title was filled.
    await expect(page.getByLabel(w.otherTitle, { exact: true })).not.toHaveValue("");

    // The other file got a proposal, kept as a draft, not ready until the seller looks at it.
    // Files are listed by their title once they have one.
    const other = fileButton(page, lang === "fr" ? "Coucher de soleil" : "Sunset");
    const typed = fileButton(page, "Mon titre tapé");
    await expect(other).toContainText(w.toReview);
    await page.screenshot({ path: testInfo.outputPath(`studio-${lang}-1280.png`), fullPage: true });
    await page.reload();
    await waitForHydration(page);
    await expect(other).toContainText(w.toReview);
    await typed.click();
    await expect(title).toHaveValue("Mon titre tapé");
    await expect(typed).not.toContainText(w.toReview);
    await other.click();
    await expect(title).not.toHaveValue("");
    const proposed = await title.inputValue();
    expect(proposed.toLowerCase()).toContain(lang === "fr" ? "coucher de soleil" : "sunset");
    await expect(other).not.toContainText(w.toReview);

    // The bulk publish lists what it will publish and waits for a yes.
    await page.getByRole("button", { name: w.publishAll }).click();
    const dialog = page.getByRole("dialog", { name: w.dialogTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("columnheader", { name: w.price })).toBeVisible();
    await expect(dialog.getByRole("columnheader", { name: w.category })).toBeVisible();
    await expect(dialog.getByRole("row", { name: /Mon titre tapé/ })).toBeVisible();
    await expect(dialog.getByRole("row", { name: new RegExp(proposed) })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`studio-dialog-${lang}-375.png`) });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`studio-dialog-${lang}-1280.png`) });
    await dialog.getByRole("button", { name: w.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(typed).toBeVisible();

    await page.getByRole("button", { name: w.publishAll }).click();
    await page.getByRole("dialog").getByRole("button", { name: w.confirm }).click();
    await expectToast(page, w.published);
    await expect(page).toHaveURL(`/${lang}/seller-dashboard`);
    await open(page, `/${lang}/seller-dashboard?tab=content`);
    await expect(page.getByText("Mon titre tapé")).toBeVisible();
  });
}
