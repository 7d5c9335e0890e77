import { expect, test, type Page, type Request } from "@playwright/test";
import { createAccount, expectToast, open, tabTo, waitForHydration } from "./support/app";
import {
  expectFileStatus,
  fileChooserOpenedBy,
  fileRow,
  htmlFile,
  pickFiles,
  pngFile,
  sparseFile,
  truncatedJpeg,
  wavFile,
} from "./support/files";
import { texts, uploadMessages } from "./support/texts";

const fr = texts.fr.upload;
const en = texts.en.upload;

function fileList(page: Page, title: string) {
  return page.getByRole("region", { name: title });
}

test.describe("[fr] upload step", () => {
  test("a creator uploads files, finds them after a reload, removes one, and is told what is refused", async ({
    page,
  }, testInfo) => {
    await createAccount(page.request, { seller: true });
    await open(page, "/fr/file-upload");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr.title);
    await expect(page.getByText(fr.step)).toBeVisible();
    await expect(page.getByText(fr.limits)).toBeVisible();

    // Nothing uploaded yet: continuing is refused.
    await page.getByRole("link", { name: fr.continue }).click();
    await expectToast(page, fr.needFile);
    await expect(page).toHaveURL("/fr/file-upload");

    const dir = testInfo.outputPath();
    const photo = await pngFile(dir, "coucher-de-soleil.png");
    const sound = wavFile(dir, "ambiance-forêt.wav");
    await pickFiles(page, fr.dropZone, [photo, sound]);
    const list = fileList(page, fr.listTitle);
    await expectFileStatus(list, "coucher-de-soleil.png", fr.completed);
    await expectFileStatus(list, "ambiance-forêt.wav", fr.completed);
    await expectToast(page, uploadMessages.fr.succeeded(2));

    // The list comes from the server: a reload keeps it.
    await page.reload();
    await waitForHydration(page);
    await expectFileStatus(list, "coucher-de-soleil.png", fr.completed);
    await expectFileStatus(list, "ambiance-forêt.wav", fr.completed);
    await expect(list.getByRole("listitem")).toHaveCount(2);

    await list.getByRole("button", { name: fr.remove("ambiance-forêt.wav") }).click();
    await expectToast(page, fr.removed("ambiance-forêt.wav"));
    await expect(fileRow(list, "ambiance-forêt.wav")).toHaveCount(0);
    await page.reload();
    await waitForHydration(page);
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expectFileStatus(list, "coucher-de-soleil.png", fr.completed);

    // An HTML page named like a photo is judged by its bytes.
    const refusal = uploadMessages.fr.typeNotSupported("text/html");
    await pickFiles(page, fr.dropZone, [htmlFile(dir, "photo.jpg")]);
    await expectFileStatus(list, "photo.jpg", refusal);
    await expectToast(page, uploadMessages.fr.uploadFailed(refusal));

    // Over 1000 MB: refused at once, before any byte is sent.
    const uploadsStarted: Request[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/uploads")) uploadsStarted.push(request);
    });
    await pickFiles(page, fr.dropZone, [sparseFile(dir, "film-4k.mp4", 1001 * 1024 * 1024)]);
    await expectFileStatus(list, "film-4k.mp4", uploadMessages.fr.fileTooLarge);
    await expectToast(page, uploadMessages.fr.uploadFailed(uploadMessages.fr.fileTooLarge));
    expect(uploadsStarted).toEqual([]);

    // One file is complete: the next step opens.
    await page.getByRole("link", { name: fr.continue }).click();
    await expect(page).toHaveURL("/fr/product-management");
  });

  test("cancelling an upload in progress deletes it on the server", async ({ page }, testInfo) => {
    await createAccount(page.request, { seller: true });
    await open(page, "/fr/file-upload");
    // Hold the bytes back, so that the upload is still running when it is cancelled.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/uploads/*", async (route) => {
      if (route.request().method() === "PATCH") {
        await held;
        await route.abort().catch(() => undefined);
        return;
      }
      await route.continue();
    });
    const created = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.status() === 201,
    );
    await pickFiles(page, fr.dropZone, [wavFile(testInfo.outputPath(), "prise-longue.wav")]);
    await created;
    const list = fileList(page, fr.listTitle);
    await expectFileStatus(list, "prise-longue.wav", fr.uploading);
    await expect(
      list.getByRole("progressbar", { name: fr.progress("prise-longue.wav") }),
    ).toBeVisible();

    const deleted = page.waitForResponse(
      (response) => response.request().method() === "DELETE" && response.status() === 204,
    );
    await list.getByRole("button", { name: fr.cancel("prise-longue.wav") }).click();
    await deleted;
    release();
    await expect(fileRow(list, "prise-longue.wav")).toHaveCount(0);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.reload();
    await waitForHydration(page);
    await expect(fileRow(list, "prise-longue.wav")).toHaveCount(0);
  });

  test("re-selecting a file after a reload resumes its upload where it stopped", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await createAccount(page.request, { seller: true });
    await open(page, "/fr/file-upload");
    // 40 MB: the first 32 MiB chunk goes through, every later chunk is cut off.
    const long = wavFile(testInfo.outputPath(), "concert-live.wav", 40 * 1000 * 1000);
    await page.route("**/api/uploads/*", async (route) => {
      const request = route.request();
      if (request.method() === "PATCH" && request.headers()["upload-offset"] !== "0") {
        await route.abort("connectionreset");
        return;
      }
      await route.continue();
    });
    const firstChunk = page.waitForResponse(
      (response) => response.request().method() === "PATCH" && response.status() === 204,
      { timeout: 60_000 },
    );
    await pickFiles(page, fr.dropZone, [long]);
    await firstChunk;

    // Reload first: a retry slipping through before it would finish the upload.
    await page.reload();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await waitForHydration(page);
    const list = fileList(page, fr.listTitle);
    const row = fileRow(list, "concert-live.wav");
    await expect(row.getByText(fr.interrupted)).toBeVisible();
    await expect(row.getByText(fr.resumeHint)).toBeVisible();
    const progress = row.getByRole("progressbar", { name: fr.progress("concert-live.wav") });
    expect(Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(50);

    const sent: { method: string; offset: string | undefined }[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/uploads")) {
        sent.push({ method: request.method(), offset: request.headers()["upload-offset"] });
      }
    });
    await pickFiles(page, fr.dropZone, [long]);
    await expectFileStatus(list, "concert-live.wav", fr.completed);
    await expect(list.getByRole("listitem")).toHaveCount(1);
    // Resumed, not started again: no new upload, and the bytes went on from the stored offset.
    expect(sent.filter((request) => request.method === "POST")).toEqual([]);
    expect(sent.some((request) => request.method === "HEAD")).toBe(true);
    const patches = sent.filter((request) => request.method === "PATCH");
    expect(patches.length).toBeGreaterThan(0);
    expect(Number(patches[0]!.offset)).toBeGreaterThan(0);
    await page.reload();
    await waitForHydration(page);
    await expectFileStatus(list, "concert-live.wav", fr.completed);
  });

  test("the drop zone opens the file picker from the keyboard", async ({ page }) => {
    await createAccount(page.request, { seller: true });
    await open(page, "/fr/file-upload");
    const dropZone = page.getByRole("button", { name: fr.dropZone });
    await tabTo(page, dropZone);
    const chooser = await fileChooserOpenedBy(page, () => page.keyboard.press("Enter"));
    expect(chooser.isMultiple()).toBe(true);
  });

  test("the account menu leads a creator to the upload step", async ({ page }) => {
    await createAccount(page.request, { seller: true });
    await open(page, "/fr/marketplace");
    await page.getByRole("button", { name: texts.fr.accountMenu }).click();
    await page.getByRole("menuitem", { name: fr.menuItem }).click();
    await expect(page).toHaveURL("/fr/file-upload");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr.title);
    await page.getByRole("link", { name: fr.cancelStep, exact: true }).click();
    await expect(page).toHaveURL("/fr/seller-dashboard");
  });

  test("a client is refused and a visitor is asked to sign in", async ({ page }) => {
    const visitor = await open(page, "/fr/file-upload");
    expect(visitor?.status()).toBe(401);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.fr.guard.signInRequired);
    await expect(page.getByText(texts.fr.guard.unauthorized)).toBeVisible();

    await createAccount(page.request);
    const client = await open(page, "/fr/file-upload");
    expect(client?.status()).toBe(403);
    await expect(page.getByText(texts.fr.guard.sellerOnly)).toBeVisible();
    await expect(page.getByRole("button", { name: fr.dropZone })).toHaveCount(0);
  });
});

test.describe("[en] upload step", () => {
  test("speaks English, with the fixed messages", async ({ page }, testInfo) => {
    await createAccount(page.request, { lang: "en", seller: true });
    await open(page, "/en/file-upload");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.title);
    await expect(page.getByText(en.step)).toBeVisible();
    await expect(page.getByText(en.limits)).toBeVisible();
    await expect(page.getByRole("link", { name: en.cancelStep, exact: true })).toBeVisible();

    await page.getByRole("link", { name: en.continue }).click();
    await expectToast(page, en.needFile);

    const dir = testInfo.outputPath();
    const refusal = uploadMessages.en.typeNotSupported("text/html");
    await pickFiles(page, en.dropZone, [
      await pngFile(dir, "harbour.png"),
      htmlFile(dir, "photo.jpg"),
    ]);
    const list = fileList(page, en.listTitle);
    await expectFileStatus(list, "harbour.png", en.completed);
    await expectFileStatus(list, "photo.jpg", refusal);
    await expectToast(page, uploadMessages.en.uploadFailed(refusal));
    await expectToast(page, uploadMessages.en.succeeded(1));
    await expectToast(page, uploadMessages.en.failed(1));
  });
});

// A file whose bytes say JPEG passes the upload's type check; its previews are made in the
// media process (a child of the production server), which cannot read it: the error it sends
// back reaches the seller as the translated reason, not as a generic failure.
const damaged = {
  fr: { name: "photo-abimee.jpg", reason: "Fichier endommagé ou tronqué : il n'a pas pu être lu." },
  en: { name: "damaged-photo.jpg", reason: "Damaged or truncated file: it could not be read." },
} as const;

for (const lang of ["fr", "en"] as const) {
  test(`[${lang}] a damaged photo is uploaded, and its processing says why it failed`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const words = texts[lang].upload;
    await createAccount(page.request, { lang, seller: true });
    await open(page, `/${lang}/file-upload`);
    const photo = await truncatedJpeg(testInfo.outputPath(), damaged[lang].name);
    await pickFiles(page, words.dropZone, [photo]);
    const list = fileList(page, words.listTitle);
    await expectFileStatus(list, damaged[lang].name, words.completed);
    await expect(async () => {
      await page.reload();
      await expect(fileRow(list, damaged[lang].name).getByText(damaged[lang].reason)).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 60_000 });
  });
}
