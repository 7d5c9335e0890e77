import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

export type Schema = typeof schema;
/** The database, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction opened with `db.transaction`: what domain functions take to join one. */
export type DatabaseTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (delivered at the sender's commit), from this
   * process or, on PostgreSQL, from any other. Resolves to a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Where the database is: PostgreSQL's URL, or else PGlite's directory under DATA_DIR. */
export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Told when the server drops an idle connection (restart, failover, a dropped database). */
  onConnectionLost?: (error: Error) => void;
  /** Pause before a dropped listening connection is opened again (5 s). */
  listenRetryMs?: number;
}
