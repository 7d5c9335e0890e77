import {
  derivativeContentTypes,
  isDerivativeName,
  type DerivativeName,
  type FileStorage,
} from "./file-storage.server";

const uploadId = "[0-9a-f-]{36}";
const originalPattern = new RegExp(`^uploads/${uploadId}$`);
const derivativePattern = new RegExp(`^media/${uploadId}/([a-z0-9-]+)$`);

/** The content type a user file is stored with, or null for what is not a user file. */
function contentTypeOf(key: string): string | null {
  if (originalPattern.test(key)) return "application/octet-stream";
  const name = derivativePattern.exec(key)?.[1];
  return name && isDerivativeName(name) ? derivativeContentTypes[name as DerivativeName] : null;
}

export interface CopyReport {
  copied: number;
  /** Already in the target with the same size: left alone (a second run copies nothing). */
  skipped: number;
  /** Not a user file (the tus server's bookkeeping, scratch leftovers): not copied. */
  ignored: number;
  bytes: number;
}

/**
 * Copies every user file (originals, derivatives) from one storage to another under the same
 * key, skipping those the target already holds with the same size: safe to run again after an
 * interruption. Nothing is removed from the source.
 */
export async function copyStorage(
  from: FileStorage,
  to: FileStorage,
  onCopied: (key: string, size: number) => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, ignored: 0, bytes: 0 };
  for (const prefix of ["uploads/", "media/"]) {
    for (const object of await from.list(prefix)) {
      const contentType = contentTypeOf(object.key);
      if (!contentType) {
        report.ignored++;
        continue;
      }
      const present = await to.stat(object.key);
      if (present?.size === object.size) {
        report.skipped++;
        continue;
      }
      const file = await from.open(object.key, contentType);
      if (!file) continue; // removed meanwhile
      await to.put(object.key, file.open(), contentType);
      report.copied++;
      report.bytes += object.size;
      onCopied(object.key, object.size);
    }
  }
  return report;
}
