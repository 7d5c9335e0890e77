import type { DatabaseHandle, OpenDatabaseOptions } from "./database-handle.server";

export type {
  Database,
  DatabaseHandle,
  DatabaseTransaction,
  Schema,
} from "./database-handle.server";

/**
 * Opens the configured database and applies pending migrations. Only the configured engine's
 * modules are imported: PGlite's and its drizzle driver's, or pg's and node-postgres's, not both
 * (several MiB of the server's heap, decision record 0011).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { openPostgres } = await import("./postgres-database.server");
    return openPostgres(options.databaseUrl, options);
  }
  const { openPglite } = await import("./pglite-database.server");
  return openPglite(options);
}
