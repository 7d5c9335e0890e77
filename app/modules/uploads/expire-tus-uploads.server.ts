import { and, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client.server";
import { uploads } from "../db/schema";
import type { JobHandler } from "../jobs/job-queue.server";
import type { S3TusStore } from "./s3-tus-store.server";

export const expireTusUploadsJobType = "uploads.expire-tus";
/** Hourly: an abandoned upload costs S3 storage for its parts until it is aborted. */
export const expireTusUploadsEveryMs = 60 * 60 * 1000;

/**
 * Aborts the S3 uploads left unfinished past their expiry (decision 0046) and removes their
 * rows from the studio, where they would count towards the 100-file limit and could no longer
 * be resumed.
 */
export async function expireTusUploads(db: Database, store: S3TusStore, now = new Date()) {
  const expired = await store.expireUploads(now);
  if (expired.length > 0) {
    await db
      .delete(uploads)
      .where(and(inArray(uploads.id, expired), eq(uploads.status, "uploading")));
  }
  return expired;
}

export function expireTusUploadsJobHandler(options: {
  db: Database;
  store: S3TusStore;
  log: Logger;
}): JobHandler {
  return {
    async run() {
      const expired = await expireTusUploads(options.db, options.store);
      if (expired.length > 0) {
        options.log.info({ uploads: expired.length }, "aborted expired resumable uploads");
      }
    },
  };
}
