import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createAccount, expectToast, open, signInByRequest } from "./support/app";
import { mp4File, pngFile } from "./support/files";
import { sendToReview } from "./support/review";
import { demo, langs } from "./support/texts";

/** Moderation with the originals, filters, shortcuts and bulk decisions (record 0050). */
const words = {
  fr: {
    openOriginal: (name: string) => `Ouvrir l'original de ${name}`,
    originalOf: (name: string) => `Original de ${name}`,
    select: (title: string) => `Sélectionner « ${title} »`,
    bulkApprove: "Approuver la sélection",
    bulkDone: "3 contenu(s) traité(s)",
    shortcuts: "Raccourcis clavier",
    kind: "Type",
    video: "Vidéo",
    filter: "Filtrer",
  },
  en: {
    openOriginal: (name: string) => `Open the original of ${name}`,
    originalOf: (name: string) => `Original of ${name}`,
    select: (title: string) => `Select “${title}”`,
    bulkApprove: "Approve selection",
    bulkDone: "3 item(s) handled",
    shortcuts: "Keyboard shortcuts",
    kind: "Kind",
    video: "Video",
    filter: "Filter",
  },
};

/** A video product sent to review through the upload and product endpoints. */
function sendVideo(request: APIRequestContext, lang: string, file: string, title: string) {
  return sendToReview(request, lang, file, title, {
    kind: "video",
    price: "60",
    name: `${title}.mp4`,
  });
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

for (const lang of langs) {
  const w = words[lang];
  test(`[${lang}] an admin plays a 4K video's original from its card and approves three items at once`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const sellerContext = await browser.newContext();
    await createAccount(sellerContext.request, { lang, seller: true });
    const dir = testInfo.outputPath();
    const suffix = randomUUID().slice(0, 6);
    const videoTitle = `Vague ${suffix}`;
    const video = await sendVideo(
      sellerContext.request,
      lang,
      mp4File(dir, "vague-4k.mp4", { width: 3840, height: 2160 }),
      videoTitle,
    );
    const photo = await pngFile(dir, "photo.png", 320, 200);
    const titles = [`Lot un ${suffix}`, `Lot deux ${suffix}`, `Lot trois ${suffix}`];
    for (const title of titles) await sendToReview(sellerContext.request, lang, photo, title);

    // The original is for admins only: its own seller gets a 404.
    const originalUrl = `/admin/originals/${video.uploadId}`;
    expect((await sellerContext.request.get(originalUrl)).status()).toBe(404);
    await sellerContext.close();

    await signInByRequest(page.request, demo.admin);
    await open(page, `/${lang}/admin/moderation?kind=video`);
    await expect(page.getByText(w.shortcuts)).toBeVisible();
    await expect(page.getByLabel(w.kind)).toHaveValue("video");
    expect(await seriousViolations(page)).toEqual([]);

    const videoCard = page.getByRole("listitem", { name: videoTitle });
    await videoCard.getByRole("button", { name: w.openOriginal(video.name) }).click();
    const player = videoCard.getByLabel(w.originalOf(video.name));
    await expect(player).toHaveAttribute("src", originalUrl);
    // The browser reads the original's metadata (a Range request) and knows its full duration.
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => element.duration))
      .toBeGreaterThan(1.5);
    // The original itself, in 4K, not the small watermarked clip buyers preview.
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => element.videoWidth))
      .toBe(3840);
    await page.screenshot({ path: testInfo.outputPath(`moderation-${lang}-1280.png`) });

    await open(page, `/${lang}/admin/moderation`);
    for (const title of titles) await page.getByRole("checkbox", { name: w.select(title) }).check();
    // x on a card chosen with the keyboard ticks it too; ticking twice leaves it unticked.
    const firstCard = page.getByRole("listitem", { name: titles[0] });
    await firstCard.focus();
    await page.keyboard.press("x");
    await expect(page.getByRole("checkbox", { name: w.select(titles[0]!) })).not.toBeChecked();
    await page.keyboard.press("x");
    await expect(page.getByRole("checkbox", { name: w.select(titles[0]!) })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`moderation-top-${lang}-1280.png`) });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`moderation-${lang}-375.png`) });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("button", { name: w.bulkApprove }).click();
    await expectToast(page, w.bulkDone);
    for (const title of titles)
      await expect(page.getByRole("listitem", { name: title })).toHaveCount(0);
    await expect(page.getByRole("listitem", { name: videoTitle })).toBeVisible();
  });
}
