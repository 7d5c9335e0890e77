// SSR benchmark: how much does server rendering cost compared with serving the same bytes raw?
//
// Starts the production server on a fresh demo install, captures each page once, then loads
// both the app and a bare `http` server replaying those exact bytes with autocannon. The
// baseline makes the numbers comparable across machines: the ratio app/baseline says how far
// rendering is from "free", whatever the hardware. Run with `npm run bench` (builds first).
import { once } from "node:events";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { serverEnv, serverNodeArgs } from "../server/node-args.js";
import {
  createCleanup,
  describeOutput,
  findFreePort,
  hasExited,
  numberFromEnv,
  residentMemory,
  root,
  startApp,
  stopApp,
  waitUntilReady,
  warnIfBusy,
  clockTicksPerSecond,
  cpuTicks,
  waitUntilIdle,
} from "./support/app-process.js";
import { makeDatabase } from "./support/bench-database.js";

const resultsFile = path.join(root, "bench/results/ssr.json");

const pages = [
  { name: "home", path: "/fr", expectedStatus: 200 },
  { name: "marketplace", path: "/fr/marketplace?q=montagne&sort=recent", expectedStatus: 200 },
  { name: "auth", path: "/fr/auth", expectedStatus: 200 },
  // Not-found pages are rendered by the app too, so they cost as much as a real page.
  { name: "404", path: "/fr/nowhere", expectedStatus: 404 },
];

/**
 * Public pages are kept whole for visitors without a session (decision record 0061): the load
 * above, which sends no cookie, is served from that cache. The same pages with a cookie the
 * app does not know are rendered for each request, as a signed-in viewer's are.
 */
const renderedCookie = "bench_rendered=1";
const renderedPages = new Set(["home", "marketplace", "product"]);

/** Each public page twice: served (no cookie), then rendered (an unknown cookie). */
function withRenderedRows(enginePages) {
  return enginePages.flatMap((page) =>
    renderedPages.has(page.name)
      ? [
          { ...page, name: `${page.name} served`, mode: "served" },
          { ...page, name: `${page.name} rendered`, mode: "rendered", cookie: renderedCookie },
        ]
      : [page],
  );
}

function readSettings() {
  return {
    durationSeconds: numberFromEnv("BENCH_DURATION", 8, { min: 0.1 }),
    connections: numberFromEnv("BENCH_CONNECTIONS", 10, { integer: true, min: 1 }),
    // Lets V8 optimise the hot paths and fills the app's caches before measuring; 0 disables it.
    warmupSeconds: numberFromEnv("BENCH_WARMUP", 2),
    // autocannon sends no Accept-Encoding of its own: by default pages go out uncompressed.
    acceptEncoding: process.env.BENCH_ACCEPT_ENCODING ?? "",
    // The second engine; "" skips it. Each run makes and drops its own database there.
    postgresUrl: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test",
  };
}

/**
 * One plain GET with node:http rather than fetch: only the Accept-Encoding given and no
 * decoding, so the body is byte for byte what autocannon (or a browser) receives.
 */
function getRaw(url, acceptEncoding = "", cookie = "") {
  const headers = {
    ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
    ...(cookie ? { cookie } : {}),
  };
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode,
          contentType: response.headers["content-type"],
          contentEncoding: response.headers["content-encoding"],
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Captures a page once, failing early if it does not answer with its expected status. */
async function capturePage(baseUrl, page, acceptEncoding) {
  const snapshot = await getRaw(baseUrl + page.path, acceptEncoding, page.cookie);
  if (snapshot.status !== page.expectedStatus) {
    throw new Error(`${page.path} answered ${snapshot.status}, expected ${page.expectedStatus}`);
  }
  return { ...page, ...snapshot };
}

/**
 * Serves each captured path with the same bytes, status, content-type and content-encoding (the
 * app's compressed bytes when the bench asks for them); no rendering, no compressing at all.
 */
async function startBaseline(snapshots) {
  // A page served and rendered has one path: the first capture (served) is replayed.
  const byPath = new Map();
  for (const snapshot of snapshots) {
    if (!byPath.has(snapshot.path)) byPath.set(snapshot.path, snapshot);
  }
  const server = http.createServer((req, res) => {
    const snapshot = byPath.get(req.url);
    if (!snapshot) {
      // Never expected: 500 makes the status check fail instead of passing silently.
      res.writeHead(500).end();
      return;
    }
    res.writeHead(snapshot.status, {
      "content-type": snapshot.contentType,
      ...(snapshot.contentEncoding ? { "content-encoding": snapshot.contentEncoding } : {}),
    });
    res.end(snapshot.body);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, baseUrl: `http://127.0.0.1:${server.address().port}` };
}

async function stopBaseline(server) {
  if (!server.listening) return;
  const closed = once(server, "close");
  server.close();
  server.closeAllConnections();
  await closed;
}

/**
 * Loads one URL with autocannon. Latencies are also collected from the `response` events because
 * autocannon's own histogram rounds to whole milliseconds, and the baseline answers in well
 * under one: its p50 would read 0 or 1 ms and the p50 ratio would be meaningless.
 */
async function runLoad(url, settings, cookie) {
  const latenciesMs = [];
  const instance = autocannon({
    url,
    headers: {
      ...(settings.acceptEncoding ? { "accept-encoding": settings.acceptEncoding } : {}),
      ...(cookie ? { cookie } : {}),
    },
    connections: settings.connections,
    duration: settings.durationSeconds,
    warmup:
      settings.warmupSeconds > 0
        ? { connections: settings.connections, duration: settings.warmupSeconds }
        : undefined,
  });
  // The returned instance only reports the measured phase; the warm-up has its own tracker.
  instance.on("response", (_client, _status, _bytes, responseTimeMs) =>
    latenciesMs.push(responseTimeMs),
  );
  const result = await instance;
  return { result, latenciesMs };
}

/** Fails loudly on connection errors, timeouts or any status other than the expected one. */
function assertHealthy(label, result, expectedStatus) {
  const phases = result.warmup ? [result.warmup, result] : [result];
  for (const phase of phases) {
    const phaseLabel = phase === result ? label : `${label} (warm-up)`;
    const statuses = Object.keys(phase.statusCodeStats).map(Number);
    const unexpected = statuses.filter((status) => status !== expectedStatus);
    const problems = [];
    if (phase.errors > 0) problems.push(`${phase.errors} connection errors`);
    if (phase.timeouts > 0) problems.push(`${phase.timeouts} timeouts`);
    if (unexpected.length > 0) {
      problems.push(`unexpected statuses ${JSON.stringify(phase.statusCodeStats)}`);
    }
    if (phase.requests.total === 0) problems.push("no completed request");
    if (problems.length > 0) {
      throw new Error(`${phaseLabel}: ${problems.join(", ")} (expected only ${expectedStatus})`);
    }
  }
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted, p) {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

function summarize({ result, latenciesMs }) {
  const sorted = Float64Array.from(latenciesMs).sort();
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    requests: result.requests.total,
    durationSeconds: result.duration,
    // Completed requests over the measured time: unlike autocannon's per-second samples, this
    // stays exact for short or fractional durations.
    reqPerSec: result.requests.total / result.duration,
    latencyMs: {
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      mean: total / sorted.length,
      max: sorted[sorted.length - 1],
    },
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
    ),
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * Loads one URL and summarises the measured phase. With `pid`, also the server's CPU time per
 * request over the warm-up and the measured phase: unlike req/s, other programs on a shared
 * machine barely change it.
 */
async function measure(label, url, expectedStatus, settings, pid, cookie) {
  process.stderr.write(`  ${label} ${url}${cookie ? ` (Cookie: ${cookie})` : ""} ... `);
  const ticksBefore = pid ? await cpuTicks(pid) : 0;
  const run = await runLoad(url, settings, cookie);
  const ticks = pid ? (await cpuTicks(pid)) - ticksBefore : 0;
  assertHealthy(`${label} ${url}`, run.result, expectedStatus);
  const summary = summarize(run);
  if (pid) {
    const requests = run.result.requests.total + (run.result.warmup?.requests.total ?? 0);
    summary.cpuMsPerRequest = (ticks * (1000 / clockTicksPerSecond)) / requests;
  }
  process.stderr.write(`${Math.round(summary.reqPerSec)} req/s\n`);
  return summary;
}

/**
 * One page against the app, then against the baseline; a path already measured against the
 * baseline (the same page, served then rendered) reuses that figure: same bytes, same run.
 */
async function benchPage(snapshot, app, baseline, settings, baselineByPath) {
  process.stderr.write(`${snapshot.name} (${snapshot.path}, ${snapshot.body.length} bytes)\n`);
  const appSummary = await measure(
    "app",
    app.baseUrl + snapshot.path,
    snapshot.status,
    settings,
    app.child.pid,
    snapshot.cookie,
  );
  if (hasExited(app.child)) {
    throw new Error(
      `App exited during the run (code ${app.child.exitCode}).${describeOutput(app)}`,
    );
  }
  const baselineSummary =
    baselineByPath.get(snapshot.path) ??
    (await measure("baseline", baseline.baseUrl + snapshot.path, snapshot.status, settings));
  baselineByPath.set(snapshot.path, baselineSummary);
  return {
    page: snapshot.name,
    path: snapshot.path,
    // served: the load sends no cookie (kept pages, 0061); rendered: an unknown cookie.
    mode: snapshot.mode ?? "rendered",
    status: snapshot.status,
    contentType: snapshot.contentType,
    bytes: snapshot.body.length,
    app: appSummary,
    baseline: baselineSummary,
    ratios: {
      // Share of the raw-serving throughput the app keeps: 1 would mean rendering is free.
      reqPerSec: appSummary.reqPerSec / baselineSummary.reqPerSec,
      // How many times slower the median response is than serving the bytes raw.
      p50: appSummary.latencyMs.p50 / baselineSummary.latencyMs.p50,
    },
  };
}

function formatTable(rows) {
  const header = [
    "page",
    "app CPU ms/req",
    "app req/s",
    "app p50 ms",
    "app p99 ms",
    "base req/s",
    "base p50 ms",
    "base p99 ms",
    "req/s ratio",
    "p50 ratio",
  ];
  const lines = rows.map((row) => [
    `${row.page} ${row.path}`,
    row.app.cpuMsPerRequest.toFixed(2),
    row.app.reqPerSec.toFixed(0),
    row.app.latencyMs.p50.toFixed(2),
    row.app.latencyMs.p99.toFixed(2),
    row.baseline.reqPerSec.toFixed(0),
    row.baseline.latencyMs.p50.toFixed(2),
    row.baseline.latencyMs.p99.toFixed(2),
    row.ratios.reqPerSec.toFixed(4),
    row.ratios.p50.toFixed(1),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column].length)),
  );
  // Page names left-aligned, numbers right-aligned so magnitudes line up.
  const formatLine = (cells) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join("  ");
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [formatLine(header), rule, ...lines.map(formatLine)].join("\n");
}

const firstVisitEncodings = ["", "gzip", "br", "gzip, deflate, br, zstd"];

/**
 * Bytes a first visit to `pagePath` transfers (bodies as sent, headers left out): the HTML, the
 * scripts and style sheets it names, and the language catalogue the client entry imports before
 * hydrating (decision record 0003), once per Accept-Encoding (the last one is Chromium's).
 */
async function measureFirstVisit(baseUrl, pagePath) {
  const html = (await getRaw(baseUrl + pagePath)).body.toString("utf8");
  const assets = new Set(
    [
      ...html.matchAll(/<(?:link|script)\b[^>]*?(?:href|src)="(\/assets\/[\w.-]+\.(?:js|css))"/g),
    ].map((match) => match[1]),
  );
  const language = pagePath.split("/")[1];
  for (const name of await readdir(path.join(root, "build/client/assets"))) {
    if (new RegExp(`^catalog\\.${language}-[\\w-]+\\.js$`).test(name))
      assets.add(`/assets/${name}`);
  }
  const rows = [];
  for (const acceptEncoding of firstVisitEncodings) {
    const page = await getRaw(baseUrl + pagePath, acceptEncoding);
    const row = {
      acceptEncoding,
      html: page.body.length,
      htmlEncoding: page.contentEncoding ?? "identity",
      scripts: 0,
      styles: 0,
      files: assets.size,
    };
    for (const asset of assets) {
      const { body } = await getRaw(baseUrl + asset, acceptEncoding);
      if (asset.endsWith(".css")) row.styles += body.length;
      else row.scripts += body.length;
    }
    row.total = row.html + row.scripts + row.styles;
    rows.push(row);
  }
  return rows;
}

function formatFirstVisit(rows) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  return rows
    .map(
      (row) =>
        `Accept-Encoding "${row.acceptEncoding}": HTML ${kb(row.html)} (${row.htmlEncoding}), ` +
        `${row.files} scripts and style sheets ${kb(row.scripts + row.styles)} ` +
        `(JS ${kb(row.scripts)}), total ${kb(row.total)}`,
    )
    .join("\n");
}

async function writeResults(report) {
  await mkdir(path.dirname(resultsFile), { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
}

const mib = 1024 * 1024;
/** Memory targets (decision record 0047): idle on each engine, and the first boot's peak. */
const idleRssTargets = { pglite: 300 * mib, postgres: 200 * mib };
const bootPeakTarget = 600 * mib;

/**
 * One engine: a fresh demo install (PGlite in a temporary data directory, or a PostgreSQL
 * database of its own), its first boot's peak memory and idle memory, then every page against
 * the bare baseline. The server is stopped before the next engine starts.
 */
async function benchEngine(engine, settings, cleanup) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-bench-"));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  let databaseUrl = "";
  if (engine === "postgres") {
    const database = await makeDatabase(settings.postgresUrl);
    if (!database) return null;
    cleanup.add(() => database.drop());
    databaseUrl = database.url;
  }
  process.stderr.write(`\n== ${engine}\n`);
  const app = startApp({
    port: await findFreePort(),
    dataDir,
    nodeArgs: serverNodeArgs,
    env: { ...serverEnv, DATABASE_URL: databaseUrl },
  });
  cleanup.add(() => stopApp(app.child));
  const bootStart = performance.now();
  await waitUntilReady(app, pages[0].path);
  const bootSeconds = (performance.now() - bootStart) / 1000;
  console.error(`App ready at ${app.baseUrl} after ${bootSeconds.toFixed(1)} s`);
  await waitUntilIdle(app.child.pid);
  // One page served first, so that lazily loaded code counts as idle memory.
  await getRaw(app.baseUrl + pages[0].path);
  const idle = await residentMemory(app.child.pid);

  // The demo install's first product, found as a visitor would, through the marketplace.
  const enginePages = [...pages];
  const listing = await (await fetch(`${app.baseUrl}/fr/marketplace`)).text();
  const productPath = listing.match(/href="(\/fr\/product\/[0-9a-f-]{36})"/)?.[1];
  if (productPath) enginePages.push({ name: "product", path: productPath, expectedStatus: 200 });

  const snapshots = [];
  for (const page of withRenderedRows(enginePages)) {
    snapshots.push(await capturePage(app.baseUrl, page, settings.acceptEncoding));
  }
  const firstVisit =
    engine === "pglite" ? await measureFirstVisit(app.baseUrl, pages[0].path) : null;
  const productJsGzipBytes =
    engine === "pglite" && productPath ? await productJavaScript(app.baseUrl, productPath) : null;

  const baseline = await startBaseline(snapshots);
  cleanup.add(() => stopBaseline(baseline.server));
  console.error(
    `Settings: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up, ` +
      `${settings.durationSeconds} s measured, per page and per target`,
  );
  const rows = [];
  const baselineByPath = new Map();
  for (const snapshot of snapshots) {
    rows.push(await benchPage(snapshot, app, baseline, settings, baselineByPath));
  }
  const afterLoad = await residentMemory(app.child.pid);
  const outputLines = app.output.total;
  const output = describeOutput(app);
  await stopBaseline(baseline.server);
  await stopApp(app.child);
  return {
    engine,
    bootSeconds,
    memory: {
      idleRssBytes: idle.rss,
      idleRssTargetBytes: idleRssTargets[engine],
      // VmHWM once the first boot (initdb or migrations, seeding, demo media jobs) is over.
      bootPeakRssBytes: idle.peak,
      bootPeakTargetBytes: bootPeakTarget,
      rssAfterLoadBytes: afterLoad.rss,
      peakRssBytes: afterLoad.peak,
    },
    // Anything beyond the "listening" line means the app warned or failed during the run.
    appOutputLines: outputLines,
    appOutput: outputLines > 1 ? output : "",
    pages: rows,
    productJsGzipBytes,
    firstVisit,
  };
}

/** JavaScript the product page makes the browser download, gzipped (target: under 200 KB). */
async function productJavaScript(baseUrl, productPath) {
  const html = await (await fetch(`${baseUrl}${productPath}`)).text();
  // What the browser fetches: the module preloads (the route manifest inlined in the page
  // also names other routes' modules, which are only fetched when visited).
  const assets = new Set(
    [...html.matchAll(/rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"/g)].map(
      (match) => match[1],
    ),
  );
  // The page's language catalogue is not in the HTML: the client entry imports it before
  // hydrating (decision record 0003). It is part of what the page downloads.
  const assetDir = path.join(root, "build/client/assets");
  for (const name of await readdir(assetDir)) {
    if (/^catalog\.fr-[\w-]+\.js$/.test(name)) assets.add(`/assets/${name}`);
  }
  let bytes = 0;
  for (const asset of assets) {
    bytes += gzipSync(await readFile(path.join(root, "build/client", asset))).length;
  }
  console.error(
    `Product page JavaScript: ${assets.size} files, ${(bytes / 1024).toFixed(1)} KB gzipped (limit 200 KB)`,
  );
  return bytes;
}

function formatMemory(run) {
  const inMib = (bytes) => `${Math.round(bytes / mib)} MiB`;
  const { memory } = run;
  return (
    `idle RSS ${inMib(memory.idleRssBytes)} (target ${inMib(memory.idleRssTargetBytes)}), ` +
    `first-boot peak ${inMib(memory.bootPeakRssBytes)} (target ${inMib(memory.bootPeakTargetBytes)}), ` +
    `RSS after the load ${inMib(memory.rssAfterLoadBytes)}`
  );
}

async function main() {
  const settings = readSettings();
  const loadAtStart = warnIfBusy();
  const cleanup = createCleanup();

  try {
    const runs = [];
    for (const engine of ["pglite", "postgres"]) {
      const run = await benchEngine(engine, settings, cleanup);
      if (run) runs.push(run);
    }
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      settings,
      // 1-minute load averages: a busy machine explains odd numbers when comparing runs.
      loadAverage: { start: loadAtStart, end: os.loadavg()[0] },
      productJsLimitBytes: 200 * 1024,
      runs,
    };
    await writeResults(report);

    for (const run of runs) {
      console.log(`\n${run.engine}: ${formatMemory(run)}\n${formatTable(run.pages)}\n`);
      if (run.firstVisit) {
        console.log(`First visit to ${pages[0].path}:\n${formatFirstVisit(run.firstVisit)}\n`);
      }
      if (run.appOutput) {
        console.warn(`The app wrote ${run.appOutputLines} lines of output:${run.appOutput}\n`);
      }
    }
    console.log(
      `Load average (1 min): ${loadAtStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end`,
    );
    console.log(`Results written to ${path.relative(root, resultsFile)}`);
  } finally {
    await cleanup.run();
  }
}

try {
  await main();
} catch (error) {
  console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
