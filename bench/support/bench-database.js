// A PostgreSQL database of its own for one benchmark run, dropped at the end.
import pg from "pg";

/**
 * Creates `vitrine_bench_<pid>_<time>` on the server at `serverUrl`; null (with a warning) when
 * no URL is given or the server cannot be reached, so the bench can go on without it.
 */
export async function makeDatabase(serverUrl) {
  if (!serverUrl) return null;
  const name = `vitrine_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.warn(`PostgreSQL skipped (${error.message}).`);
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
