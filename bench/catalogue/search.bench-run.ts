// Search latency over a seeded catalogue (10,000, 100,000 and, on PostgreSQL, 1,000,000 items on
// sale), on PGlite and, when DATABASE_URL is set, on PostgreSQL: the app's searchCatalogue()
// beside the statements it sent before its count was capped (every match counted, every match
// sorted for the popular order), run directly on the driver. Target: p95 under 30 ms on
// PostgreSQL at 1,000,000 items. Run with `npm run bench:search`.
// Beside it, the category counts every page shows, counted and through the root loader's cache.
// Each query's own p50 / p95 is printed too, and, with BENCH_BASELINE_DIR (a checkout of another
// commit), that checkout's searchCatalogue() on the same database, interleaved query by query.
// With BENCH_SEARCH_KEEP=1, PostgreSQL keeps one database per size (vitrine_bench_search_<size>)
// and seeds it only when it does not already hold that many items: seeding a million items takes
// minutes, and a later run (or a baseline's) measures the same rows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { it } from "vitest";
import { openDatabase, type Database } from "~/modules/db/client.server";
import { categoryCounts, searchCatalogue } from "~/modules/catalogue/catalogue.server";
import { createCountsCache } from "~/modules/catalogue/counts-cache.server";
import { createEventBus } from "~/modules/events/event-bus.server";
import { parseMarketplaceQuery } from "~/modules/catalogue/catalogue-query";

const sizes = (process.env.BENCH_SEARCH_SIZES ?? "10000,100000,1000000").split(",").map(Number);
/** PGlite is one embedded process: seeding it with a million items alone would take many minutes. */
const pgliteMaxItems = 100_000;
const engineNames = (process.env.BENCH_SEARCH_ENGINES ?? "pglite,postgres").split(",");
const runs = Number(process.env.BENCH_SEARCH_RUNS ?? 60);
const queries = ["montagne", "ete plage", "montagen", "foret automne", "coucher soleil", "sunset"];
const keepDatabases = process.env.BENCH_SEARCH_KEEP === "1";
const baselineDir = process.env.BENCH_BASELINE_DIR
  ? path.resolve(process.env.BENCH_BASELINE_DIR)
  : undefined;

type SearchCatalogue = typeof searchCatalogue;

/** The other checkout's searchCatalogue(): its own modules, run on this bench's database. */
async function baselineSearch(): Promise<SearchCatalogue | undefined> {
  if (!baselineDir) return undefined;
  const module = (await import(
    path.join(baselineDir, "app/modules/catalogue/catalogue.server.ts")
  )) as { searchCatalogue: SearchCatalogue };
  return module.searchCatalogue;
}

/** Whether a kept database already holds exactly `total` bench items, all on sale. */
async function seeded(db: Database, total: number): Promise<boolean> {
  const result = (await db.execute(
    sql`select count(*)::int as items from content_submissions where creator_id = 'bench-seller' and status = 'approved'`,
  )) as unknown as { rows: Array<{ items: number }> };
  return Number(result.rows[0]?.items) === total;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function seed(db: Database, total: number): Promise<void> {
  await db.execute(sql`truncate content_submissions cascade`);
  await db.execute(
    sql`insert into users (id, name, email) values ('bench-seller', 'Bench', 'bench@example.test') on conflict do nothing`,
  );
  await db.execute(
    sql`insert into profiles (user_id, display_name, first_name, last_name, store_name, country) values ('bench-seller', 'Bench', 'B', 'S', 'Atelier Banc', 'fr') on conflict do nothing`,
  );
  await db.execute(sql`
    insert into content_submissions (creator_id, title_fr, description_fr, kind, price_cents, tags_fr, title_en, description_en, tags_en, status, approved_at)
    select 'bench-seller',
      (array['Été à la plage','Lac de montagne','Forêt en automne','Coucher de soleil','Ville la nuit','Champ de lavande','Portrait studio','Neige sur les sommets'])[1 + i % 8] || ' ' || i,
      'Description numéro ' || i || ' ' || (array['lumière douce','couleurs vives','noir et blanc','grand angle'])[1 + i % 4],
      (array['photo','video','audio','illustration','vector','ebook'])[1 + i % 6]::content_kind,
      (i % 50) * 100,
      array[(array['nature','urbain','été','hiver','voyage'])[1 + i % 5]],
      -- Every other item also written in English (decision 0049): the search document holds both.
      case when i % 2 = 0 then (array['Summer at the beach','Mountain lake','Autumn forest','Sunset','City at night','Lavender field','Studio portrait','Snow on the peaks'])[1 + i % 8] || ' ' || i else '' end,
      case when i % 2 = 0 then 'Description number ' || i else '' end,
      case when i % 2 = 0 then array[(array['nature','urban','summer','winter','travel'])[1 + i % 5]] else '{}'::text[] end,
      'approved', now() - (i || ' minutes')::interval
    from generate_series(1, ${total}) as i`);
  await db.execute(sql`vacuum analyze content_submissions`);
}

/**
 * The statements searchCatalogue sent before its count was capped, written out and run on the
 * bare driver: every match counted, every match sorted by popularity.
 */
function directSql(words: string[][]): { count: string; page: string; params: string[] } {
  const params: string[] = [];
  // Each search word is a list of spellings (itself, then its corrections in the fuzzy pass).
  const conditions = words
    .map(
      (spellings) =>
        `(${spellings.map((spelling) => `search_doc like $${params.push(`%${spelling}%`)}`).join(" or ")})`,
    )
    .join(" and ");
  const where = `status = 'approved' and deleted_at is null and ${conditions}`;
  return {
    count: `select count(*)::int from content_submissions where ${where}`,
    page: `select s.id, s.title_fr, s.title_en, s.kind, s.price_cents, p.store_name from content_submissions s left join profiles p on p.user_id = s.creator_id left join (select submission_id, count(*) as score from (select submission_id from entitlements where revoked_at is null union all select submission_id from catalogue_likes) as votes group by submission_id) as popularity on popularity.submission_id = s.id where ${where} order by coalesce(popularity.score, 0) desc, s.approved_at desc nulls last, s.id desc limit 24`,
    params,
  };
}

/** Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ) on every common platform. */
const msPerTick = 10;

/**
 * CPU time (ms) used so far by the database: this process for PGlite; for PostgreSQL on this
 * machine, the server processes serving the bench's database (null when it is elsewhere). On a
 * busy machine wall-clock latency mostly measures the queue for a core; CPU time barely moves.
 */
async function databaseCpuMs(db: Database, engine: string): Promise<number | null> {
  if (engine === "pglite") {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
  const result = (await db.execute(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  )) as unknown as { rows: Array<{ pid: number }> };
  let ticks = 0;
  for (const { pid } of result.rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return ticks * msPerTick;
}

async function measure(
  run: () => Promise<unknown>,
  cpu: () => Promise<number | null>,
): Promise<{ p50: number; p95: number; cpuMs: number | null }> {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  const cpuBefore = await cpu();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  const cpuAfter = await cpu();
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    cpuMs: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / runs,
  };
}

/**
 * A database for one size: PGlite in a temporary directory, or a PostgreSQL database made for
 * the run (dropped after it) or, with BENCH_SEARCH_KEEP=1, kept under a name of its size.
 */
async function openBenchDatabase(
  engine: { name: string; url?: string },
  size: number,
): Promise<{ handle: Awaited<ReturnType<typeof openDatabase>>; dispose: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-search-"));
  if (!engine.url) {
    const handle = await openDatabase({ dataDir });
    return {
      handle,
      dispose: async () => {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const dbName = keepDatabases ? `vitrine_bench_search_${size}` : `vitrine_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: engine.url });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [dbName]);
  if (exists.rowCount === 0) await admin.query(`create database ${dbName}`);
  await admin.end();
  const parsed = new URL(engine.url);
  parsed.pathname = `/${dbName}`;
  const handle = await openDatabase({ databaseUrl: parsed.toString(), dataDir });
  return {
    handle,
    dispose: async () => {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (keepDatabases) return;
      const admin = new pg.Client({ connectionString: engine.url });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    },
  };
}

it("search latency", async () => {
  const load: { start: number[]; end?: number[] } = { start: os.loadavg() };
  const rows: Array<Record<string, string | number | null>> = [];
  const perQuery: Array<Record<string, string | number | null>> = [];
  const engines: Array<{ name: string; url?: string }> = [];
  if (engineNames.includes("pglite")) engines.push({ name: "pglite" });
  if (process.env.DATABASE_URL && engineNames.includes("postgres"))
    engines.push({ name: "postgres", url: process.env.DATABASE_URL });
  const baseline = await baselineSearch();
  for (const engine of engines) {
    for (const size of sizes) {
      if (engine.name === "pglite" && size > pgliteMaxItems) continue;
      const { handle, dispose } = await openBenchDatabase(engine, size);
      const seedStart = performance.now();
      if (!(keepDatabases && engine.url && (await seeded(handle.db, size))))
        await seed(handle.db, size);
      const seedSeconds = (performance.now() - seedStart) / 1000;
      if (process.env.BENCH_EXPLAIN) {
        const statements = directSql([["montagne"]]);
        const inline = (text: string) =>
          text.replace(/\$(\d+)/g, (_, n) => `'${statements.params[Number(n) - 1]}'`);
        const plan = await handle.db.execute(
          sql.raw(`explain analyze ${inline(statements.count)}`),
        );
        console.log(
          (plan as unknown as { rows: Array<Record<string, string>> }).rows
            .map((row) => Object.values(row)[0])
            .join("\n"),
        );
      }
      // The category bar's counts, which every server-rendered page shows: counted each time,
      // and through the cache the root loader reads (decision 0012's addendum).
      const cpu = () => databaseCpuMs(handle.db, engine.name);
      const counts = await measure(() => categoryCounts(handle.db), cpu);
      const countsCache = createCountsCache(handle.db, createEventBus());
      const cachedCounts = await measure(() => countsCache.counts(), cpu);
      const searchOf = (search: SearchCatalogue, q: string) => () =>
        search(handle.db, parseMarketplaceQuery(new URLSearchParams({ q })));
      let index = 0;
      const app = await measure(
        () => searchOf(searchCatalogue, queries[index++ % queries.length]!)(),
        cpu,
      );
      index = 0;
      const uncapped = await measure(async () => {
        const words = queries[index++ % queries.length]!.split(" ");
        let statements = directSql(words.map((word) => [word]));
        const run = (text: string) =>
          handle.db.execute(
            sql.raw(text.replace(/\$(\d+)/g, (_, n) => `'${statements.params[Number(n) - 1]}'`)),
          ) as unknown as Promise<{ rows: Array<{ count: number }> }>;
        if ((await run(statements.count)).rows[0]?.count === 0) {
          const corrected = await Promise.all(
            words.map(async (word) => {
              const nearest = (await handle.db.execute(
                sql.raw(
                  `select word from catalogue_words where word % '${word}' and similarity(word, '${word}') >= 0.45 order by similarity(word, '${word}') desc, word limit 3`,
                ),
              )) as unknown as { rows: Array<{ word: string }> };
              return [...new Set([word, ...nearest.rows.map((row) => row.word)])];
            }),
          );
          statements = directSql(corrected);
          await run(statements.count);
        }
        await run(statements.page);
      }, cpu);
      rows.push({
        engine: engine.name,
        items: size,
        seedSeconds: Number(seedSeconds.toFixed(1)),
        appP50: Number(app.p50.toFixed(2)),
        appP95: Number(app.p95.toFixed(2)),
        uncappedP50: Number(uncapped.p50.toFixed(2)),
        uncappedP95: Number(uncapped.p95.toFixed(2)),
        // Database CPU time per search (PGlite: the whole bench process's).
        appCpuMs: app.cpuMs === null ? null : Number(app.cpuMs.toFixed(2)),
        uncappedCpuMs: uncapped.cpuMs === null ? null : Number(uncapped.cpuMs.toFixed(2)),
        targetP95: 30,
        countsP50: Number(counts.p50.toFixed(2)),
        countsP95: Number(counts.p95.toFixed(2)),
        cachedCountsP95: Number(cachedCounts.p95.toFixed(3)),
      });
      console.log(JSON.stringify(rows.at(-1)));
      // Query by query, this checkout then the baseline's, so both meet the same load.
      for (const q of queries) {
        const mine = await measure(searchOf(searchCatalogue, q), cpu);
        const theirs = baseline ? await measure(searchOf(baseline, q), cpu) : undefined;
        const shown = await searchOf(searchCatalogue, q)();
        perQuery.push({
          engine: engine.name,
          items: size,
          q,
          shows: `${shown.total}${shown.totalCapped ? "+" : ""}`,
          appP50: Number(mine.p50.toFixed(2)),
          appP95: Number(mine.p95.toFixed(2)),
          appCpuMs: mine.cpuMs === null ? null : Number(mine.cpuMs.toFixed(2)),
          baselineP50: theirs ? Number(theirs.p50.toFixed(2)) : null,
          baselineP95: theirs ? Number(theirs.p95.toFixed(2)) : null,
          baselineCpuMs: theirs?.cpuMs == null ? null : Number(theirs.cpuMs.toFixed(2)),
        });
        console.log(JSON.stringify(perQuery.at(-1)));
      }
      await dispose();
    }
  }
  load.end = os.loadavg();
  console.table(rows);
  console.table(perQuery);
  console.log(
    `load average (1, 5, 15 min): start ${load.start.map((v) => v.toFixed(1)).join(" ")}, end ${load.end.map((v) => v.toFixed(1)).join(" ")}`,
  );
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(
    "bench/results/search.json",
    JSON.stringify({ date: new Date().toISOString(), runs, load, rows, perQuery }, null, 2),
  );
});
