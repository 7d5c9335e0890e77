import { startS3Server } from "../../scripts/s3-server.js";

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  directory: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a free port, with an empty bucket. */
export function localS3(): Promise<LocalS3> {
  return startS3Server({ port: 0 }) as Promise<LocalS3>;
}

/** The variables that point the app at `server`'s bucket. */
export function s3Env(server: LocalS3): Record<string, string> {
  return {
    STORAGE_DRIVER: "s3",
    S3_ENDPOINT: server.endpoint,
    S3_BUCKET: server.bucket,
    S3_ACCESS_KEY_ID: server.accessKeyId,
    S3_SECRET_ACCESS_KEY: server.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
}
