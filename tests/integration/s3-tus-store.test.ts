import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { AbortMultipartUploadCommand } from "@aws-sdk/client-s3";
import { Upload } from "@tus/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tusS3UploadParts, tusS3Uploads, uploads } from "~/modules/db/schema";
import type { Services } from "~/modules/services";
import { expireTusUploads } from "~/modules/uploads/expire-tus-uploads.server";
import { createTusLocker } from "~/modules/uploads/postgres-locker.server";
import { S3TusStore, uploadExpiryMs } from "~/modules/uploads/s3-tus-store.server";
import { listStudioUploads } from "~/modules/uploads/studio-uploads.server";
import { signedInAs } from "../support/accounts";
import { pdfBytes } from "../support/files";
import { keysUnder, objectSha256, testS3, type TestS3 } from "../support/s3";
import { testApp, type CookieJar, type TestApp } from "../support/test-app";

const tus = { "Tus-Resumable": "1.0.0" };
const mebibyte = 1024 * 1024;

let app: TestApp;
let services: Services;
let s3: TestS3;
let creator: CookieJar;

function storeFor(): S3TusStore {
  return new S3TusStore({ s3: s3.client, bucket: s3.bucket, db: services.db });
}

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  s3 = await testS3();
  // The app's tus endpoint on S3, as STORAGE_DRIVER=s3 makes it.
  services.tusStorage = {
    datastore: storeFor(),
    locker: createTusLocker(process.env.DATABASE_URL),
  };
  creator = (await signedInAs(app, "creator")).jar;
});

afterAll(async () => {
  await s3?.close();
});

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A PDF (the type check passes) padded to `size` bytes. */
function pdfOfSize(size: number): Buffer {
  const pdf = pdfBytes();
  return Buffer.concat([pdf, randomBytes(size - pdf.length)]);
}

async function create(length: number, fileName = "book.pdf") {
  const response = await app.fetch("/api/uploads", {
    method: "POST",
    headers: {
      ...tus,
      "Upload-Length": String(length),
      "Upload-Metadata": `filename ${Buffer.from(fileName).toString("base64")}`,
    },
    cookies: creator,
  });
  expect(response.status).toBe(201);
  return response.headers.get("location")!;
}

function patch(location: string, offset: number, bytes: Buffer, headers = {}) {
  return app.fetch(location, {
    method: "PATCH",
    headers: {
      ...tus,
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
      ...headers,
    },
    body: new Uint8Array(bytes),
    cookies: creator,
  });
}

async function offsetOf(location: string): Promise<number> {
  const probe = await app.fetch(location, { method: "HEAD", headers: tus, cookies: creator });
  expect(probe.status).toBe(200);
  return Number(probe.headers.get("upload-offset"));
}

describe("tus on S3 with its bookkeeping in the database", () => {
  it("takes chunks of any size, below and above 5 MiB, and leaves the file at uploads/<id>", async () => {
    const chunks = [
      mebibyte + 3,
      3 * mebibyte + 5,
      7 * mebibyte + 1,
      9 * mebibyte + 7,
      2 * mebibyte,
    ];
    const source = pdfOfSize(chunks.reduce((sum, size) => sum + size, 0));
    const location = await create(source.length);
    const id = location.split("/").pop()!;

    let offset = 0;
    for (const [index, size] of chunks.entries()) {
      const sent = await patch(location, offset, source.subarray(offset, offset + size));
      expect(sent.status).toBe(204);
      offset += size;
      expect(Number(sent.headers.get("upload-offset"))).toBe(offset);
      if (index < chunks.length - 1) {
        expect(await offsetOf(location)).toBe(offset);
        // Parts of 5 MiB or more in S3, the rest waiting in one tail object.
        const row = await services.db.query.tusS3Uploads.findFirst({
          where: eq(tusS3Uploads.id, id),
        });
        const parts = await services.db
          .select()
          .from(tusS3UploadParts)
          .where(eq(tusS3UploadParts.uploadId, id));
        expect(parts.every((part) => part.size >= 5 * mebibyte)).toBe(true);
        expect(parts.reduce((sum, part) => sum + part.size, 0) + row!.tailSize).toBe(offset);
        expect(row!.tailSize).toBeLessThan(5 * mebibyte);
        expect(await keysUnder(s3, `uploads/${id}.part`)).toEqual(
          row!.tailKey ? [row!.tailKey] : [],
        );
      }
    }

    expect(await objectSha256(s3, `uploads/${id}`)).toBe(sha256(source));
    expect(await keysUnder(s3, `uploads/${id}.part`)).toEqual([]);
    const row = await services.db.query.uploads.findFirst({ where: eq(uploads.id, id) });
    expect(row?.status).toBe("complete");
    expect(row?.detectedMime).toBe("application/pdf");
    expect(row?.sha256).toBe(sha256(source));
    expect(await offsetOf(location)).toBe(source.length);
  });

  it("resumes on another store instance from what the database says, after a dropped PATCH", async () => {
    const source = pdfOfSize(19 * mebibyte + 11);
    const first = storeFor();
    const upload = await first.create(
      new Upload({ id: crypto.randomUUID(), size: source.length, offset: 0 }),
    );
    expect(await first.write(Readable.from([source.subarray(0, 3 * mebibyte)]), upload.id, 0)).toBe(
      3 * mebibyte,
    );
    // The connection drops after 10 MiB + 1 of a PATCH: the full part is kept, what was in memory is not.
    const dropped = Readable.from(
      (async function* () {
        yield source.subarray(3 * mebibyte, 13 * mebibyte + 1);
        throw new Error("connection reset");
      })(),
    );
    await expect(first.write(dropped, upload.id, 3 * mebibyte)).rejects.toThrow("connection reset");

    const second = storeFor();
    const resumed = await second.getUpload(upload.id);
    expect(resumed.offset).toBe(8 * mebibyte);
    // The old offset is refused: nothing is written twice.
    await expect(
      second.write(Readable.from([Buffer.alloc(1)]), upload.id, 3 * mebibyte),
    ).rejects.toMatchObject({ status_code: 409 });
    const end = await second.write(
      Readable.from([source.subarray(resumed.offset)]),
      upload.id,
      resumed.offset,
    );
    expect(end).toBe(source.length);
    expect(await objectSha256(s3, `uploads/${upload.id}`)).toBe(sha256(source));
    expect(await second.sha256(upload.id)).toBe(sha256(source));
    expect(await second.mimeType(upload.id)).toBe("application/pdf");
  });

  it("finishes an upload whose last answer was lost between S3's completion and the database", async () => {
    const source = pdfOfSize(13 * mebibyte + 5);
    const store = storeFor();
    const { id } = await store.create(
      new Upload({ id: crypto.randomUUID(), size: source.length, offset: 0 }),
    );
    expect(await store.write(Readable.from([source]), id, 0)).toBe(source.length);
    // As if the process had died once S3 completed the file, before the row said so.
    await services.db
      .update(tusS3Uploads)
      .set({ offset: 8 * mebibyte, completedAt: null })
      .where(eq(tusS3Uploads.id, id));
    const again = storeFor();
    expect((await again.getUpload(id)).offset).toBe(8 * mebibyte);
    expect(
      await again.write(Readable.from([source.subarray(8 * mebibyte)]), id, 8 * mebibyte),
    ).toBe(source.length);
    expect((await again.getUpload(id)).offset).toBe(source.length);
    expect(await objectSha256(s3, `uploads/${id}`)).toBe(sha256(source));
  });

  it("refuses a chunk whose checksum does not match, and keeps nothing of it", async () => {
    const source = pdfOfSize(6 * mebibyte + 1);
    const location = await create(source.length);
    const first = source.subarray(0, 6 * mebibyte);
    const wrong = createHash("sha256").update("something else").digest("base64");
    const refused = await patch(location, 0, first, { "Upload-Checksum": `sha256 ${wrong}` });
    expect(refused.status).toBe(460);
    expect(await offsetOf(location)).toBe(0);
    const right = createHash("sha256").update(first).digest("base64");
    expect((await patch(location, 0, first, { "Upload-Checksum": `sha256 ${right}` })).status).toBe(
      204,
    );
    expect(await offsetOf(location)).toBe(6 * mebibyte);
  });

  it("refuses a file whose bytes are of no accepted type, and keeps nothing in S3", async () => {
    const source = randomBytes(6 * mebibyte + 5);
    const location = await create(source.length, "photo.jpg");
    const id = location.split("/").pop()!;
    expect((await patch(location, 0, source.subarray(0, mebibyte))).status).toBe(204);
    const finished = await patch(location, mebibyte, source.subarray(mebibyte));
    expect(finished.status).toBe(415);
    expect((JSON.parse(await finished.text()) as { message: string }).message).toBe(
      "Type de fichier non pris en charge (détecté : application/octet-stream)",
    );
    expect(await keysUnder(s3, `uploads/${id}`)).toEqual([]);
    const row = await services.db.query.uploads.findFirst({ where: eq(uploads.id, id) });
    expect(row?.status).toBe("rejected");
    expect(
      await services.db.query.tusS3Uploads.findFirst({ where: eq(tusS3Uploads.id, id) }),
    ).toBeUndefined();
  });

  it("aborts uploads abandoned past their expiry: S3's multipart upload, tail, rows", async () => {
    const abandonedAt = await create(9 * mebibyte);
    const abandoned = abandonedAt.split("/").pop()!;
    const bytes = pdfOfSize(8 * mebibyte);
    expect((await patch(abandonedAt, 0, bytes.subarray(0, 6 * mebibyte))).status).toBe(204);
    expect((await patch(abandonedAt, 6 * mebibyte, bytes.subarray(6 * mebibyte))).status).toBe(204);
    const live = (await create(9 * mebibyte)).split("/").pop()!;
    const { multipartUploadId } = (await services.db.query.tusS3Uploads.findFirst({
      where: eq(tusS3Uploads.id, abandoned),
    }))!;
    expect(await keysUnder(s3, `uploads/${abandoned}.part`)).toHaveLength(1);

    // Nothing is due a minute before the expiry; the upload goes a minute after it.
    const created = (await services.db.query.tusS3Uploads.findFirst({
      where: eq(tusS3Uploads.id, abandoned),
    }))!.createdAt.getTime();
    const store = storeFor();
    expect(
      await expireTusUploads(services.db, store, new Date(created + uploadExpiryMs - 60_000)),
    ).toEqual([]);
    await services.db
      .update(tusS3Uploads)
      .set({ createdAt: new Date(created + 120_000) })
      .where(eq(tusS3Uploads.id, live));
    const expired = await expireTusUploads(
      services.db,
      store,
      new Date(created + uploadExpiryMs + 60_000),
    );
    expect(expired).toContain(abandoned);
    expect(expired).not.toContain(live);

    expect(await keysUnder(s3, `uploads/${abandoned}`)).toEqual([]);
    // Aborted: S3 knows the multipart upload no more.
    await expect(
      s3.client.send(
        new AbortMultipartUploadCommand({
          Bucket: s3.bucket,
          Key: `uploads/${abandoned}`,
          UploadId: multipartUploadId!,
        }),
      ),
    ).rejects.toMatchObject({ name: "NoSuchUpload" });
    expect(
      await services.db.query.tusS3Uploads.findFirst({ where: eq(tusS3Uploads.id, abandoned) }),
    ).toBeUndefined();
    expect(
      await services.db.query.uploads.findFirst({ where: eq(uploads.id, abandoned) }),
    ).toBeUndefined();
    const gone = await app.fetch(abandonedAt, { method: "HEAD", headers: tus, cookies: creator });
    expect(gone.status).toBe(404);
    expect(
      await services.db.query.tusS3Uploads.findFirst({ where: eq(tusS3Uploads.id, live) }),
    ).toBeDefined();
  });

  it("shows a partial upload's bytes in the studio, and lets the uploader cancel it: S3 keeps nothing of it", async () => {
    const location = await create(7 * mebibyte);
    const id = location.split("/").pop()!;
    expect((await patch(location, 0, pdfOfSize(2 * mebibyte))).status).toBe(204);
    // The studio shows what S3 holds of it, though no local file has a byte.
    const { ownerId } = (await services.db.query.uploads.findFirst({ where: eq(uploads.id, id) }))!;
    const listed = await listStudioUploads(services.db, ownerId, services.env.dataDir);
    expect(listed.find((file) => file.id === id)?.receivedBytes).toBe(2 * mebibyte);
    const cancelled = await app.fetch(location, {
      method: "DELETE",
      headers: tus,
      cookies: creator,
    });
    expect(cancelled.status, await cancelled.text()).toBe(204);
    expect(await keysUnder(s3, `uploads/${id}`)).toEqual([]);
    expect(
      await services.db.query.tusS3Uploads.findFirst({ where: eq(tusS3Uploads.id, id) }),
    ).toBeUndefined();
  });
});
