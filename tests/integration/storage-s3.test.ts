import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import { orders, uploads } from "~/modules/db/schema";
import { enqueueJob } from "~/modules/jobs/job-queue.server";
import { processMediaJobType } from "~/modules/media/media-jobs.server";
import { testEvent } from "~/modules/payments/test-provider.server";
import { signedInAs } from "../support/accounts";
import { addToCart, checkout, payWithCard } from "../support/checkout";
import { pngBytes } from "../support/files";
import { drainJobs } from "../support/jobs";
import { localS3, s3Env, type LocalS3 } from "../support/s3";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { testApp, type TestApp } from "../support/test-app";

let s3: LocalS3;
let app: TestApp;
let services: Services;
let sellerId: string;

beforeAll(async () => {
  s3 = await localS3();
  app = await testApp({ env: s3Env(s3) });
  services = await app.services();
  const seller = await signedInAs(app, "creator");
  sellerId = (await viewerByEmail(services, seller.email, "creator")).id;
});

afterAll(async () => {
  await s3?.close();
});

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Every file under a directory, relative to it. */
async function filesUnder(directory: string): Promise<string[]> {
  const entries = await fs.readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

/** An approved product whose original (a real PNG) is in the bucket, processed by its job. */
async function processedProduct(bytes: Buffer) {
  const { submission, files } = await makeSubmission(services, sellerId, {
    status: "approved",
    priceCents: 900,
  });
  const file = files[0]!;
  // What the tus store over S3 leaves at the end of an upload: the bytes at uploads/<id>.
  await services.storage.put(`uploads/${file.id}`, bytes);
  await services.db
    .update(uploads)
    .set({ processingStatus: "queued", sha256: sha256(bytes) })
    .where(eq(uploads.id, file.id));
  await enqueueJob(services.db, processMediaJobType, { uploadId: file.id });
  services.worker?.wake();
  await drainJobs(services);
  return { submission, uploadId: file.id };
}

describe("files in an S3 bucket (STORAGE_DRIVER=s3)", () => {
  it("runs the media job on the bucket's original and serves its previews from the bucket", async () => {
    const { uploadId } = await processedProduct(pngBytes(900, 600, [30, 120, 200]));
    const row = await services.db.query.uploads.findFirst({ where: eq(uploads.id, uploadId) });
    expect(row!.processingStatus).toBe("ready");
    const version = row!.derivatives.preview!;
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    const keys = (await services.storage.list(`media/${uploadId}/`)).map((object) => object.key);
    // The JPEG previews and their WebP copies by width (none wider than the 900 px image).
    expect(keys).toEqual(
      ["card-320", "card-640", "preview", "still-640", "thumbnail"].map(
        (name) => `media/${uploadId}/${name}`,
      ),
    );

    const preview = await app.fetch(`/media/${uploadId}/preview?v=${version}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/jpeg");
    expect(preview.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await preview.arrayBuffer());
    expect(body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // a JPEG
    // Its version is the start of its SHA-256: the URL names these bytes for good.
    expect(sha256(body).startsWith(version)).toBe(true);
    const etag = preview.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);

    const again = await app.fetch(`/media/${uploadId}/preview?v=${version}`, {
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    const unversioned = await app.fetch(`/media/${uploadId}/thumbnail`, {
      headers: { Range: "bytes=0-9" },
    });
    expect(unversioned.status).toBe(206);
    expect(unversioned.headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await unversioned.arrayBuffer()).byteLength).toBe(10);
  });

  it("sends a buyer to a presigned URL of the original, nobody else, and nobody after a refund", async () => {
    const original = pngBytes(640, 480, [240, 200, 10]);
    const { submission, uploadId } = await processedProduct(original);
    await services.db
      .update(uploads)
      .set({ fileName: "Été à Noël.png" })
      .where(eq(uploads.id, uploadId));
    const owner = await signedInAs(app, "client");
    await addToCart(app, owner.jar, submission.id);
    const sessionId = await checkout(app, owner.jar);
    await payWithCard(app, owner.jar, sessionId, "4242424242424242");

    const link = await app.fetch(`/downloads/${uploadId}`, { cookies: owner.jar });
    expect(link.status).toBe(302);
    const signedLink = link.headers.get("location")!;
    const signed = await app.fetch(signedLink);
    expect(signed.status).toBe(302);
    expect(signed.headers.get("cache-control")).toBe("no-store");
    const presigned = new URL(signed.headers.get("location")!);
    expect(presigned.origin).toBe(s3.endpoint);
    expect(presigned.searchParams.get("X-Amz-Expires")).toBe("60");
    // The file's name for the browser: an ASCII stand-in, and the real one (RFC 5987).
    const disposition = `filename*=UTF-8''${encodeURIComponent("Été à Noël.png")}`;
    expect(presigned.searchParams.get("response-content-disposition")).toMatch(
      new RegExp(`^attachment; filename="[ -~]+"; ${disposition.replace(/[.*]/g, "\\$&")}$`),
    );
    const answer = await fetch(presigned);
    expect(answer.headers.get("content-disposition")).toContain(disposition);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(sha256(bytes)).toBe(sha256(original));

    const other = await signedInAs(app, "client");
    expect((await app.fetch(`/downloads/${uploadId}`, { cookies: other.jar })).status).toBe(404);

    // A refund ends the access, even through the signed link handed out before it.
    const [order] = await services.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId));
    const refund = testEvent(services.secret, "charge.refunded", {
      sessionId,
      paymentId: `pi_test_${order!.id.slice(0, 8)}`,
    });
    await app.fetch("/api/payments/webhook/test", {
      method: "POST",
      body: refund.body,
      headers: refund.headers,
    });
    await drainJobs(services);
    expect(
      (await services.db.query.orders.findFirst({ where: eq(orders.id, order!.id) }))!.status,
    ).toBe("refunded");
    expect((await app.fetch(signedLink)).status).toBe(404);
  });

  it("writes no user file under DATA_DIR", async () => {
    // Only the process's own state: the embedded database, its lock, the session secret.
    const written = await filesUnder(services.env.dataDir);
    const others = written.filter((file) => !/^(pglite\/|vitrine\.lock$|auth-secret$)/.test(file));
    expect(others).toEqual([]);
    // They are in the bucket instead: originals, derivatives and the e-mail outbox.
    const inBucket = [
      ...(await services.storage.list("uploads/")),
      ...(await services.storage.list("media/")),
      ...(await services.storage.list("outbox/")),
    ];
    expect(inBucket.length).toBeGreaterThan(4);
  });
});
