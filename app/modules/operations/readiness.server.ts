import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { migrationsFolder } from "../db/client.server";

/** A stuck database must not hold the health checker's request: it fails after this. */
const checkTimeoutMs = 2_000;

export interface Readiness {
  ready: boolean;
  /** "ok" or why the check failed, for every check. */
  checks: Record<"database" | "migrations" | "storage", string>;
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${checkTimeoutMs} ms`)),
      checkTimeoutMs,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function failure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The newest migration of the build (drizzle records each one by its journal timestamp). */
async function newestMigration(): Promise<number> {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
  ) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

async function checkMigrations(db: Database): Promise<string> {
  const result = (await db.execute(
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ newest: string | null }> };
  const applied = Number(result.rows[0]?.newest ?? 0);
  return applied >= (await newestMigration()) ? "ok" : "pending migrations";
}

/** Writes and removes a small file in each directory the app writes files into. */
async function checkStorage(directories: string[]): Promise<string> {
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
 * build's, and the file directories take writes.
 */
export async function readiness(db: Database, storageDirectories: string[]): Promise<Readiness> {
  const database = await withTimeout(db.execute(sql`select 1`)).then(() => "ok", failure);
  const migrations =
    database === "ok"
      ? await withTimeout(checkMigrations(db)).catch(failure)
      : "database unavailable";
  const storage = await withTimeout(checkStorage(storageDirectories)).catch(failure);
  const checks = { database, migrations, storage };
  return { ready: Object.values(checks).every((value) => value === "ok"), checks };
}
