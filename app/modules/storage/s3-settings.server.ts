import type { Env } from "../config/env.server";

/** What it takes to reach an S3-compatible service (from STORAGE_DRIVER=s3's variables). */
export interface S3Settings {
  /** Another service than AWS (MinIO, R2, s3rver…); unset: AWS's endpoint of `region`. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Unset: the SDK's default credential chain (instance role, AWS_* variables, …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (most non-AWS services). */
  forcePathStyle: boolean;
}

/** The S3 settings of the environment, or null when files stay on local disk. */
export function s3SettingsFromEnv(config: Env): S3Settings | null {
  if (config.STORAGE_DRIVER !== "s3" || !config.S3_BUCKET) return null;
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}
