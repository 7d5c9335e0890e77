import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { contentSubmissions, jobs, uploads, user } from "~/modules/db/schema";
import { listStudioUploads, uploadsDirectory } from "~/modules/uploads/studio-uploads.server";
import { signedInAs } from "../support/accounts";
import { pngBytes } from "../support/files";
import { mediaProcessed } from "../support/studio";
import { postForm, testApp, type CookieJar, type TestApp } from "../support/test-app";

const tus = { "Tus-Resumable": "1.0.0" };

let app: TestApp;

interface Seller {
  jar: CookieJar;
  id: string;
}

async function seller(role: "creator" | "admin" = "creator"): Promise<Seller> {
  const { jar, email } = await signedInAs(app, role);
  const { db } = await app.services();
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { jar, id: row!.id };
}

/** Sends `sent` bytes of `bytes` through tus; gives the upload's id. */
async function upload(
  owner: Seller,
  fileName: string,
  bytes: Buffer,
  sent = bytes.length,
  expected = 204,
) {
  const created = await app.fetch("/api/uploads", {
    method: "POST",
    headers: {
      ...tus,
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": `filename ${Buffer.from(fileName).toString("base64")}`,
    },
    cookies: owner.jar,
  });
  expect(created.status).toBe(201);
  const location = created.headers.get("location")!;
  if (sent > 0) {
    const patched = await app.fetch(location, {
      method: "PATCH",
      headers: {
        ...tus,
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Uint8Array(bytes.subarray(0, sent)),
      cookies: owner.jar,
    });
    expect(patched.status).toBe(expected);
  }
  return location.split("/").pop()!;
}

async function directory() {
  return uploadsDirectory((await app.services()).env.dataDir);
}

async function rowOf(id: string) {
  const { db } = await app.services();
  return db.query.uploads.findFirst({ where: eq(uploads.id, id) });
}

function discard(owner: Seller, id: string) {
  return postForm(app, "/fr/file-upload", { intent: "discard", id }, { cookies: owner.jar });
}

beforeAll(async () => {
  app = await testApp();
});

describe("the seller's studio files", () => {
  it("lists the owner's unfinished and complete originals, newest last, with bytes received", async () => {
    const owner = await seller();
    const other = await seller();
    const photo = pngBytes(40, 30);
    const big = Buffer.concat([pngBytes(8, 8), Buffer.alloc(200_000, 7)]);
    const complete = await upload(owner, "photo.png", photo);
    const partial = await upload(owner, "big.png", big, 50_000);
    await upload(other, "not-mine.png", pngBytes(4, 4));
    await mediaProcessed(app);

    const { db } = await app.services();
    const listed = await listStudioUploads(db, owner.id, await directory());
    expect(listed.map((file) => file.fileName)).toEqual(["photo.png", "big.png"]);
    expect(listed[0]).toMatchObject({
      id: complete,
      size: photo.length,
      status: "complete",
      detectedMime: "image/png",
      processingStatus: "ready",
      processingError: null,
      receivedBytes: photo.length,
      inDraft: false,
    });
    expect(listed[1]).toMatchObject({
      id: partial,
      status: "uploading",
      size: big.length,
      receivedBytes: 50_000,
      detectedMime: null,
    });
    expect(new Date(listed[0]!.createdAt).getTime()).toBeLessThanOrEqual(
      new Date(listed[1]!.createdAt).getTime(),
    );
  });

  it("leaves out files of submitted products, refused files and covers, keeps drafts' files", async () => {
    const owner = await seller();
    const { db } = await app.services();
    const inDraft = await upload(owner, "draft.png", pngBytes(4, 4));
    const submitted = await upload(owner, "submitted.png", pngBytes(4, 4));
    const cover = await upload(owner, "cover.png", pngBytes(4, 4));
    const html = Buffer.from("<!doctype html><html><body>hi</body></html>");
    const refused = await upload(owner, "page.jpg", html, html.length, 415);
    const [draft] = await db
      .insert(contentSubmissions)
      .values({ creatorId: owner.id, kind: "photo", status: "draft" })
      .returning({ id: contentSubmissions.id });
    const [pending] = await db
      .insert(contentSubmissions)
      .values({ creatorId: owner.id, kind: "photo", status: "pending" })
      .returning({ id: contentSubmissions.id });
    await db.update(uploads).set({ submissionId: draft!.id }).where(eq(uploads.id, inDraft));
    await db.update(uploads).set({ submissionId: pending!.id }).where(eq(uploads.id, submitted));
    await db.update(uploads).set({ purpose: "cover" }).where(eq(uploads.id, cover));

    const listed = await listStudioUploads(db, owner.id, await directory());
    expect(listed.map((file) => [file.fileName, file.inDraft])).toEqual([["draft.png", true]]);
    expect((await rowOf(refused))?.status).toBe("rejected");
  });

  it("shows the listed files on the page, to their owner only", async () => {
    const owner = await seller();
    const other = await seller();
    await upload(owner, "sunset-unique.png", pngBytes(4, 4));
    const mine = await app.fetch("/fr/file-upload", { cookies: owner.jar });
    expect(mine.status).toBe(200);
    const html = await mine.text();
    expect(html).toContain("sunset-unique.png");
    expect(html).toContain("Étape 1 sur 2");
    const theirs = await (await app.fetch("/fr/file-upload", { cookies: other.jar })).text();
    expect(theirs).not.toContain("sunset-unique.png");
  });
});

describe("the upload page", () => {
  it("labels each file's processing, in the page's language, with the worker's error", async () => {
    const owner = await seller();
    const { db } = await app.services();
    const statuses = ["queued", "processing", "ready", "failed"] as const;
    for (const status of statuses) {
      const id = await upload(owner, `${status}.png`, pngBytes(4, 4));
      // The worker is done with it; then the test puts it in each state the page can show.
      await mediaProcessed(app);
      await db
        .update(uploads)
        .set({
          processingStatus: status,
          processingError: status === "failed" ? "corrupt" : null,
        })
        .where(eq(uploads.id, id));
    }
    const fr = await (await app.fetch("/fr/file-upload", { cookies: owner.jar })).text();
    for (const label of ["En file d'attente", "Traitement…", "Prêt", "Échec du traitement"]) {
      expect(fr).toContain(label.replace("'", "&#x27;"));
    }
    expect(fr).toContain("Fichier endommagé ou tronqué : il n&#x27;a pas pu être lu.");
    const en = await (await app.fetch("/en/file-upload", { cookies: owner.jar })).text();
    for (const label of ["Queued", "Processing…", "Ready", "Processing failed"]) {
      expect(en).toContain(label);
    }
  });

  it("says a truncated JPEG could not be read, after the real worker failed on it once", async () => {
    const owner = await seller();
    const whole = await sharp({
      create: { width: 640, height: 480, channels: 3, background: "#2a6" },
    })
      .jpeg()
      .toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 3));
    const id = await upload(owner, "coupee.jpg", truncated);
    await mediaProcessed(app);

    const { db } = await app.services();
    const job = await db.query.jobs.findFirst({
      where: sql`${jobs.payload} ->> 'uploadId' = ${id}`,
    });
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    expect(await rowOf(id)).toMatchObject({
      processingStatus: "failed",
      processingError: "corrupt",
      derivatives: {},
    });
    const fr = await (await app.fetch("/fr/file-upload", { cookies: owner.jar })).text();
    expect(fr).toContain("Fichier endommagé ou tronqué : il n&#x27;a pas pu être lu.");
  });

  it("shows an unfinished upload as interrupted, with how to resume it", async () => {
    const owner = await seller();
    await upload(owner, "long-take.wav", Buffer.alloc(1000, 1), 400);
    const html = await (await app.fetch("/fr/file-upload", { cookies: owner.jar })).text();
    expect(html).toMatch(/Interrompu à 40\s?%/u);
    expect(html).toContain("Sélectionnez à nouveau le même fichier");
    expect(html).toContain('aria-valuenow="40"');
  });
});

describe("removing a studio file", () => {
  it("removes the owner's row, original and tus info file", async () => {
    const owner = await seller();
    const id = await upload(owner, "remove-me.png", pngBytes(10, 10));
    const original = path.join(await directory(), id);
    expect(fs.existsSync(original)).toBe(true);
    expect(fs.existsSync(`${original}.json`)).toBe(true);

    const response = await discard(owner, id);
    expect(response.status).toBe(200);
    expect(await rowOf(id)).toBeUndefined();
    expect(fs.existsSync(original)).toBe(false);
    expect(fs.existsSync(`${original}.json`)).toBe(false);
    // The toast comes with the next page (flash cookie).
    expect(response.headers.get("set-cookie")).toMatch(/vitrine_flash=[^;]/);
  });

  it("removes an interrupted upload too", async () => {
    const owner = await seller();
    const id = await upload(owner, "half.png", Buffer.alloc(1000, 1), 400);
    expect((await discard(owner, id)).status).toBe(200);
    expect(await rowOf(id)).toBeUndefined();
    expect(fs.existsSync(path.join(await directory(), id))).toBe(false);
  });

  it("refuses another creator and an admin, and changes nothing", async () => {
    const owner = await seller();
    const id = await upload(owner, "keep-me.png", pngBytes(10, 10));
    const original = path.join(await directory(), id);
    for (const intruder of [await seller("creator"), await seller("admin")]) {
      const response = await discard(intruder, id);
      expect(response.status).toBe(404);
      // No "file removed" toast is queued (at most the page clears an old one).
      expect(response.headers.get("set-cookie") ?? "").not.toMatch(/vitrine_flash=[^;]/);
    }
    expect((await rowOf(id))?.status).toBe("complete");
    expect(fs.existsSync(original)).toBe(true);
    expect(fs.existsSync(`${original}.json`)).toBe(true);
  });

  it("refuses a file that a product already uses", async () => {
    const owner = await seller();
    const id = await upload(owner, "used.png", pngBytes(10, 10));
    const { db } = await app.services();
    const [draft] = await db
      .insert(contentSubmissions)
      .values({ creatorId: owner.id, kind: "photo" })
      .returning({ id: contentSubmissions.id });
    await db.update(uploads).set({ submissionId: draft!.id }).where(eq(uploads.id, id));
    expect((await discard(owner, id)).status).toBe(404);
    expect(await rowOf(id)).toBeDefined();
  });

  it("answers 400 to a malformed request", async () => {
    const owner = await seller();
    expect(
      (await postForm(app, "/fr/file-upload", { intent: "other" }, { cookies: owner.jar })).status,
    ).toBe(400);
  });
});

describe("the 100-file limit", () => {
  it("counts only the studio: files of submitted products have left it", async () => {
    const owner = await seller();
    const { db } = await app.services();
    const [submission] = await db
      .insert(contentSubmissions)
      .values({ creatorId: owner.id, kind: "photo", status: "approved" })
      .returning({ id: contentSubmissions.id });
    const rows = (submissionId: string | null, prefix: string) =>
      Array.from({ length: 50 }, (_, index) => ({
        id: `${prefix}-${owner.id}-${index}`,
        ownerId: owner.id,
        fileName: `file-${index}.png`,
        size: 10,
        status: "complete" as const,
        submissionId,
      }));
    await db.insert(uploads).values([...rows(submission!.id, "sold"), ...rows(null, "studio")]);
    // 50 in the studio: room for more.
    await upload(owner, "fifty-first.png", pngBytes(4, 4));
    await db.insert(uploads).values(
      Array.from({ length: 49 }, (_, index) => ({
        id: `more-${owner.id}-${index}`,
        ownerId: owner.id,
        fileName: `more-${index}.png`,
        size: 10,
        status: "complete" as const,
      })),
    );
    const refused = await app.fetch("/api/uploads", {
      method: "POST",
      headers: { ...tus, "Upload-Length": "10" },
      cookies: owner.jar,
    });
    expect(refused.status).toBe(400);
    expect(JSON.parse(await refused.text())).toMatchObject({ code: "tooManyFiles" });
  });
});
