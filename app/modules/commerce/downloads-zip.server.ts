import type { Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { Role } from "../auth/roles";
import type { Database } from "../db/client.server";
import type { FileStorage } from "../storage/file-storage.server";
import { originalKey } from "../storage/file-storage.server";
import { downloadableOriginal } from "./downloads.server";
import { zipLimits } from "./zip-limits";

export type ZipRefusal = "empty" | "tooManyFiles" | "tooLarge" | "notFound";

/** One original going into the archive: its name there, its size and where it is stored. */
export interface ZipEntry {
  key: string;
  name: string;
  size: number;
  modified: Date;
}

const uploadIdPattern = /^[0-9a-f-]{36}$/;

/**
 * The archive's entries for `uploadIds`, each checked with the single download's rule
 * (`downloadableOriginal`: a buyer's unrevoked, unsuspended right, the seller, or an admin), or
 * why it is refused. One refused id refuses the whole archive, as if that file did not exist.
 */
export async function zipSelection(
  { db, storage }: { db: Database; storage: FileStorage },
  actor: { id: string; role: Role },
  uploadIds: string[],
): Promise<{ entries: ZipEntry[] } | { refused: ZipRefusal }> {
  const unique = [...new Set(uploadIds)];
  if (unique.length === 0) return { refused: "empty" };
  if (unique.length > zipLimits.files) return { refused: "tooManyFiles" };
  if (!unique.every((id) => uploadIdPattern.test(id))) return { refused: "notFound" };
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let total = 0;
  for (const id of unique) {
    const upload = await downloadableOriginal(db, actor, id);
    // The stored size, not the recorded one: the archive's length is announced before it is sent.
    const stat = upload ? await storage.stat(originalKey(id)) : null;
    if (!upload || !stat) return { refused: "notFound" };
    total += stat.size;
    if (total > zipLimits.bytes) return { refused: "tooLarge" };
    entries.push({
      key: originalKey(id),
      name: uniqueName(upload.fileName, names),
      size: stat.size,
      modified: upload.createdAt,
    });
  }
  return { entries };
}

/**
 * A name safe inside an archive (no folders, no control characters) and not yet taken:
 * "photo.jpg", then "photo (2).jpg".
 */
export function uniqueName(fileName: string, taken: Set<string>): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const safe = fileName.replace(/[\u0000-\u001f\u007f/\\:]/g, "_").replace(/^\.+/, "") || "file";
  const dot = safe.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ""];
  let name = safe;
  for (let count = 2; taken.has(name.toLowerCase()); count++) {
    name = `${stem} (${count})${extension}`;
  }
  taken.add(name.toLowerCase());
  return name;
}

/**
 * The archive as a stream, and its exact length. Originals are stored, not compressed again
 * (photos, video, audio and PDFs are compressed already, and compressing costs the CPU), which
 * is also what lets the length be known before the first byte. Each original is opened through
 * the storage interface only when its turn comes, so one archive holds one file stream at a
 * time, on disk as on S3; nothing is held in memory beyond the streams' buffers.
 */
export function zipStream(
  storage: FileStorage,
  entries: ZipEntry[],
): Promise<{ stream: Readable; length: number }> {
  const zip = new ZipFile();
  for (const entry of entries) {
    zip.addReadStreamLazy(
      entry.name,
      { size: entry.size, compress: false, mtime: entry.modified },
      (callback) => {
        storage.open(entry.key).then(
          (file) =>
            file
              ? callback(null, file.open())
              : callback(new Error(`original ${entry.key} went away`), undefined as never),
          (error: unknown) => callback(error, undefined as never),
        );
      },
    );
  }
  const stream = zip.outputStream as Readable;
  // A file that fails midway must not leave an archive that looks complete: the response ends
  // with an error instead.
  zip.on("error", (error: Error) => stream.destroy(error));
  return new Promise((resolve) => {
    // yazl calls back with the archive's total size (its typings omit the argument).
    const announce = (length: number) => resolve({ stream, length });
    zip.end(undefined, announce as unknown as () => void);
  });
}
