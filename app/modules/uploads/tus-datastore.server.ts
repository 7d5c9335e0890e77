import type { S3Client } from "@aws-sdk/client-s3";
import type { DataStore, Locker } from "@tus/server";
import type { Database } from "../db/client.server";
import { LocalTusStore, type FinishedUploads } from "./finished-uploads.server";
import { createTusLocker } from "./postgres-locker.server";
import { S3TusStore } from "./s3-tus-store.server";

/** A tus store the upload server can also ask about a finished upload. */
export type TusDatastore = DataStore & FinishedUploads;

/** What the upload server stores through and locks with. */
export interface TusStorage {
  datastore: TusDatastore;
  locker: Locker;
}

/**
 * The store the environment asks for: local disk under `directory` (DATA_DIR/uploads), or S3
 * with its bookkeeping in the database, so several instances share uploads.
 */
export function createTusDatastore(options: {
  storageDriver: "local" | "s3";
  s3Client?: S3Client;
  bucket?: string;
  db: Database;
  directory: string;
}): TusDatastore {
  if (options.storageDriver === "local") return new LocalTusStore(options.directory);
  if (!options.s3Client || !options.bucket)
    throw new Error("S3 storage needs a client and a bucket");
  return new S3TusStore({ s3: options.s3Client, bucket: options.bucket, db: options.db });
}

/** Store and locker together: on PostgreSQL (DATABASE_URL) the lock is shared by instances. */
export function createTusStorage(
  options: Parameters<typeof createTusDatastore>[0] & { databaseUrl?: string },
): TusStorage {
  return { datastore: createTusDatastore(options), locker: createTusLocker(options.databaseUrl) };
}
