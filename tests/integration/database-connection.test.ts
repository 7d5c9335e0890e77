import pg from "pg";
import { describe, expect, it } from "vitest";
import { testApp } from "../support/test-app";

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)("a PostgreSQL connection closed by the server", () => {
  it("is dropped and replaced: the app keeps answering instead of crashing", async () => {
    const app = await testApp();
    const services = await app.services();
    expect((await app.fetch("/fr")).status).toBe(200);
    const pool = (services.db as unknown as { $client: pg.Pool }).$client;
    const idleBefore = pool.idleCount;
    expect(idleBefore).toBeGreaterThan(0);
    let removed = 0;
    pool.on("remove", () => removed++);

    // What a server restart or failover does to idle connections.
    const databaseName = new URL(process.env.DATABASE_URL!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = $1 and pid <> pg_backend_pid()`,
      [databaseName],
    );
    await admin.end();
    // Counting removals, not idle clients: the job worker may already have opened a fresh one.
    await expect.poll(() => removed).toBeGreaterThanOrEqual(idleBefore);

    expect((await app.fetch("/fr")).status).toBe(200);
  });
});
