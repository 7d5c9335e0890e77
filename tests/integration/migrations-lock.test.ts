import fs from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  freshPostgresDatabase,
  spawnServer,
  stopServer,
  untilListening,
  type ServerProcess,
} from "../support/server-process";

const started: ServerProcess[] = [];
const databases: Array<{ drop(): Promise<void> }> = [];

afterAll(async () => {
  await Promise.all(started.map(stopServer));
  for (const server of started) fs.rmSync(server.dataDir, { recursive: true, force: true });
  for (const database of databases) await database.drop();
});

// Two web processes deployed together on one new PostgreSQL database: both migrate at boot.
describe.runIf(process.env.DATABASE_URL)("migrations on PostgreSQL", () => {
  it("let two processes started at the same moment on a fresh database both boot, and each recurring job exists once", async () => {
    const database = await freshPostgresDatabase();
    databases.push(database);
    const env = {
      APP_MODE: "production",
      DATABASE_URL: database.url,
      ALLOW_TEST_PAYMENTS: "true",
      SMTP_URL: "smtp://127.0.0.1:2525",
      BASE_URL: "https://shop.example.test",
      BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
      INVOICE_ISSUER_NAME: "Boutique Exemple SAS",
      INVOICE_ISSUER_ADDRESS: "1 place du Marché|69001 Lyon|France",
      INVOICE_ISSUER_VAT_NUMBER: "FR12345678901",
    };
    const servers = await Promise.all([spawnServer(env), spawnServer(env)]);
    started.push(...servers);
    await Promise.all(servers.map((server) => untilListening(server)));
    for (const server of servers) {
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status).toBe(200);
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ type: string; count: string }>(
        "select type, count(*) from jobs where every_seconds is not null group by type order by type",
      );
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const row of rows) expect(row.count, row.type).toBe("1");
    } finally {
      await client.end();
    }
  }, 120_000);
});
