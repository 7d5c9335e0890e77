import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { acquireDataDirLock } from "./data-dir-lock.server";
import { createPgliteDirectory } from "./pglite-initdb.server";

/**
 * PostgreSQL's 128 MB of shared buffers live in PGlite's WebAssembly memory, inside the server
 * process, for a catalogue whose hot pages fit in a few megabytes (and whose public pages are
 * cached above the database, decision record 0047): 16 MB cut the idle server by about 100 MB.
 */
const pgliteSettings = ["-c", "shared_buffers=16MB"];

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

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A dropped
 * connection, or a failed attempt to open it again, is retried after `retryMs`; what was
 * notified meanwhile is lost, and each listener bounds that on its own side (the worker polls,
 * the counts cache expires).
 */
async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  onNotify: (payload: string) => void,
  {
    onConnectionLost,
    retryMs = 5000,
  }: { onConnectionLost?: (error: Error) => void; retryMs?: number },
): Promise<() => Promise<void>> {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  function retryLater() {
    if (closed) return;
    clearTimeout(retry);
    retry = setTimeout(() => {
      connect().catch((error: unknown) => {
        onConnectionLost?.(error instanceof Error ? error : new Error(String(error)));
        retryLater();
      });
    }, retryMs);
  }
  async function connect() {
    const next = new pg.Client({ connectionString: databaseUrl });
    let lost = false;
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    next.on("error", (error) => {
      if (lost) return;
      lost = true;
      onConnectionLost?.(error);
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      retryLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost = true;
      void next.end().catch(() => undefined);
      throw error;
    }
    // Stopped while this connection was being opened: it must not keep the process alive.
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  }
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end();
  };
}

/**
 * The migrations folder: `drizzle/` in the working directory, or else in the nearest directory
 * above this file (app/modules/db in dev, build/server/assets once built), so a server started
 * from another directory still finds the project's.
 */
export function migrationsFolder(): string {
  const candidates = [path.resolve(process.cwd(), "drizzle")];
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    candidates.push(path.join(dir, "drizzle"));
    if (path.dirname(dir) === dir) break;
  }
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(", ")})`);
  return found;
}

/**
 * Applies pending migrations while holding a PostgreSQL advisory lock: processes started together
 * on one database (several web processes, a deploy that overlaps the previous one) migrate one
 * after the other, and those that come second find nothing left to do. Without it they race to
 * create the same schema and tables, and all but one stop at boot.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('vitrine:migrations'))");
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('vitrine:migrations'))");
    }
  } finally {
    client.release();
  }
}

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Told when the server drops an idle connection (restart, failover, a dropped database). */
  onConnectionLost?: (error: Error) => void;
  /** Pause before a dropped listening connection is opened again (5 s). */
  listenRetryMs?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener, an idle connection closed by the server is an uncaught exception that
    // stops the process; the pool has already discarded it and opens a new one when needed.
    pool.on("error", (error) => options.onConnectionLost?.(error));
    const db = drizzlePg(pool, { schema });
    await migrateUnderLock(pool);
    const databaseUrl = options.databaseUrl;
    return {
      db,
      engine: "postgres",
      listen: (channel, onNotify) =>
        listenOnPostgres(databaseUrl, channel, onNotify, {
          onConnectionLost: options.onConnectionLost,
          retryMs: options.listenRetryMs,
        }),
      close: () => pool.end(),
    };
  }

  fs.mkdirSync(options.dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(options.dataDir);
  try {
    const directory = path.join(options.dataDir, "pglite");
    await createPgliteDirectory(directory);
    // Extensions must be passed on every open, not only when they are created (PGlite loads an extension only when it is listed in the open call).
    const client = await PGlite.create(directory, {
      extensions: { pg_trgm, unaccent },
      startParams: [...PGlite.defaultStartParams, ...pgliteSettings],
    });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db,
      engine: "pglite",
      listen: async (channel, onNotify) => {
        const unlisten = await client.listen(channel, onNotify);
        return unlisten;
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
