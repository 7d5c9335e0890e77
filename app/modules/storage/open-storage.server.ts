import type { Env } from "../config/env.server";
import type { FileStorage } from "./file-storage.server";
import { createLocalStorage } from "./local-storage.server";
import { createS3Client, s3SettingsFromEnv } from "./s3-client.server";
import { createS3Storage } from "./s3-storage.server";

/** The storage STORAGE_DRIVER names: local disk under DATA_DIR (default) or an S3 bucket. */
export function openStorage(config: Env): FileStorage {
  const s3 = s3SettingsFromEnv(config);
  return s3 ? createS3Storage(createS3Client(s3), s3.bucket) : createLocalStorage(config.dataDir);
}
