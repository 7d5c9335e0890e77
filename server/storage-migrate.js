// `npm run storage:migrate`: copies an install's user files from DATA_DIR (uploads/, media/) to
// the S3 bucket named by STORAGE_DRIVER=s3 and the S3_* variables, under the same keys. Objects
// already in the bucket with the same size are skipped, so it is safe to run again (after an
// interruption, or once more just before switching). Nothing is deleted from the disk.
import path from "node:path";
import { fileURLToPath } from "node:url";

process.env.NODE_ENV ??= "production";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = await import(path.join(root, "build/server/index.js"));
const entry = build.entry.module;

try {
  const report = await entry.copyLocalFilesToBucket((key, size) => console.log(`${key} ${size}`));
  console.log(
    `copied ${report.copied} (${report.bytes} bytes), already there ${report.skipped}, ` +
      `not user files ${report.ignored}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
