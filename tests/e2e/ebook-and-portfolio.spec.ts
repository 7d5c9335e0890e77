import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoPdf } from "../../app/modules/demo/demo-media.server";
import { createAccount, expectToast, open } from "./support/app";
import { pngFile } from "./support/files";
import { approveAsAdmin } from "./support/review";

/** What a person reads, per language (written here, not imported from the catalogs). */
const words = {
  fr: {
    pagesHeading: "Aperçu des pages",
    pageOf: (page: number, count: number) => `Page ${page} sur ${count}`,
    next: "Page suivante",
    avatar: /^Avatar/,
    notImage: "Choisissez une image JPEG, PNG, WebP ou GIF.",
    chosen: "Image envoyée : elle sera enregistrée avec le profil.",
    bio: "Présentation (français)",
    save: "Enregistrer le profil",
    saved: "Profil de la boutique enregistré",
    publicPage: "Voir ma page publique",
    sales: "Ventes",
  },
  en: {
    pagesHeading: "Page preview",
    pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
    next: "Next page",
    avatar: /^Avatar/,
    notImage: "Choose a JPEG, PNG, WebP or GIF picture.",
    chosen: "Picture uploaded: it will be saved with the profile.",
    bio: "About (English)",
    save: "Save profile",
    saved: "Shop profile saved",
    publicPage: "View my public page",
    sales: "Sales",
  },
};

const tus = { "Tus-Resumable": "1.0.0" };

/** Sends a file as the studio does (tus), with a purpose; returns its upload id. */
async function upload(request: APIRequestContext, file: string, purpose = "original") {
  const bytes = fs.readFileSync(file);
  const meta = { filename: path.basename(file), purpose };
  const created = await request.post("/api/uploads", {
    headers: {
      ...tus,
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": Object.entries(meta)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
        .join(","),
    },
  });
  expect(created.status()).toBe(201);
  const location = created.headers()["location"]!;
  const patched = await request.fetch(location, {
    method: "PATCH",
    headers: { ...tus, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    data: bytes,
  });
  expect(patched.status()).toBe(204);
  return location.split("/").pop()!;
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

/** Reloads until `locator` shows: the media worker makes previews after the upload. */
async function reloadUntilVisible(page: Page, locator: ReturnType<Page["getByTestId"]>) {
  await expect(async () => {
    await page.reload();
    await expect(locator).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/** True once the image has arrived and decoded. */
const loaded = (image: ReturnType<Page["getByTestId"]>) =>
  image.evaluate((element) => (element as HTMLImageElement).naturalWidth > 0);

for (const lang of ["fr", "en"] as const) {
  const w = words[lang];

  test(`[${lang}] an ebook's product page pages through its rendered pages; its creator's bio and avatar show on the public page`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const token = `zq${randomUUID().replace(/-/g, "").slice(0, 6)}`;
    const title = `Carnet ${token}`;
    await createAccount(page.request, { seller: true, lang });
    const dir = testInfo.outputPath();
    fs.mkdirSync(dir, { recursive: true });
    const pdf = path.join(dir, "carnet.pdf");
    fs.writeFileSync(pdf, demoPdf("Couverture", ["Chapitre 1", "Chapitre 2", "Chapitre 3"]));
    const bookId = await upload(page.request, pdf);
    const coverId = await upload(page.request, await pngFile(dir, "cover.png", 300, 450), "cover");
    const published = await page.request.post(`/${lang}/product-management`, {
      form: {
        intent: "publish",
        uploadId: bookId,
        [`title_${lang}`]: title,
        [`description_${lang}`]: "Un carnet de quatre pages.",
        kind: "ebook",
        categoryId: "",
        price: "3.99",
        coverUploadId: coverId,
      },
    });
    expect(published.ok()).toBe(true);
    await (await approveAsAdmin(browser, title)).close();

    // The product page: the cover, then the book's pages, turned with the keyboard.
    await open(page, `/${lang}/marketplace?q=${encodeURIComponent(token)}`);
    await page.getByTestId("item-card").getByRole("link", { name: title }).click();
    await page.waitForURL(new RegExp(`/${lang}/product/`));
    const pages = page.getByTestId("ebook-pages");
    await reloadUntilVisible(page, pages);
    await expect(pages.getByRole("heading", { name: w.pagesHeading })).toBeVisible();
    const shown = pages.getByTestId("ebook-page");
    await expect(pages.getByText(w.pageOf(1, 4))).toBeVisible();
    await expect.poll(() => loaded(shown)).toBe(true);
    const next = pages.getByRole("button", { name: w.next });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(pages.getByText(w.pageOf(2, 4))).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(pages.getByText(w.pageOf(3, 4))).toBeVisible();
    await page.keyboard.press("End");
    await expect(pages.getByText(w.pageOf(4, 4))).toBeVisible();
    await expect(shown).toHaveAttribute("src", new RegExp(`/media/${bookId}/page-4`));
    await expect.poll(() => loaded(shown)).toBe(true);
    await page.keyboard.press("Home");
    await expect(pages.getByText(w.pageOf(1, 4))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The portfolio: a file that is not a picture is refused by the server, a picture is kept.
    await open(page, `/${lang}/portfolio`);
    await expect(page.getByRole("term").filter({ hasText: w.sales })).toBeVisible();
    const avatarInput = page.getByLabel(w.avatar);
    const disguised = path.join(dir, "pas-une-image.png");
    fs.writeFileSync(disguised, demoPdf("Pas une image", []));
    await avatarInput.setInputFiles(disguised);
    await expect(page.getByRole("alert").filter({ hasText: w.notImage })).toBeVisible();
    await avatarInput.setInputFiles(await pngFile(dir, "avatar.png", 500, 500));
    await expect(page.getByText(w.chosen)).toBeVisible();
    const bio = `Carnets et guides de voyage ${token}.`;
    await page.getByLabel(w.bio).fill(bio);
    await page.getByRole("button", { name: w.save }).click();
    await expectToast(page, w.saved);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: w.publicPage }).click();
    await expect(page.getByTestId("creator-bio")).toHaveText(bio);
    const avatar = page.getByTestId("creator-avatar");
    await expect(async () => {
      await page.reload();
      await expect(avatar).toHaveAttribute("src", /\/thumbnail\?v=/, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect.poll(() => loaded(avatar)).toBe(true);
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
