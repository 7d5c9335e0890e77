import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { migrationsFolder } from "../db/migrations-folder.server";
import { logger } from "../log/logger.server";

/** A stuck database must not hold the health checker's request: it fails after this. */
const checkTimeoutMs = 2_000;

type CheckName = "database" | "migrations" | "storage";

/**
 * Each check's outcome, in words safe to show anyone (/readyz is public): the error itself,
 * which may name paths or the database, goes to the log.
 */
type Outcome = "ok" | "failed" | "timeout" | "pending migrations" | "not checked";

export interface Readiness {
  ready: boolean;
  checks: Record<CheckName, Outcome>;
}

class CheckTimeout extends Error {}

async function run(name: CheckName, check: () => Promise<Outcome>): Promise<Outcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), checkTimeoutMs);
  });
  try {
    return await Promise.race([check(), timeout]);
  } catch (error) {
    const outcome = error instanceof CheckTimeout ? "timeout" : "failed";
    logger().warn({ check: name, outcome, err: error }, "readiness check failed");
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}

/** The newest migration of the build (drizzle records each one by its journal timestamp). */
async function newestMigration(): Promise<number> {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
  ) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

async function checkMigrations(db: Database): Promise<Outcome> {
  const result = (await db.execute(
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ newest: string | null }> };
  const applied = Number(result.rows[0]?.newest ?? 0);
  return applied >= (await newestMigration()) ? "ok" : "pending migrations";
}

/** Writes and removes a small file in each directory the app writes files into. */
async function checkStorage(directories: string[]): Promise<Outcome> {
  for (const directory of directories) {
    const probe = path.join(directory, `.readyz-${randomUUID()}`);
    await fs.mkdir(directory, { recursive: true });
    await fs.writeFile(probe, "");
    await fs.rm(probe);
  }
  return "ok";
}

/**
 * What a load balancer asks before sending traffic: the database answers, its schema is the
 * build's, the data directory takes writes and so does the file storage (disk or bucket).
 */
export async function readiness(
  db: Database,
  storageDirectories: string[],
  checkFileStorage: () => Promise<void>,
): Promise<Readiness> {
  const database = await run("database", async () => {
    await db.execute(sql`select 1`);
    return "ok";
  });
  const migrations =
    database === "ok" ? await run("migrations", () => checkMigrations(db)) : "not checked";
  const storage = await run("storage", async () => {
    await checkStorage(storageDirectories);
    await checkFileStorage();
    return "ok";
  });
  const checks = { database, migrations, storage };
  return { ready: Object.values(checks).every((value) => value === "ok"), checks };
}
