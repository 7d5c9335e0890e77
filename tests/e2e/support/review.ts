import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
} from "@playwright/test";
import { expectToast, open, signInByRequest } from "./app";
import { demo } from "./texts";

const tus = { "Tus-Resumable": "1.0.0" };

/**
 * A seller's product sent to review, made through the same endpoints the upload page and the
 * product form use (the studio's own browser tests drive those pages).
 */
export async function sendToReview(
  request: APIRequestContext,
  lang: string,
  file: string,
  title: string,
  product: { kind?: "photo" | "video"; price?: string; name?: string } = {},
): Promise<{ uploadId: string; name: string }> {
  const { kind = "photo", price = "12" } = product;
  const bytes = await fs.readFile(file);
  const name = product.name ?? `${randomUUID().slice(0, 8)}.png`;
  const created = await request.post("/api/uploads", {
    headers: {
      ...tus,
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": `filename ${Buffer.from(name).toString("base64")}`,
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
  const uploadId = location.split("/").pop()!;
  const published = await request.post(`/${lang}/product-management`, {
    form: {
      intent: "publish",
      uploadId,
      // Written in the page's language; the other stays empty (the pages fall back to this one).
      [`title_${lang}`]: title,
      [`description_${lang}`]:
        kind === "video" ? "Une vidéo envoyée en validation." : "Une photo envoyée en validation.",
      kind,
      categoryId: "",
      price,
      coverUploadId: "",
    },
  });
  expect(published.ok(), await published.text()).toBe(true);
  return { uploadId, name };
}

/**
 * The demo admin approves `title` from the moderation page, in a browser of their own, which is
 * returned for the caller to close (after timing what the approval changes elsewhere).
 */
export async function approveAsAdmin(browser: Browser, title: string): Promise<BrowserContext> {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInByRequest(admin.request, demo.admin);
  await open(admin, "/fr/admin/moderation");
  await admin
    .getByRole("listitem", { name: title })
    .getByRole("button", { name: "Approuver" })
    .click();
  await expectToast(admin, "Contenu approuvé");
  return adminContext;
}
