import type { Env } from "../config/env.server";
import type { FileStorage } from "./file-storage.server";
import { createLocalStorage } from "./local-storage.server";
import { s3SettingsFromEnv } from "./s3-settings.server";

/**
 * The storage STORAGE_DRIVER names: local disk under DATA_DIR (default) or an S3 bucket. The S3
 * SDK (several MiB of heap) is imported only for a bucket, never on local disk (decision
 * record 0011).
 */
export async function openStorage(config: Env): Promise<FileStorage> {
  const s3 = s3SettingsFromEnv(config);
  if (!s3) return createLocalStorage(config.dataDir);
  const [{ createS3Client }, { createS3Storage }] = await Promise.all([
    import("./s3-client.server"),
    import("./s3-storage.server"),
  ]);
  return createS3Storage(createS3Client(s3), s3.bucket);
}
