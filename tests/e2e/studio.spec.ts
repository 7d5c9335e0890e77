import { expect, test, type Page } from "@playwright/test";
import { createAccount, expectToast, open } from "./support/app";
import { mp4File, noisyJpeg, pdfFile, pngFile, wavFile } from "./support/files";
import { fileButton, uploadAll } from "./support/studio";

const studio = {
  fr: {
    // The page's language column of the side-by-side text.
    title: "Titre (Français)",
    description: "Description (Français)",
    generate: "Générer avec l'IA",
    aiFallback: "IA indisponible, métadonnées de base générées",
    saveDraft: "Sauvegarder le brouillon",
    draftSaved: (title: string) => `Brouillon sauvegardé: ${title}`,
    publish: "Publier",
    published: "Produit publié avec succès",
    ebookForm: "Fiche ebook",
    cover: "Image de couverture",
    coverRequired: "Une image de couverture est obligatoire pour publier un ebook",
    coverTooLarge: "L'image de couverture ne peut pas dépasser 2MB",
    titleRequired: "Le titre est obligatoire pour sauvegarder",
    pending: "En attente",
    dashboardTitle: "Tableau de bord vendeur",
  },
  en: {
    title: "Title (English)",
    description: "Description (English)",
    generate: "Generate with AI",
    aiFallback: "AI unavailable, basic metadata generated",
    saveDraft: "Save draft",
    draftSaved: (title: string) => `Draft saved: ${title}`,
    publish: "Publish",
    published: "Product published successfully",
    ebookForm: "Ebook details",
    cover: "Cover image",
    coverRequired: "A cover image is required to publish an ebook",
    coverTooLarge: "The cover image cannot exceed 2MB",
    titleRequired: "A title is required to save",
    pending: "Pending",
    dashboardTitle: "Seller dashboard",
  },
};

async function describeAndPublish(page: Page, lang: "fr" | "en", name: string, title: string) {
  const words = studio[lang];
  await fileButton(page, name).click();
  await page.getByLabel(words.title).fill(title);
  await page.getByLabel(words.description).fill(`${title} — description.`);
  await page.getByRole("button", { name: words.publish, exact: true }).click();
  await expectToast(page, words.published);
}

test.describe("seller studio, from upload to review", () => {
  test("[fr] a seller uploads an image, a video, an audio file and a PDF, describes them and sends them to review", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const words = studio.fr;
    await createAccount(page.request, { seller: true });
    const dir = testInfo.outputPath();
    const files = [
      await pngFile(dir, "plage-ete.png"),
      mp4File(dir, "vagues.mp4"),
      wavFile(dir, "ambiance.wav"),
      pdfFile(dir, "guide-photo.pdf"),
    ];
    await uploadAll(page, "fr", files);

    // The image, described by the AI fallback, saved as a draft first.
    await fileButton(page, "plage-ete.png").click();
    await page.getByRole("button", { name: words.saveDraft }).click();
    await expectToast(page, words.titleRequired);
    await page.getByRole("button", { name: words.generate, exact: true }).click();
    await expectToast(page, words.aiFallback);
    const title = page.getByLabel(words.title);
    await expect(title).not.toHaveValue("");
    const proposed = await title.inputValue();
    expect(proposed.toLowerCase()).toContain("plage");
    await page.getByRole("button", { name: words.saveDraft }).click();
    await expectToast(page, words.draftSaved(proposed));
    await page.getByRole("button", { name: words.publish, exact: true }).click();
    await expectToast(page, words.published);

    await describeAndPublish(page, "fr", "vagues.mp4", "Vagues sur la plage");
    await describeAndPublish(page, "fr", "ambiance.wav", "Ambiance de forêt");

    // The PDF gets the ebook form, which needs a cover image of 2 MB at most.
    await fileButton(page, "guide-photo.pdf").click();
    await expect(page.getByRole("heading", { name: words.ebookForm })).toBeVisible();
    await page.getByLabel(words.title).fill("Guide de la photo");
    await page.getByLabel(words.description).fill("Un guide pour bien photographier.");
    await page.getByRole("button", { name: words.publish, exact: true }).click();
    await expectToast(page, words.coverRequired);
    const formAlert = page.locator("main form").getByRole("alert");
    await expect(formAlert).toHaveText(words.coverRequired);
    const coverInput = page
      .getByLabel(words.cover, { exact: true })
      .and(page.locator("input[type=file]"));
    await coverInput.setInputFiles(await noisyJpeg(dir, "trop-lourde.jpg", 1400, 1400));
    await expectToast(page, words.coverTooLarge);
    await coverInput.setInputFiles(await pngFile(dir, "couverture.png", 300, 450));
    await expect(page.getByRole("img", { name: words.cover })).toBeVisible();
    // The valid cover answers the earlier refusal: its message goes.
    await expect(formAlert).toHaveCount(0);
    await page.getByRole("button", { name: words.publish, exact: true }).click();
    await expectToast(page, words.published);

    // Nothing left in the studio: the dashboard comes after two seconds.
    await expect(page).toHaveURL("/fr/seller-dashboard", { timeout: 10_000 });
    await open(page, "/fr/seller-dashboard?tab=content");
    await expect(page.getByText(words.pending, { exact: true })).toHaveCount(4);
  });

  test("[en] the same steps in English", async ({ page }, testInfo) => {
    const words = studio.en;
    await createAccount(page.request, { seller: true, lang: "en" });
    const dir = testInfo.outputPath();
    await uploadAll(page, "en", [await pngFile(dir, "mountain-lake.png")]);
    await page.getByRole("button", { name: words.generate, exact: true }).click();
    await expectToast(page, words.aiFallback);
    await expect(page.getByLabel(words.title)).toHaveValue(/mountain lake/i);
    await page.getByLabel(words.description).fill("A calm mountain lake.");
    await page.getByRole("button", { name: words.publish, exact: true }).click();
    await expectToast(page, words.published);
    await expect(page).toHaveURL("/en/seller-dashboard", { timeout: 10_000 });
    await open(page, "/en/seller-dashboard?tab=content");
    await expect(page.getByText(words.pending, { exact: true })).toHaveCount(1);
  });
});
