import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contentSubmissions, uploads } from "~/modules/db/schema";
import { signedInAs } from "../support/accounts";
import { pngBytes } from "../support/files";
import { mediaProcessed, postFields, productFields, uploadFile } from "../support/studio";
import { testApp, type CookieJar, type TestApp } from "../support/test-app";

const variants = [
  "thumbnail",
  "preview",
  "poster",
  "clip",
  "audio",
  "original",
  "..%2F..%2Fetc%2Fpasswd",
];
let app: TestApp;
let seller: CookieJar;
let admin: CookieJar;

beforeAll(async () => {
  app = await testApp();
  seller = (await signedInAs(app, "creator")).jar;
  admin = (await signedInAs(app, "admin")).jar;
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Every same-site URL a page's HTML points at (src, href, poster), resolved. */
function linksIn(html: string): string[] {
  return [...html.matchAll(/(?:src|href|poster)="([^"]+)"/g)]
    .map((match) => match[1]!.replaceAll("&amp;", "&"))
    .filter((url) => url.startsWith("/"));
}

async function publishedImage(title: string) {
  const source = pngBytes(300, 200, [10, 120, 200]);
  const id = await uploadFile(app, seller, source, `${title}.png`);
  await mediaProcessed(app);
  const response = await postFields(
    app,
    "/fr/product-management",
    productFields(id, "publish", { title, description: "Une image." }),
    seller,
  );
  expect(response.status).toBe(200);
  return { id, source };
}

describe("media files", () => {
  it("serves a submission's previews to its seller and admins only until it is approved", async () => {
    const { id } = await publishedImage("privee");
    const other = (await signedInAs(app, "creator")).jar;
    expect((await app.fetch(`/media/${id}/thumbnail`, { cookies: seller })).status).toBe(200);
    expect((await app.fetch(`/media/${id}/preview`, { cookies: admin })).status).toBe(200);
    expect((await app.fetch(`/media/${id}/preview`)).status).toBe(404);
    expect((await app.fetch(`/media/${id}/preview`, { cookies: other })).status).toBe(404);

    const { db } = await app.services();
    const upload = await db.query.uploads.findFirst({ where: eq(uploads.id, id) });
    await db
      .update(contentSubmissions)
      .set({ status: "approved", approvedAt: new Date() })
      .where(eq(contentSubmissions.id, upload!.submissionId!));
    const thumbnail = await app.fetch(`/media/${id}/thumbnail`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/jpeg");
    expect(thumbnail.headers.get("cache-control")).toContain("public");
  });

  it("answers byte ranges, as players ask for them", async () => {
    const { id } = await publishedImage("plage");
    const whole = new Uint8Array(
      await (await app.fetch(`/media/${id}/preview`, { cookies: seller })).arrayBuffer(),
    );
    const part = await app.fetch(`/media/${id}/preview`, {
      cookies: seller,
      headers: { Range: "bytes=10-19" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 10-19/${whole.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(whole.subarray(10, 20));
    const beyond = await app.fetch(`/media/${id}/preview`, {
      cookies: seller,
      headers: { Range: `bytes=${whole.length}-` },
    });
    expect(beyond.status).toBe(416);
  });

  it("never serves the original's bytes from any URL the seller's and public pages expose", async () => {
    const { id, source } = await publishedImage("secret");
    const original = sha256(source);
    const pages = [
      "/fr/product-management",
      "/fr/seller-dashboard",
      "/fr/seller-dashboard?tab=content",
      "/fr/portfolio",
      "/fr/marketplace",
      "/fr",
    ];
    const urls = new Set(variants.map((variant) => `/media/${id}/${variant}`));
    urls.add(`/api/uploads/${id}`);
    for (const path of pages) {
      for (const who of [seller, admin, undefined]) {
        const html = await (await app.fetch(path, { cookies: who })).text();
        for (const url of linksIn(html)) if (url.includes(id)) urls.add(url);
      }
    }
    for (const url of urls) {
      for (const who of [seller, admin, undefined]) {
        const response = await app.fetch(url, {
          cookies: who,
          headers: { "Tus-Resumable": "1.0.0" },
        });
        const body = new Uint8Array(await response.arrayBuffer());
        expect(sha256(body), `${url} served the original`).not.toBe(original);
      }
    }
    // The previews exist and were checked above: they differ from the original.
    expect(urls.size).toBeGreaterThanOrEqual(variants.length + 1);
  });
});
