// Memory of the production server on a small box: its resident memory once idle, and its peak
// during a first boot (initdb or the template copy, migrations, seeding, the demo content's media
// jobs), on PGlite and on PostgreSQL, each beside the same figure for a baseline measured in the
// same run (an earlier commit's build, BENCH_BASELINE_DIR) or, without one, beside the previous
// run's figures (bench/results/memory.json). Targets: decision records 0047 and 0056.
// Run with `node bench/memory.bench.js` after `npm run build`.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { serverEnv, serverNodeArgs } from "../server/node-args.js";
import {
  createCleanup,
  findFreePort,
  processTree,
  residentMemory,
  root,
  startApp,
  stopApp,
  waitUntilIdle,
  waitUntilReady,
  warnIfBusy,
} from "./support/app-process.js";
import { makeDatabase } from "./support/bench-database.js";

const resultsFile = path.join(root, "bench/results/memory.json");
const mib = 1024 * 1024;
const targets = {
  pglite: { idleRss: 300 * mib, bootPeak: 600 * mib },
  postgres: { idleRss: 200 * mib, bootPeak: 600 * mib },
};
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const baselineDir = process.env.BENCH_BASELINE_DIR
  ? path.resolve(process.env.BENCH_BASELINE_DIR)
  : "";
// The baseline keeps the Node flags it shipped with (its own server/node-args.js).
const flagsOf = async (appDir) =>
  appDir === root
    ? { nodeArgs: serverNodeArgs, env: serverEnv }
    : await import(path.join(appDir, "server/node-args.js")).then((module) => ({
        nodeArgs: module.serverNodeArgs,
        env: module.serverEnv,
      }));

/**
 * Samples the resident memory of a process and its descendants together every 50 ms: the
 * machine's share of a first boot, child processes included (VmHWM counts one process only).
 */
function sampleTree(pid) {
  let highest = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      let total = 0;
      for (const member of await processTree(pid)) {
        // A process that just exited (or a zombie) has no VmRSS line any more.
        total += (await residentMemory(member).catch(() => ({ rss: 0 }))).rss || 0;
      }
      highest = Math.max(highest, total);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return highest;
    },
  };
}

/**
 * Where the server's resident memory is (/proc/<pid>/smaps): anonymous memory (V8's heap,
 * malloc's arenas, buffers), mapped files (Node's and the native libraries' code) and, among
 * these, libvips (sharp's native library) once it has been loaded.
 */
async function residentBreakdown(pid) {
  const smaps = await readFile(`/proc/${pid}/smaps`, "utf8");
  const totals = { anonymous: 0, files: 0, libvips: 0 };
  let file = "";
  for (const line of smaps.split("\n")) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (mapping) {
      file = mapping[1].startsWith("/") ? mapping[1] : "";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    const bytes = Number(rss[1]) * 1024;
    if (file) totals.files += bytes;
    else totals.anonymous += bytes;
    if (/libvips/.test(file)) totals.libvips += bytes;
  }
  return totals;
}

/** One first boot of one build on one engine, to idle. */
async function measure(engine, appDir, cleanup) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-bench-memory-"));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  let databaseUrl = "";
  if (engine === "postgres") {
    const database = await makeDatabase(postgresUrl);
    if (!database) return null;
    cleanup.add(() => database.drop());
    databaseUrl = database.url;
  }
  const { nodeArgs, env } = await flagsOf(appDir);
  const app = startApp({
    port: await findFreePort(),
    dataDir,
    appDir,
    nodeArgs,
    env: { ...env, DATABASE_URL: databaseUrl },
  });
  cleanup.add(() => stopApp(app.child));
  const tree = sampleTree(app.child.pid);
  const start = performance.now();
  await waitUntilReady(app, "/fr");
  const readySeconds = (performance.now() - start) / 1000;
  await waitUntilIdle(app.child.pid, 180_000);
  // One page served first, so that lazily loaded code counts as idle memory.
  await (await fetch(`${app.baseUrl}/fr`)).arrayBuffer();
  const server = await residentMemory(app.child.pid);
  const breakdown = await residentBreakdown(app.child.pid);
  const treePeak = await tree.stop();
  await stopApp(app.child);
  return {
    idleRss: server.rss,
    idleAnonymous: breakdown.anonymous,
    idleFiles: breakdown.files,
    idleLibvips: breakdown.libvips,
    bootPeak: server.peak,
    bootPeakWithChildren: Math.max(treePeak, server.peak),
    readySeconds,
  };
}

const inMib = (bytes) => (bytes == null ? "–" : `${Math.round(bytes / mib)} MiB`);

async function previousRun() {
  try {
    return JSON.parse(await readFile(resultsFile, "utf8"));
  } catch {
    return null;
  }
}

async function main() {
  warnIfBusy();
  const cleanup = createCleanup();
  const previous = baselineDir ? null : await previousRun();
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverageStart: os.loadavg(),
    baseline: baselineDir || (previous ? `previous run (${previous.date})` : null),
    engines: {},
  };
  try {
    for (const engine of ["pglite", "postgres"]) {
      process.stderr.write(`== ${engine}\n`);
      const baseline = baselineDir
        ? await measure(engine, baselineDir, cleanup)
        : (previous?.engines?.[engine]?.current ?? null);
      const current = await measure(engine, root, cleanup);
      if (current) report.engines[engine] = { baseline, current, targets: targets[engine] };
    }
  } finally {
    await cleanup.run();
  }
  report.loadAverageEnd = os.loadavg();
  const rows = [["engine", "figure", "baseline", "this build", "target"]];
  for (const [engine, { baseline, current, targets: target }] of Object.entries(report.engines)) {
    rows.push([
      engine,
      "idle RSS",
      inMib(baseline?.idleRss),
      inMib(current.idleRss),
      inMib(target.idleRss),
    ]);
    for (const [figure, key] of [
      ["  of which anonymous", "idleAnonymous"],
      ["  of which mapped files", "idleFiles"],
      ["  of which libvips", "idleLibvips"],
    ]) {
      rows.push([engine, figure, inMib(baseline?.[key]), inMib(current[key]), ""]);
    }
    rows.push([
      engine,
      "first-boot peak (server)",
      inMib(baseline?.bootPeak),
      inMib(current.bootPeak),
      inMib(target.bootPeak),
    ]);
    rows.push([
      engine,
      "first-boot peak (with children)",
      inMib(baseline?.bootPeakWithChildren),
      inMib(current.bootPeakWithChildren),
      inMib(target.bootPeak),
    ]);
    rows.push([
      engine,
      "ready after",
      baseline ? `${baseline.readySeconds.toFixed(1)} s` : "–",
      `${current.readySeconds.toFixed(1)} s`,
      "",
    ]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padEnd(widths[column])).join("  "));
  console.log(`baseline: ${report.baseline ?? "none"}`);
  console.log(
    `load average (1 min): ${report.loadAverageStart[0].toFixed(1)} at start, ${report.loadAverageEnd[0].toFixed(1)} at end, on ${report.cpus} CPUs`,
  );
  await mkdir(path.dirname(resultsFile), { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
}

await main();
