import fs from "node:fs/promises";
import { createReadStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { PassThrough } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { attachmentDisposition } from "../http/content-disposition";
import {
  assertKey,
  assertPrefix,
  type FileStorage,
  type ListedObject,
} from "./file-storage.server";

/** How long a presigned download URL works: only its first request must start within it. */
export const presignedDownloadSeconds = 60;

function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = (error as { name?: string }).name;
  return status === 404 || name === "NotFound" || name === "NoSuchKey";
}

/**
 * User files in an S3-compatible bucket, under the same keys as on disk. Bodies are streamed
 * both ways (lib-storage's multipart upload for large files); scratch folders for the media
 * tools are in the system's temporary directory, never in DATA_DIR.
 */
export function createS3Storage(client: S3Client, bucket: string): FileStorage {
  async function head(key: string) {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { size: answer.ContentLength ?? 0, etag: answer.ETag ?? `"${answer.ContentLength}"` };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** The object's bytes as a stream returned at once; they flow once S3 answers. */
  function bytesOf(key: string, range?: { start: number; end: number }): Readable {
    const output = new PassThrough();
    client
      .send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
        { abortSignal: abortOnClose(output) },
      )
      .then(
        (answer) => {
          const body = answer.Body as Readable;
          body.on("error", (error) => output.destroy(error));
          output.on("close", () => body.destroy());
          body.pipe(output);
        },
        (error: unknown) => output.destroy(error as Error),
      );
    return output;
  }

  return {
    driver: "s3",
    async put(key, body, contentType) {
      assertKey(key);
      if (Buffer.isBuffer(body)) {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }),
        );
        return;
      }
      await new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
      }).done();
    },
    async moveFileIn(key, fromPath, contentType) {
      await this.put(key, createReadStream(fromPath), contentType);
      await fs.rm(fromPath, { force: true });
    },
    async stat(key) {
      assertKey(key);
      return head(key);
    },
    async open(key, contentType = "application/octet-stream") {
      assertKey(key);
      const found = await head(key);
      if (!found) return null;
      return {
        size: found.size,
        etag: found.etag,
        contentType,
        open: (range) => bytesOf(key, range),
      };
    },
    async remove(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async removePrefix(prefix) {
      // One request per object: an upload has a handful, and DeleteObjects needs a checksum
      // header not every S3-compatible service accepts.
      for (const object of await this.list(prefix)) await this.remove(object.key);
    },
    async list(prefix) {
      assertPrefix(prefix);
      const objects: ListedObject[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key) objects.push({ key: item.Key, size: item.Size ?? 0 });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects.sort((a, b) => (a.key < b.key ? -1 : 1));
    },
    async attachmentUrl(key, attachment) {
      assertKey(key);
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentDisposition: attachmentDisposition(attachment.fileName),
          ResponseContentType: attachment.contentType,
          ResponseCacheControl: "no-store",
        }),
        { expiresIn: presignedDownloadSeconds },
      );
    },
    localPath() {
      return null;
    },
    async makeWorkDirectory(label) {
      return fs.mkdtemp(path.join(os.tmpdir(), `vitrine-${label}-`));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}

/** Aborts the S3 request when the reader goes away before the bytes arrived. */
function abortOnClose(stream: Readable): AbortSignal {
  const controller = new AbortController();
  stream.once("close", () => {
    if (!stream.readableEnded) controller.abort();
  });
  return controller.signal;
}
