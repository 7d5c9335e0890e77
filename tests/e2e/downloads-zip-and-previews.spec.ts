import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs/promises";
import { unzipSync } from "fflate";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, open, tabTo } from "./support/app";

// Only demo items are used and no catalogue item is created, so other specs' searches and
// counts stay the demo's (tests/e2e/catalogue.spec.ts).
const demo = {
  video: "Mire animée HD",
  audio: "Accord majeur apaisant",
  freePhoto: "Lac de montagne au petit matin",
  photo: "Coucher de soleil sur les dunes",
};

const words = {
  fr: {
    selectAll: "Tout sélectionner",
    submit: "Télécharger la sélection (.zip)",
    empty: "Sélectionnez au moins un fichier.",
    selected: /^1 fichier sélectionné · .+$/,
    play: (title: string) => `Écouter ou voir l'aperçu de ${title}`,
    zoom: "Agrandir l'aperçu",
    zoomTitle: (title: string) => `Aperçu agrandi : ${title}`,
    zoomLevel: "150 %",
  },
  en: {
    selectAll: "Select all",
    submit: "Download selection (.zip)",
    empty: "Select at least one file.",
    selected: /^1 file selected · .+$/,
    play: (title: string) => `Play the preview of ${title}`,
    zoom: "Enlarge the preview",
    zoomTitle: (title: string) => `Enlarged preview: ${title}`,
    zoomLevel: "150%",
  },
} as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

/** A demo item's product page path, found through the marketplace's search. */
async function productPath(page: Page, lang: "fr" | "en", title: string): Promise<string> {
  await open(page, `/${lang}/marketplace?q=${encodeURIComponent(title)}`);
  const link = page.getByTestId("item-card").getByRole("link", { name: title, exact: true });
  return (await link.getAttribute("href"))!;
}

/** The marketplace card of a demo item, once its media preview has been made. */
async function cardWithPreview(page: Page, lang: "fr" | "en", title: string) {
  const card = page
    .getByTestId("item-card")
    .filter({ has: page.getByRole("link", { name: title, exact: true }) });
  const button = card.getByRole("button", { name: words[lang].play(title) });
  // The demo's media are processed by the worker after the first start.
  await expect(async () => {
    await open(page, `/${lang}/marketplace?q=${encodeURIComponent(title)}`);
    await expect(button).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  return { card, button };
}

/** Whether the media element has played some of its preview. */
function playing(page: Page, testId: string) {
  return page
    .getByTestId(testId)
    .evaluate((media: HTMLMediaElement) => !media.paused && media.currentTime > 0);
}

for (const lang of ["fr", "en"] as const) {
  const t = words[lang];

  test(`downloads tab: the selected originals arrive as one .zip (${lang})`, async ({ page }) => {
    await createAccount(page.request, { lang });
    const path = await productPath(page, lang, demo.freePhoto);
    const submissionId = path.split("/").pop()!;
    const claimed = await page.request.post(`/${lang}/checkout`, {
      form: { intent: "claim-free", submissionId },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(claimed.ok()).toBe(true);

    await open(page, `/${lang}/buyer-dashboard?tab=downloads`);
    const submit = page.getByRole("button", { name: t.submit });
    await submit.click();
    await expect(page.getByRole("alert").filter({ hasText: t.empty })).toBeVisible();
    await page.getByRole("checkbox", { name: t.selectAll }).check();
    await expect(page.getByTestId("zip-summary")).toHaveText(t.selected);
    const boxes = page.getByTestId("zip-checkbox");
    await expect(boxes).toHaveCount(1);
    for (const box of await boxes.all()) await expect(box).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), submit.click()]);
    expect(download.suggestedFilename()).toMatch(/^vitrine-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipSync(new Uint8Array(await fs.readFile((await download.path())!)));
    const names = Object.keys(entries);
    expect(names).toHaveLength(await boxes.count());
    // The entry is the original itself: the same bytes as the single download's.
    const single = await page.request.get(
      `/downloads/${await boxes.first().getAttribute("value")}`,
    );
    expect(single.ok()).toBe(true);
    expect(Buffer.from(entries[names[0]!]!).equals(await single.body())).toBe(true);
  });

  test(`result grid: a card plays its preview on hover and on keyboard focus, only then (${lang})`, async ({
    page,
  }) => {
    const { card, button } = await cardWithPreview(page, lang, demo.video);
    // Nothing of the clip is asked for before the reader shows interest.
    await expect(page.locator("video")).toHaveCount(0);
    const size = async () => {
      const box = (await card.boundingBox())!;
      return { width: box.width, height: box.height };
    };
    const before = await size();
    await card.hover();
    await expect.poll(() => playing(page, "card-preview-video")).toBe(true);
    expect(
      await page.getByTestId("card-preview-video").evaluate((v: HTMLVideoElement) => v.muted),
    ).toBe(true);
    // The clip lies over the picture: the card keeps its size.
    expect(await size()).toEqual(before);
    await page.mouse.move(0, 0);
    await expect(page.getByTestId("card-preview-video")).toHaveCount(0);

    // From the keyboard: focus on the card plays, its button (pressed) stops.
    await tabTo(page, button);
    await expect.poll(() => playing(page, "card-preview-video")).toBe(true);
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("card-preview-video")).toHaveCount(0);
    await expect(button).toHaveAttribute("aria-pressed", "false");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`result grid: with reduced motion nothing plays by itself; the button plays the audio (${lang})`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const { card } = await cardWithPreview(page, lang, demo.video);
    await card.hover();
    await expect(card.getByRole("button", { name: t.play(demo.video) })).toBeVisible();
    await expect(page.getByTestId("card-preview-video")).toHaveCount(0);

    const audio = await cardWithPreview(page, lang, demo.audio);
    await audio.button.click();
    await expect.poll(() => playing(page, "card-preview-audio")).toBe(true);
    await audio.button.click();
    await expect(page.getByTestId("card-preview-audio")).toHaveCount(0);
  });

  test(`product page: the watermarked still opens in a zoom dialog, by keyboard (${lang})`, async ({
    page,
  }) => {
    const path = await productPath(page, lang, demo.photo);
    const opener = page.getByRole("button", { name: t.zoom });
    // The watermarked still is made by the worker after the first start.
    await expect(async () => {
      await open(page, path);
      await expect(opener).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 90_000 });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: t.zoomTitle(demo.photo) });
    await expect(dialog).toBeVisible();
    const image = dialog.getByRole("img", { name: demo.photo });
    await expect(image).toHaveAttribute("src", /\/media\/[0-9a-f-]+\/preview/);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await page.keyboard.press("+");
    await expect(dialog.getByTestId("zoom-level")).toContainText(t.zoomLevel);
    await page.keyboard.press("ArrowLeft");
    await expect(image).toHaveAttribute("style", /translate\(60px, 0px\) scale\(1\.5\)/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
}
