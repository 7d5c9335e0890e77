import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/modules/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PGlite database directory with every migration applied, for the files to copy. */
    migratedPglite: string;
    /** A PostgreSQL database with every migration applied, for the files to clone. */
    migratedPostgres: string;
  }
}

/**
 * Vitest's global set-up: the migrations run once per test run, not once per file. Each file
 * still gets a database of its own (tests/support/setup-env.ts), copied from this one: a PGlite
 * directory copied, a PostgreSQL database made with `create database … template`. Applying the
 * migrations to a fresh database took 2-3 s of CPU per file on PGlite and 3-4 s on PostgreSQL.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `vitrine_migrated_${process.pid}_${Date.now().toString(36)}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
    await database.close();
    project.provide("migratedPostgres", name);
    project.provide("migratedPglite", "");
    return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-migrated-"));
  const database = await openDatabase({ dataDir });
  await database.close();
  project.provide("migratedPglite", path.join(dataDir, "pglite"));
  project.provide("migratedPostgres", "");
  return async () => fs.rmSync(dataDir, { recursive: true, force: true });
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
