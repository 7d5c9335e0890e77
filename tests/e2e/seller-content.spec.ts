import { expect, test } from "@playwright/test";
import { createAccount, expectToast, open } from "./support/app";
import { pngFile } from "./support/files";
import { fileButton, uploadAll } from "./support/studio";
import { langs } from "./support/texts";

/** A seller's content after step 2: edited, sent to review, then deleted from the list. */
const words = {
  fr: {
    // The page's language column of the side-by-side text.
    title: "Titre (Français)",
    description: "Description (Français)",
    saveDraft: "Sauvegarder le brouillon",
    draftSaved: (title: string) => `Brouillon sauvegardé: ${title}`,
    menu: (title: string) => `Actions pour « ${title} »`,
    edit: "Modifier",
    editTitle: "Titre (Français)",
    submit: "Envoyer en validation",
    submitted: "Contenu envoyé en validation",
    pending: "En attente",
    draft: "Brouillon",
    delete: "Supprimer",
    confirm: "Êtes-vous sûr de vouloir supprimer ce contenu ? Cette action est irréversible.",
    confirmButton: "Supprimer définitivement",
    deleted: (title: string) => `Contenu "${title}" supprimé définitivement`,
    empty: "Aucun contenu pour l'instant",
  },
  en: {
    title: "Title (English)",
    description: "Description (English)",
    saveDraft: "Save draft",
    draftSaved: (title: string) => `Draft saved: ${title}`,
    menu: (title: string) => `Actions for “${title}”`,
    edit: "Edit",
    editTitle: "Title (English)",
    submit: "Send for review",
    submitted: "Content sent for review",
    pending: "Pending",
    draft: "Draft",
    delete: "Delete",
    confirm: "Are you sure you want to delete this content? This action cannot be undone.",
    confirmButton: "Delete permanently",
    deleted: (title: string) => `Content "${title}" permanently deleted`,
    empty: "No content yet",
  },
};

for (const lang of langs) {
  const w = words[lang];
  test(`[${lang}] a seller edits a draft, sends it to review, then deletes it`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    await createAccount(page.request, { seller: true, lang });
    await uploadAll(page, lang, [await pngFile(testInfo.outputPath(), "colline.png")]);
    await fileButton(page, "colline.png").click();
    await page.getByLabel(w.title).fill("Colline");
    await page.getByRole("button", { name: w.saveDraft }).click();
    await expectToast(page, w.draftSaved("Colline"));

    await open(page, `/${lang}/seller-dashboard?tab=content`);
    const row = page.getByRole("listitem").filter({ hasText: "Colline" });
    await expect(row.getByText(w.draft, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: w.menu("Colline") }).click();
    await page.getByRole("menuitem", { name: w.edit }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/seller-dashboard/content/`));

    await page.getByLabel(w.editTitle, { exact: true }).fill("Colline au matin");
    await page.getByLabel(w.description).fill("Une colline dans la brume.");
    await page.getByRole("button", { name: w.submit }).click();
    await expectToast(page, w.submitted);

    await open(page, `/${lang}/seller-dashboard?tab=content`);
    const edited = page.getByRole("listitem").filter({ hasText: "Colline au matin" });
    await expect(edited.getByText(w.pending, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: w.menu("Colline au matin") }).click();
    await page.getByRole("menuitem", { name: w.delete }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByText(w.confirm)).toBeVisible();
    await dialog.getByRole("button", { name: w.confirmButton }).click();
    await expectToast(page, w.deleted("Colline au matin"));
    await expect(page.getByText(w.empty)).toBeVisible();
  });
}
