import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import { entitlements } from "~/modules/db/schema";
import { zipSelection, zipStream } from "~/modules/commerce/downloads-zip.server";
import { zipLimits } from "~/modules/commerce/zip-limits";
import { originalKey, type FileStorage } from "~/modules/storage/file-storage.server";
import { createS3Client } from "~/modules/storage/s3-client.server";
import { createS3Storage } from "~/modules/storage/s3-storage.server";
import { signedInAs } from "../support/accounts";
import { flashKey } from "../support/checkout";
import { recordSale } from "../support/commerce";
import { localS3, type LocalS3 } from "../support/s3";
import { makeSubmission, viewerByEmail } from "../support/studio";
import type { CookieJar } from "../support/test-app";
import { postForm, testApp, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;
let sellerId: string;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  const seller = await signedInAs(app, "creator");
  sellerId = (await viewerByEmail(services, seller.email, "creator")).id;
});

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A buyer who bought `count` items; each item's originals hold random bytes of their own. */
async function buyerOwning(count: number, filesEach = 1) {
  const account = await signedInAs(app, "client");
  const id = (await viewerByEmail(services, account.email, "client")).id;
  const files: Array<{ id: string; fileName: string; bytes: Buffer }> = [];
  for (let index = 0; index < count; index++) {
    const made = await makeSubmission(services, sellerId, {
      status: "approved",
      files: filesEach,
    });
    for (const file of made.files) {
      const bytes = randomBytes(2_000 + index * 100);
      await services.storage.put(originalKey(file.id), bytes);
      files.push({ id: file.id, fileName: file.fileName, bytes });
    }
    await recordSale(services, id, made.submission);
  }
  return { ...account, id, files };
}

function postZip(ids: string[], jar?: CookieJar, lang = "fr") {
  const body = new URLSearchParams([["lang", lang], ...ids.map((id) => ["id", id])]);
  return app.fetch("/downloads/zip", {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost:3000",
    },
    cookies: jar,
  });
}

describe("POST /downloads/zip (several originals as one archive)", () => {
  it("streams exactly the chosen originals the buyer owns, byte for byte, with its length announced", async () => {
    const owner = await buyerOwning(2, 2);
    const response = await postZip(
      owner.files.map((file) => file.id),
      owner.jar,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="vitrine-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const archive = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(archive.length);
    const entries = unzipSync(archive);
    expect(Object.keys(entries).sort()).toEqual(owner.files.map((file) => file.fileName).sort());
    for (const file of owner.files) expect(sha(entries[file.fileName]!)).toBe(sha(file.bytes));
  });

  it("offers the selection on the downloads tab, in both languages", async () => {
    const owner = await buyerOwning(1);
    for (const [lang, label] of [
      ["fr", "Télécharger la sélection (.zip)"],
      ["en", "Download selection (.zip)"],
    ] as const) {
      const html = await (
        await app.fetch(`/${lang}/buyer-dashboard?tab=downloads`, { cookies: owner.jar })
      ).text();
      expect(html).toContain('action="/downloads/zip"');
      expect(html).toContain(label);
      expect(html).toContain(`value="${owner.files[0]!.id}"`);
    }
  });

  it("refuses the whole archive when one file is not the buyer's, was refunded, or nobody is signed in", async () => {
    const owner = await buyerOwning(1);
    const stranger = await buyerOwning(1);
    const mine = owner.files[0]!.id;
    expect((await postZip([mine, stranger.files[0]!.id], owner.jar)).status).toBe(404);
    expect((await postZip(["not-an-id"], owner.jar)).status).toBe(404);
    expect((await postZip([mine])).status).toBe(404);

    const refunded = await buyerOwning(1);
    await services.db
      .update(entitlements)
      .set({ revokedAt: new Date() })
      .where(eq(entitlements.buyerId, refunded.id));
    expect((await postZip([refunded.files[0]!.id], refunded.jar)).status).toBe(404);

    // A form posted from another site changes nothing and sends nothing.
    const crossSite = await app.fetch("/downloads/zip", {
      method: "POST",
      body: new URLSearchParams([["id", mine]]),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.example",
      },
      cookies: owner.jar,
    });
    expect(crossSite.status).toBe(403);
  });

  it("sends a selection past the limits, or an empty one, back to the tab with its message", async () => {
    const owner = await buyerOwning(1);
    const tooMany = Array.from({ length: zipLimits.files + 1 }, () => crypto.randomUUID());
    const refused = await postZip(tooMany, owner.jar, "en");
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/en/buyer-dashboard?tab=downloads");
    expect(flashKey(refused)).toBe("commerce.zip.tooManyFiles");
    const empty = await postForm(app, "/downloads/zip", { lang: "fr" }, { cookies: owner.jar });
    expect(flashKey(empty)).toBe("commerce.zip.empty");

    // Sizes come from the storage: files that weigh more than the limit together are refused.
    const heavy: FileStorage = Object.assign(Object.create(services.storage) as FileStorage, {
      stat: async (key: string) => {
        const real = await services.storage.stat(key);
        return real && { ...real, size: zipLimits.bytes / 2 + 1 };
      },
    });
    const two = await buyerOwning(2);
    const outcome = await zipSelection(
      { db: services.db, storage: heavy },
      { id: two.id, role: "client" },
      two.files.map((file) => file.id),
    );
    expect(outcome).toEqual({ refused: "tooLarge" });
    const tooLarge = await postZip(
      two.files.map((file) => file.id),
      two.jar,
    );
    expect(tooLarge.status).toBe(200);
  });
});

describe("the archive from an S3 bucket", () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await localS3();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it("reads each original through the storage interface", async () => {
    const bucket = createS3Storage(
      createS3Client({
        endpoint: s3.endpoint,
        region: "us-east-1",
        bucket: s3.bucket,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
      }),
      s3.bucket,
    );
    const owner = await buyerOwning(3);
    for (const file of owner.files) await bucket.put(originalKey(file.id), file.bytes);
    const selection = await zipSelection(
      { db: services.db, storage: bucket },
      { id: owner.id, role: "client" },
      owner.files.map((file) => file.id),
    );
    if (!("entries" in selection)) throw new Error(`refused: ${selection.refused}`);
    const { stream, length } = await zipStream(bucket, selection.entries);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const archive = Buffer.concat(chunks);
    expect(archive.length).toBe(length);
    const entries = unzipSync(new Uint8Array(archive));
    for (const file of owner.files) expect(sha(entries[file.fileName]!)).toBe(sha(file.bytes));
  });
});
