import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import type { DatabaseHandle, OpenDatabaseOptions } from "./database-handle.server";
import { migrationsFolder } from "./migrations-folder.server";

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

/** Opens the PostgreSQL database at `databaseUrl` and applies pending migrations. */
export async function openPostgres(
  databaseUrl: string,
  options: Omit<OpenDatabaseOptions, "databaseUrl" | "dataDir">,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // Without a listener, an idle connection closed by the server is an uncaught exception that
  // stops the process; the pool has already discarded it and opens a new one when needed.
  pool.on("error", (error) => options.onConnectionLost?.(error));
  const db = drizzlePg(pool, { schema });
  await migrateUnderLock(pool);
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
