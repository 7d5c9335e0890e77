import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import * as schema from "./schema";
import { acquireDataDirLock } from "./data-dir-lock.server";
import type { DatabaseHandle } from "./database-handle.server";
import { migrationsFolder } from "./migrations-folder.server";
import { createPgliteDirectory } from "./pglite-initdb.server";

/**
 * PostgreSQL's 128 MB of shared buffers live in PGlite's WebAssembly memory, inside the server
 * process, for a catalogue whose hot pages fit in a few megabytes (and whose public pages are
 * cached above the database, decision record 0047): 16 MB cut the idle server by about 100 MB.
 */
const pgliteSettings = ["-c", "shared_buffers=16MB"];

/** Opens (or creates) the PGlite database under `dataDir` and applies pending migrations. */
export async function openPglite(options: { dataDir: string }): Promise<DatabaseHandle> {
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
