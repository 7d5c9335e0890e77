import { expect, type Page } from "@playwright/test";
import { open, waitForHydration } from "./app";
import { expectFileStatus, pickFiles } from "./files";
import { texts, type Lang } from "./texts";

/** Uploads files on the upload step, waits for each to complete, then goes to step 2. */
export async function uploadAll(page: Page, lang: Lang, files: string[]) {
  const upload = texts[lang].upload;
  await open(page, `/${lang}/file-upload`);
  await pickFiles(page, upload.dropZone, files);
  const list = page.getByRole("region", { name: upload.listTitle });
  for (const file of files) await expectFileStatus(list, file.split("/").pop()!, upload.completed);
  await page.getByRole("link", { name: upload.continue }).click();
  await expect(page).toHaveURL(`/${lang}/product-management`);
  await waitForHydration(page);
}

/** The button that selects one uploaded file in step 2's list. */
export function fileButton(page: Page, name: string) {
  return page
    .getByRole("navigation", { name: /Fichiers envoyés|Uploaded files/ })
    .getByRole("button", { name: new RegExp(name.replace(".", "\\.")) });
}
