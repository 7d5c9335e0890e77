import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, inject } from "vitest";
// Tests call app modules directly: they hold both catalogs, as the server does.
import "../../app/modules/i18n/catalogs.server";
import { envVariableNames } from "../../app/modules/config/env.server";

/**
 * A developer's .env is read as the server reads it (a variable already set wins), but only two
 * of its lines reach the tests: DATABASE_URL (run them on PostgreSQL) and LOG_LEVEL. Every other
 * setting starts at its default, and a test file sets what it relies on, so a .env made for
 * running the site (production mode, SMTP, Stripe keys, …) cannot change what a test sees.
 */
if (fs.existsSync(".env")) process.loadEnvFile(".env");
for (const name of envVariableNames) {
  if (name !== "DATABASE_URL" && name !== "LOG_LEVEL") delete process.env[name];
}

/**
 * Every test file gets its own data directory and, when DATABASE_URL points at a PostgreSQL
 * server, its own database on it, so files never share state. Both start as copies of a database
 * the global set-up migrated once (tests/support/migrated-database.ts).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-test-"));
process.env.DATA_DIR = dataDir;
const migratedPglite = inject("migratedPglite");
if (migratedPglite) fs.cpSync(migratedPglite, path.join(dataDir, "pglite"), { recursive: true });
process.env.LOG_LEVEL ??= "silent";
process.env.BASE_URL = "http://localhost:3000";
// Each file's app starts empty of demo content: tests make the files they need.
process.env.DEMO_CONTENT = "false";

const serverUrl = process.env.DATABASE_URL;
let databaseName: string | undefined;

if (serverUrl) {
  databaseName = `vitrine_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = inject("migratedPostgres");
  await admin.query(`create database ${databaseName}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  process.env.DATABASE_URL = url.toString();
}

afterAll(async () => {
  const entry = (globalThis as { __vitrineEntry?: { shutdown(): Promise<void> } }).__vitrineEntry;
  await entry?.shutdown();
  if (serverUrl && databaseName) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});
