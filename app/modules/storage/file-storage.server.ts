import { createReadStream, type ReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

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
] as const;
export type DerivativeName = (typeof derivativeNames)[number];

const contentTypes: Record<DerivativeName, string> = {
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
};

const idPattern = /^[0-9a-f-]{36}$/;

export interface StoredFile {
  size: number;
  contentType: string;
  open(range?: { start: number; end: number }): ReadStream;
}

/**
 * Where files live. Originals are written by the tus server into `originalsDirectory` and are
 * never served by URL; derivatives (previews, thumbnails…) live apart, one folder per upload.
 * This is the local-disk adapter: the only one so far (see docs/decisions/0008).
 */
export interface FileStorage {
  originalsDirectory: string;
  originalPath(uploadId: string): string;
  /** Moves a file made by the media pipeline into place; returns its storage key. */
  saveDerivative(uploadId: string, name: DerivativeName, fromPath: string): Promise<string>;
  openDerivative(key: string): Promise<StoredFile | null>;
  /** Removes an upload's original, its tus bookkeeping and its derivatives. */
  removeUpload(uploadId: string): Promise<void>;
  /** A scratch folder for one job, inside the data directory (same disk: moves are renames). */
  makeWorkDirectory(label: string): Promise<string>;
}

function assertId(uploadId: string) {
  if (!idPattern.test(uploadId)) throw new Error(`Not an upload id: ${uploadId}`);
}

export function createLocalStorage(dataDir: string): FileStorage {
  const originalsDirectory = path.join(dataDir, "uploads");
  const derivedDirectory = path.join(dataDir, "media");
  const scratchDirectory = path.join(dataDir, "tmp");

  function derivativePath(key: string): string | null {
    const [uploadId, name, ...rest] = key.split("/");
    if (rest.length > 0 || !uploadId || !idPattern.test(uploadId)) return null;
    if (!derivativeNames.includes(name as DerivativeName)) return null;
    return path.join(derivedDirectory, uploadId, name!);
  }

  return {
    originalsDirectory,
    originalPath(uploadId) {
      assertId(uploadId);
      return path.join(originalsDirectory, uploadId);
    },
    async saveDerivative(uploadId, name, fromPath) {
      assertId(uploadId);
      const key = `${uploadId}/${name}`;
      const target = path.join(derivedDirectory, uploadId, name);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(fromPath, target);
      return key;
    },
    async openDerivative(key) {
      const file = derivativePath(key);
      if (!file) return null;
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      const name = key.split("/")[1] as DerivativeName;
      return {
        size: stat.size,
        contentType: contentTypes[name],
        open: (range) => createReadStream(file, range),
      };
    },
    async removeUpload(uploadId) {
      assertId(uploadId);
      const original = path.join(originalsDirectory, uploadId);
      await Promise.all([
        fs.rm(original, { force: true }),
        fs.rm(`${original}.json`, { force: true }),
        fs.rm(path.join(derivedDirectory, uploadId), { recursive: true, force: true }),
      ]);
    },
    async makeWorkDirectory(label) {
      await fs.mkdir(scratchDirectory, { recursive: true });
      return fs.mkdtemp(path.join(scratchDirectory, `${label}-`));
    },
  };
}
