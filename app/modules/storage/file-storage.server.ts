import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * The files derived from an original; the original itself has no variant name on purpose. The
 * card-* and still-* names are WebP copies by width (app/modules/media/responsive-images.ts).
 */
export const derivativeNames = [
  "thumbnail",
  "preview",
  "poster",
  "clip",
  "audio",
  "card-320",
  "card-640",
  "still-640",
  "still-960",
  "still-1280",
  // An ebook's pages after the first (app/modules/media/document-pages.ts).
  "page-2",
  "page-3",
  "page-4",
  "page-5",
] as const;
export type DerivativeName = (typeof derivativeNames)[number];

export const derivativeContentTypes: Record<DerivativeName, string> = {
  thumbnail: "image/jpeg",
  preview: "image/jpeg",
  poster: "image/jpeg",
  clip: "video/mp4",
  audio: "audio/mpeg",
  "card-320": "image/webp",
  "card-640": "image/webp",
  "still-640": "image/webp",
  "still-960": "image/webp",
  "still-1280": "image/webp",
  "page-2": "image/jpeg",
  "page-3": "image/jpeg",
  "page-4": "image/jpeg",
  "page-5": "image/jpeg",
};

export function isDerivativeName(name: string): name is DerivativeName {
  return (derivativeNames as readonly string[]).includes(name);
}

const uploadIdPattern = /^[0-9a-f-]{36}$/;

function assertUploadId(uploadId: string) {
  if (!uploadIdPattern.test(uploadId)) throw new Error(`Not an upload id: ${uploadId}`);
}

/**
 * Object keys, the same in every adapter, relative to its root (DATA_DIR on disk, the bucket on
 * S3): the original of an upload at `uploads/<uploadId>` (where the tus server leaves it), its
 * derivatives at `media/<uploadId>/<name>`.
 */
export function originalKey(uploadId: string): string {
  assertUploadId(uploadId);
  return `uploads/${uploadId}`;
}

export function derivativeKey(uploadId: string, name: DerivativeName): string {
  assertUploadId(uploadId);
  if (!isDerivativeName(name)) throw new Error(`Not a derivative name: ${name}`);
  return `media/${uploadId}/${name}`;
}

/** Every key the adapters take: a top folder, then names that cannot climb out (no `..`). */
const keyPattern = /^[a-z]+(\/[A-Za-z0-9][A-Za-z0-9._-]*)+\/?$/;

export function assertKey(key: string): void {
  if (!keyPattern.test(key)) throw new Error(`Not a storage key: ${key}`);
}

/** A prefix to list by: a top folder, then the start of a key. */
const prefixPattern = /^[a-z]+\/(?:[A-Za-z0-9][A-Za-z0-9._-]*\/?)*$/;

export function assertPrefix(prefix: string): void {
  if (!prefixPattern.test(prefix)) throw new Error(`Not a storage prefix: ${prefix}`);
}

/** A stored object ready to be sent: its size, a validator, and its bytes on demand. */
export interface StoredFile {
  size: number;
  contentType: string;
  /** Changes whenever the bytes do (S3's ETag, the size and time of a file on disk). */
  etag?: string;
  /** The bytes, or one inclusive range of them; the stream errors if the object went away. */
  open(range?: { start: number; end: number }): Readable;
}

export interface ListedObject {
  key: string;
  size: number;
}

/**
 * Where user files live: originals, derivatives, covers. Two adapters implement it, local disk
 * (local-storage.server.ts) and S3-compatible object storage (s3-storage.server.ts); nothing
 * else reads or writes user files (docs/decisions/0045).
 */
export interface FileStorage {
  readonly driver: "local" | "s3";
  /** Writes a whole object (replacing any), from bytes or a stream. */
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<void>;
  /** Takes a file made on this machine (a scratch file): afterwards it is gone from `fromPath`. */
  moveFileIn(key: string, fromPath: string, contentType?: string): Promise<void>;
  /** The object's size and validator, or null when absent. */
  stat(key: string): Promise<{ size: number; etag: string } | null>;
  /** The object, or null when absent. */
  open(key: string, contentType?: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a folder: ends with "/"). */
  removePrefix(prefix: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): Promise<ListedObject[]>;
  /**
   * A short-lived URL the client fetches the object from, as an attachment named `fileName`; null
   * when this adapter's files are sent by the app itself (local disk).
   */
  attachmentUrl(
    key: string,
    attachment: { fileName: string; contentType: string },
  ): Promise<string | null>;
  /** Where the object is on this machine's disk (local adapter), else null. */
  localPath(key: string): string | null;
  /** A fresh scratch folder for one job (ffmpeg, sharp, Ghostscript); the caller removes it. */
  makeWorkDirectory(label: string): Promise<string>;
  /** Throws unless the storage takes writes (readiness check). */
  check(): Promise<void>;
}

/** Moves a file made by the media pipeline into place as an upload's derivative. */
export async function saveDerivative(
  storage: FileStorage,
  uploadId: string,
  name: DerivativeName,
  fromPath: string,
): Promise<void> {
  await storage.moveFileIn(derivativeKey(uploadId, name), fromPath, derivativeContentTypes[name]);
}

/** The derivative `name` of an upload, or null. */
export function openDerivative(
  storage: FileStorage,
  uploadId: string,
  name: DerivativeName,
): Promise<StoredFile | null> {
  return storage.open(derivativeKey(uploadId, name), derivativeContentTypes[name]);
}

/**
 * The original as a file on this machine for tools that need a path: the file itself on local
 * disk, else a copy fetched into `workDir` (removed with it).
 */
export async function originalOnDisk(
  storage: FileStorage,
  uploadId: string,
  workDir: string,
): Promise<string> {
  const key = originalKey(uploadId);
  const local = storage.localPath(key);
  if (local) return local;
  const file = await storage.open(key);
  if (!file) throw new Error(`original ${uploadId} is missing from storage`);
  const target = path.join(workDir, "original");
  const handle = await fs.open(target, "w");
  try {
    for await (const chunk of file.open()) await handle.write(chunk as Buffer);
  } finally {
    await handle.close();
  }
  return target;
}

/** Removes an upload's original, the tus server's bookkeeping beside it, and its derivatives. */
export async function removeUpload(storage: FileStorage, uploadId: string): Promise<void> {
  const original = originalKey(uploadId);
  await Promise.all([
    storage.remove(original),
    storage.remove(`${original}.json`),
    storage.removePrefix(`media/${uploadId}/`),
  ]);
}
