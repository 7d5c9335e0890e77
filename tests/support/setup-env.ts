import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
// Tests call app modules directly: they hold both catalogs, as the server does.
import "../../app/modules/i18n/catalogs.server";

/**
 * Every test file gets its own data directory and, when DATABASE_URL points at a PostgreSQL
 * server, its own database on it, so files never share state.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-test-"));
process.env.DATA_DIR = dataDir;
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
  await admin.query(`create database ${databaseName}`);
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
