import { createHash, randomUUID, type Hash } from "node:crypto";
import type { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { DataStore, ERRORS, Upload } from "@tus/server";
import { and, asc, eq, isNotNull, isNull, lt, max } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "../db/client.server";
import { tusS3UploadParts, tusS3Uploads } from "../db/schema";
import { detectMimeTypeOfStream, sniffBytes } from "./detect-type.server";
import type { FinishedUploads } from "./finished-uploads.server";

const mebibyte = 1024 * 1024;
/** S3's smallest part, except the last one of an upload. */
export const minPartBytes = 5 * mebibyte;
/**
 * The part size the store sends: held in memory while it is sent (with the next one filling
 * meanwhile), so two of them per PATCH in flight; 1000 MB makes 125 parts, far from S3's 10,000.
 */
export const defaultPartBytes = 8 * mebibyte;
/** An unfinished upload is abandoned a week after its creation (Upload-Expires says when). */
export const uploadExpiryMs = 7 * 24 * 60 * 60 * 1000;

const idPattern = /^[A-Za-z0-9_-]+$/;

/** Where a finished upload's bytes are: the same key the local store uses under DATA_DIR. */
export function originalKey(uploadId: string): string {
  return `uploads/${uploadId}`;
}

/** Bytes below 5 MiB waiting for the next PATCH live in objects named after the upload. */
function tailPrefix(uploadId: string): string {
  return `${originalKey(uploadId)}.part`;
}

type UploadRow = typeof tusS3Uploads.$inferSelect;

export interface S3TusStoreOptions {
  s3: S3Client;
  bucket: string;
  db: Database;
  expirationMs?: number;
  partBytes?: number;
}

function isNoSuchUpload(error: unknown): boolean {
  return error instanceof Error && error.name === "NoSuchUpload";
}

/**
 * A tus DataStore over S3 multipart uploads whose bookkeeping (offset, UploadId, every part's
 * number, ETag and size) lives in PostgreSQL, never asked of S3: it needs no ListParts, which
 * some S3-compatible servers lack, and any instance sharing the database can resume an upload
 * another started. Callers hold the upload's lock (the tus server does) around each call.
 */
export class S3TusStore extends DataStore implements FinishedUploads {
  private readonly s3: S3Client;
  private readonly bucket: string;
  private readonly db: Database;
  private readonly expirationMs: number;
  private readonly partBytes: number;
  private readonly hashes = new RunningHashes();

  constructor(options: S3TusStoreOptions) {
    super();
    this.s3 = options.s3;
    this.bucket = options.bucket;
    this.db = options.db;
    this.expirationMs = options.expirationMs ?? uploadExpiryMs;
    this.partBytes = Math.max(minPartBytes, options.partBytes ?? defaultPartBytes);
    // No creation-defer-length: the upload server needs every length at creation (its limits),
    // and an upload whose length came last would have no part left to complete it with.
    this.extensions = ["creation", "creation-with-upload", "termination", "expiration"];
  }

  private async row(id: string): Promise<UploadRow> {
    if (!idPattern.test(id)) throw ERRORS.FILE_NOT_FOUND;
    const row = await this.db.query.tusS3Uploads.findFirst({ where: eq(tusS3Uploads.id, id) });
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return row;
  }

  private storageOf(id: string) {
    return { type: "s3", path: originalKey(id), bucket: this.bucket };
  }

  override async create(upload: Upload): Promise<Upload> {
    if (!idPattern.test(upload.id)) throw ERRORS.FILE_NOT_FOUND;
    if (upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    const key = originalKey(upload.id);
    const createdAt = upload.creation_date ? new Date(upload.creation_date) : new Date();
    const metadata = upload.metadata ?? {};
    if (upload.size === 0) {
      // S3 cannot complete a multipart upload without a part: an empty file is stored at once.
      await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: "" }));
      await this.db
        .insert(tusS3Uploads)
        .values({ id: upload.id, size: 0, metadata, createdAt, completedAt: new Date() });
    } else {
      const created = await this.s3.send(
        new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }),
      );
      await this.db.insert(tusS3Uploads).values({
        id: upload.id,
        size: upload.size,
        metadata,
        multipartUploadId: created.UploadId!,
        createdAt,
      });
    }
    upload.creation_date = createdAt.toISOString();
    upload.storage = this.storageOf(upload.id);
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.row(id);
    return new Upload({
      id,
      size: row.size,
      offset: row.offset,
      metadata: row.metadata,
      creation_date: row.createdAt.toISOString(),
      storage: this.storageOf(id),
    });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const row = await this.row(id);
    if (row.completedAt) return row.offset;
    if (row.offset !== offset || !row.multipartUploadId) throw ERRORS.INVALID_OFFSET;
    const hash = this.hashes.resume(id, offset);
    try {
      const writer = new UploadWriter(this.s3, this.bucket, this.db, row, this.partBytes);
      const written = await writer.write(readable, hash);
      if (hash) this.hashes.advanced(id, hash, written);
      return written;
    } catch (error) {
      this.hashes.forget(id);
      throw error;
    }
  }

  override async remove(id: string): Promise<void> {
    const row = await this.row(id);
    await this.discard(row);
  }

  /** Everything of an upload, whatever state it is in: S3's multipart upload, tails, bytes, row. */
  private async discard(row: UploadRow): Promise<void> {
    this.hashes.forget(row.id);
    if (row.multipartUploadId && !row.completedAt) {
      await this.s3
        .send(
          new AbortMultipartUploadCommand({
            Bucket: this.bucket,
            Key: originalKey(row.id),
            UploadId: row.multipartUploadId,
          }),
        )
        .catch((error: unknown) => {
          if (!isNoSuchUpload(error)) throw error;
        });
    }
    await this.removeTails(row.id);
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: originalKey(row.id) }));
    await this.db.delete(tusS3Uploads).where(eq(tusS3Uploads.id, row.id));
  }

  /** Tails are listed rather than read from the row: a crash may have left one the row never named. */
  private async removeTails(id: string): Promise<void> {
    const listed = await this.s3.send(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: tailPrefix(id) }),
    );
    for (const object of listed.Contents ?? []) {
      await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key! }));
    }
  }

  /**
   * Aborts the unfinished uploads created before `now - expiration` (their multipart upload,
   * tails and rows go) and forgets the rows of finished ones as old (their object stays: it is
   * the original). Gives the ids of the aborted uploads.
   */
  async expireUploads(now = new Date()): Promise<string[]> {
    const before = new Date(now.getTime() - this.expirationMs);
    const abandoned = await this.db
      .select()
      .from(tusS3Uploads)
      .where(and(isNull(tusS3Uploads.completedAt), lt(tusS3Uploads.createdAt, before)));
    for (const row of abandoned) await this.discard(row);
    await this.db
      .delete(tusS3Uploads)
      .where(and(isNotNull(tusS3Uploads.completedAt), lt(tusS3Uploads.createdAt, before)));
    return abandoned.map((row) => row.id);
  }

  override async deleteExpired(): Promise<number> {
    return (await this.expireUploads()).length;
  }

  override getExpiration(): number {
    return this.expirationMs;
  }

  private async object(id: string, range?: string, signal?: AbortSignal) {
    if (!idPattern.test(id)) throw ERRORS.FILE_NOT_FOUND;
    const answer = await this.s3.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: originalKey(id), Range: range }),
      { abortSignal: signal },
    );
    return answer.Body!;
  }

  /** The finished upload's bytes (in Node the SDK's body is a Node stream). */
  async read(id: string): Promise<Readable> {
    return (await this.object(id)) as Readable;
  }

  async mimeType(id: string): Promise<string> {
    return detectMimeTypeOfStream(
      async (signal) =>
        (
          await this.object(id, undefined, signal)
        ).transformToWebStream() as ReadableStream<Uint8Array>,
      async () =>
        Buffer.from(
          await (await this.object(id, `bytes=0-${sniffBytes - 1}`)).transformToByteArray(),
        ),
    );
  }

  async sha256(id: string): Promise<string> {
    const known = this.hashes.take(id, (await this.row(id)).size);
    if (known) return known;
    const hash = createHash("sha256");
    const body = (await this.object(id)).transformToWebStream() as ReadableStream<Uint8Array>;
    for await (const chunk of body) hash.update(chunk);
    return hash.digest("hex");
  }

  async discardFinished(id: string): Promise<void> {
    await this.remove(id);
  }
}

/**
 * The SHA-256 of each upload whose every byte this process received, kept as the bytes arrive:
 * its finished file then needs no second read from S3 for its hash. A PATCH that failed, or an
 * upload resumed here after another instance took part of it, has none; the object is read then.
 */
class RunningHashes {
  private readonly byUpload = new Map<string, { hash: Hash; through: number }>();

  /** Abandoned uploads' hashes go first when there are more than this many. */
  constructor(private readonly limit = 1000) {}

  /** The hash to go on with from `offset`, or null when this process missed earlier bytes. */
  resume(id: string, offset: number): Hash | null {
    if (offset === 0) return createHash("sha256");
    const entry = this.byUpload.get(id);
    if (entry?.through === offset) return entry.hash;
    this.byUpload.delete(id);
    return null;
  }

  advanced(id: string, hash: Hash, through: number) {
    this.byUpload.delete(id);
    this.byUpload.set(id, { hash, through });
    if (this.byUpload.size > this.limit) {
      this.byUpload.delete(this.byUpload.keys().next().value!);
    }
  }

  /** The digest when every byte up to `size` went through the hash; it is forgotten either way. */
  take(id: string, size: number): string | null {
    const entry = this.byUpload.get(id);
    this.byUpload.delete(id);
    return entry?.through === size ? entry.hash.digest("hex") : null;
  }

  forget(id: string) {
    this.byUpload.delete(id);
  }
}

/**
 * One PATCH's bytes into S3: full parts as they fill, each recorded in the database once S3
 * holds it; what remains below 5 MiB becomes the upload's tail object, read back and put in
 * front of the next PATCH's bytes. The row's offset only moves once S3 has the bytes, and only
 * from the offset this writer started from, so a crash anywhere leaves a row to resume from.
 */
class UploadWriter {
  private partNumber = 0;
  /** Bytes already in parts: the offset without the tail. */
  private partsBytes: number;
  private tailKey: string | null;
  private tailSize: number;
  private offset: number;

  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
    private readonly db: Database,
    private readonly row: UploadRow,
    private readonly partBytes: number,
  ) {
    this.partsBytes = row.offset - row.tailSize;
    this.tailKey = row.tailKey;
    this.tailSize = row.tailSize;
    this.offset = row.offset;
  }

  private get key() {
    return originalKey(this.row.id);
  }

  /** `hash`, when given, is updated with every byte received. */
  async write(readable: Readable, hash: Hash | null): Promise<number> {
    const [last] = await this.db
      .select({ partNumber: max(tusS3UploadParts.partNumber) })
      .from(tusS3UploadParts)
      .where(eq(tusS3UploadParts.uploadId, this.row.id));
    this.partNumber = last?.partNumber ?? 0;

    const pending: Buffer[] = this.tailSize > 0 ? [await this.readTail()] : [];
    let pendingBytes = this.tailSize;
    let received = 0;
    let inFlight: Promise<void> = Promise.resolve();
    // Bytes handed to parts so far; the part that would end the upload waits for finish().
    let queued = this.partsBytes;
    try {
      for await (const chunk of readable as AsyncIterable<Buffer>) {
        hash?.update(chunk);
        pending.push(chunk);
        pendingBytes += chunk.length;
        received += chunk.length;
        while (pendingBytes >= this.partBytes && queued + this.partBytes !== this.row.size) {
          queued += this.partBytes;
          const all = Buffer.concat(pending);
          const part = all.subarray(0, this.partBytes);
          pending.length = 0;
          pending.push(all.subarray(this.partBytes));
          pendingBytes -= this.partBytes;
          // The next part fills while this one is sent; never more than one in flight, in order.
          await inFlight;
          inFlight = this.storePart(part);
          inFlight.catch(() => undefined);
        }
      }
    } catch (error) {
      // A broken request keeps its full parts; the lock is not given up with one still in flight.
      await inFlight.catch(() => undefined);
      throw error;
    }
    await inFlight;
    if (received === 0) return this.offset;

    const rest = Buffer.concat(pending);
    const finished = this.partsBytes + rest.length === this.row.size;
    if (finished) {
      await this.finish(rest);
    } else if (rest.length >= minPartBytes) {
      await this.storePart(rest);
    } else if (rest.length > 0) {
      await this.storeTail(rest);
    }
    return this.offset;
  }

  private async readTail(): Promise<Buffer> {
    const answer = await this.s3.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: this.tailKey! }),
    );
    const bytes = Buffer.from(await answer.Body!.transformToByteArray());
    if (bytes.length !== this.tailSize) {
      throw new Error(
        `Tail of upload ${this.row.id} holds ${bytes.length} bytes, not ${this.tailSize}`,
      );
    }
    return bytes;
  }

  /**
   * Moves the row from the offset this writer last recorded to the new one; a row moved by
   * anyone else meanwhile (a lock lost with its connection) fails the write instead.
   */
  private async advance(
    tx: DatabaseTransaction,
    next: { offset: number; tailKey: string | null; tailSize: number; completedAt?: Date },
  ) {
    const moved = await tx
      .update(tusS3Uploads)
      .set(next)
      .where(and(eq(tusS3Uploads.id, this.row.id), eq(tusS3Uploads.offset, this.offset)))
      .returning({ id: tusS3Uploads.id });
    if (moved.length === 0) throw ERRORS.INVALID_OFFSET;
  }

  /** Sends one part; gives its ETag. A part number a crash left unrecorded is sent again and replaces S3's copy. */
  private async sendPart(partNumber: number, bytes: Buffer): Promise<string> {
    const sent = await this.s3.send(
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: this.key,
        UploadId: this.row.multipartUploadId!,
        PartNumber: partNumber,
        Body: bytes,
        ContentLength: bytes.length,
      }),
    );
    return sent.ETag!;
  }

  private async storePart(bytes: Buffer): Promise<void> {
    const partNumber = this.partNumber + 1;
    const etag = await this.sendPart(partNumber, bytes);
    const offset = this.partsBytes + bytes.length;
    await this.db.transaction(async (tx) => {
      await tx
        .insert(tusS3UploadParts)
        .values({ uploadId: this.row.id, partNumber, etag, size: bytes.length })
        .onConflictDoUpdate({
          target: [tusS3UploadParts.uploadId, tusS3UploadParts.partNumber],
          set: { etag, size: bytes.length },
        });
      await this.advance(tx, { offset, tailKey: null, tailSize: 0 });
    });
    const usedTail = this.tailKey;
    this.partNumber = partNumber;
    this.partsBytes = offset;
    this.offset = offset;
    this.tailKey = null;
    this.tailSize = 0;
    // Its bytes are in the part now.
    if (usedTail) await this.deleteObject(usedTail);
  }

  private async storeTail(bytes: Buffer): Promise<void> {
    // A new name each time: the row names the tail that matches its offset until it moves.
    const tailKey = `${tailPrefix(this.row.id)}-${randomUUID()}`;
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: tailKey,
        Body: bytes,
        ContentLength: bytes.length,
      }),
    );
    const offset = this.partsBytes + bytes.length;
    await this.db.transaction((tx) =>
      this.advance(tx, { offset, tailKey, tailSize: bytes.length }),
    );
    const previous = this.tailKey;
    this.offset = offset;
    this.tailKey = tailKey;
    this.tailSize = bytes.length;
    if (previous) await this.deleteObject(previous);
  }

  /**
   * The last part, then CompleteMultipartUpload, and only then the row at its full size: the
   * offset never says "complete" before S3 has the whole file. When a crash came between S3's
   * completion and the row, the client sends the last chunk again; S3 then knows the upload no
   * more, and a whole object of the right size at the key says it was completed.
   */
  private async finish(last: Buffer): Promise<void> {
    const partNumber = this.partNumber + 1;
    try {
      const etag = await this.sendPart(partNumber, last);
      const recorded = await this.db
        .select({ PartNumber: tusS3UploadParts.partNumber, ETag: tusS3UploadParts.etag })
        .from(tusS3UploadParts)
        .where(eq(tusS3UploadParts.uploadId, this.row.id))
        .orderBy(asc(tusS3UploadParts.partNumber));
      await this.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: this.key,
          UploadId: this.row.multipartUploadId!,
          MultipartUpload: { Parts: [...recorded, { PartNumber: partNumber, ETag: etag }] },
        }),
      );
    } catch (error) {
      if (!isNoSuchUpload(error) || !(await this.completedEarlier())) throw error;
    }
    await this.db.transaction(async (tx) => {
      await this.advance(tx, {
        offset: this.row.size,
        tailKey: null,
        tailSize: 0,
        completedAt: new Date(),
      });
      await tx.delete(tusS3UploadParts).where(eq(tusS3UploadParts.uploadId, this.row.id));
    });
    const usedTail = this.tailKey;
    this.offset = this.row.size;
    if (usedTail) await this.deleteObject(usedTail);
  }

  private async completedEarlier(): Promise<boolean> {
    const found = await this.s3
      .send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key }))
      .catch(() => null);
    return found?.ContentLength === this.row.size;
  }

  private async deleteObject(key: string) {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
