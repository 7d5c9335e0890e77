import type { DataStore, Locker } from "@tus/server";
import type { Database } from "../db/client.server";
import type { S3Settings } from "../storage/s3-settings.server";
import type { FinishedUploads } from "./finished-uploads.server";

/** A tus store the upload server can also ask about a finished upload. */
export type TusDatastore = DataStore & FinishedUploads;

/** What the upload server stores through and locks with. */
export interface TusStorage {
  datastore: TusDatastore;
  locker: Locker;
}

/**
 * The store the environment asks for: local disk under `directory` (DATA_DIR/uploads), or S3
 * with its bookkeeping in the database, so several instances share uploads. The S3 store and
 * its SDK are imported only for a bucket.
 */
export async function createTusDatastore(options: {
  s3: S3Settings | null;
  db: Database;
  directory: string;
}): Promise<TusDatastore> {
  if (!options.s3) {
    const { LocalTusStore } = await import("./finished-uploads.server");
    return new LocalTusStore(options.directory);
  }
  const [{ createS3Client }, { S3TusStore }] = await Promise.all([
    import("../storage/s3-client.server"),
    import("./s3-tus-store.server"),
  ]);
  return new S3TusStore({
    s3: createS3Client(options.s3),
    bucket: options.s3.bucket,
    db: options.db,
  });
}

/** Store and locker together: on PostgreSQL (DATABASE_URL) the lock is shared by instances. */
export async function createTusStorage(
  options: Parameters<typeof createTusDatastore>[0] & { databaseUrl?: string },
): Promise<TusStorage> {
  // The locker module holds pg's client: imported here, with S3, not at boot.
  const { createTusLocker } = await import("./postgres-locker.server");
  return {
    datastore: await createTusDatastore(options),
    locker: createTusLocker(options.databaseUrl),
  };
}
