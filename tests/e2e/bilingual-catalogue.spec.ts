import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, expectToast, open } from "./support/app";
import { pngFile } from "./support/files";
import { approveAsAdmin } from "./support/review";
import { fileButton, uploadAll } from "./support/studio";

/** A product's text in both languages, from the studio to the pages of both languages. */
const words = {
  fr: {
    frTitle: "Titre (Français)",
    frDescription: "Description (Français)",
    enTitle: "Titre (Anglais)",
    enDescription: "Description (Anglais)",
    frColumn: "Français",
    enColumn: "Anglais",
    generate: "Générer avec l'IA",
    publish: "Publier",
    published: "Produit publié avec succès",
    noProviderFr:
      "Aucune traduction automatique n'est configurée : écrivez le texte français vous-même. En attendant, les pages en français montrent le texte anglais.",
  },
  en: {
    frTitle: "Title (French)",
    frDescription: "Description (French)",
    enTitle: "Title (English)",
    enDescription: "Description (English)",
    frColumn: "French",
    enColumn: "English",
    generate: "Generate with AI",
    publish: "Publish",
    published: "Product published successfully",
    noProviderFr:
      "No automatic translation is configured: write the French text yourself. Until then, French pages show the English text.",
  },
};

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

/** The titles of the marketplace's result cards. */
const cardTitles = (page: Page) => page.getByTestId("item-card").getByRole("heading");

test.describe("bilingual catalogue", () => {
  test("[fr] a creator writes French, takes the proposed English, and the item is found in both languages", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const w = words.fr;
    const token = `zq${randomUUID().replace(/-/g, "").slice(0, 6)}`;
    const frenchTitle = `Coucher de soleil sur la falaise ${token}`;
    await createAccount(page.request, { seller: true, lang: "fr" });
    await uploadAll(page, "fr", [
      await pngFile(testInfo.outputPath(), "coucher-de-soleil-falaise.png", 320, 200),
    ]);
    await fileButton(page, "coucher-de-soleil-falaise.png").click();

    // Both languages side by side, the page's first, each labelled.
    const french = page.getByRole("region", { name: w.frColumn, exact: true });
    const english = page.getByRole("region", { name: w.enColumn, exact: true });
    await expect(french).toBeVisible();
    await expect(english).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The proposals fill both languages; the creator then writes their own French text.
    await page.getByRole("button", { name: w.generate, exact: true }).click();
    await expect(page.getByLabel(w.enTitle)).toHaveValue(/sunset/i);
    await page.getByLabel(w.frTitle).fill(frenchTitle);
    await page.getByLabel(w.frDescription).fill("Un ciel orange derrière les sommets.");
    await page.getByLabel(w.enDescription).fill("An orange sky behind the peaks.");
    // Priced, so the catalogue specs' free-photo listings stay the demo's on this shared server.
    await page.getByLabel("Prix (€)").fill("12");
    const englishTitle = await page.getByLabel(w.enTitle).inputValue();
    await page.getByRole("button", { name: w.publish, exact: true }).click();
    await expectToast(page, w.published);

    await (await approveAsAdmin(browser, frenchTitle)).close();

    // An English search on /en and a French one on /fr find it, each in its page's language.
    await open(page, `/en/marketplace?q=${encodeURIComponent(`sunset ${token}`)}`);
    await expect(cardTitles(page)).toHaveText([englishTitle]);
    await open(page, `/fr/marketplace?q=${encodeURIComponent(`coucher ${token}`)}`);
    await expect(cardTitles(page)).toHaveText([frenchTitle]);
    // The French word finds it from the English page too.
    await open(page, `/en/marketplace?q=${encodeURIComponent(`coucher ${token}`)}`);
    await expect(cardTitles(page)).toHaveText([englishTitle]);

    await cardTitles(page).getByRole("link").click();
    await expect(page).toHaveURL(/\/en\/product\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(englishTitle);
    await expect(page.getByText("An orange sky behind the peaks.")).toBeVisible();
  });

  test("[en] a creator writes English only, is told the French is theirs to write, and French pages show the English", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const w = words.en;
    const token = `zq${randomUUID().replace(/-/g, "").slice(0, 6)}`;
    const englishTitle = `Harbour lights ${token}`;
    await createAccount(page.request, { seller: true, lang: "en" });
    await uploadAll(page, "en", [await pngFile(testInfo.outputPath(), "port.png", 320, 200)]);
    await page.getByLabel(w.enTitle).fill(englishTitle);
    await page.getByLabel(w.enDescription).fill("Boats at night in the harbour.");
    await page.getByLabel("Price (€)").fill("12");
    // No AI provider is configured here: the French column says what happens without it.
    await expect(
      page.getByRole("region", { name: w.frColumn, exact: true }).getByText(w.noProviderFr),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: w.publish, exact: true }).click();
    await expectToast(page, w.published);

    await (await approveAsAdmin(browser, englishTitle)).close();

    await open(page, `/fr/marketplace?q=${encodeURIComponent(`harbour ${token}`)}`);
    await expect(cardTitles(page)).toHaveText([englishTitle]);
    await expect(cardTitles(page)).toHaveAttribute("lang", "en");
    await cardTitles(page).getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(englishTitle);
  });
});
