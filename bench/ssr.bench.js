// SSR benchmark: how much does server rendering cost compared with serving the same bytes raw?
//
// Starts the production server on a fresh demo install, captures each page once, then loads
// both the app and a bare `http` server replaying those exact bytes with autocannon. The
// baseline makes the numbers comparable across machines: the ratio app/baseline says how far
// rendering is from "free", whatever the hardware. Run with `npm run bench` (builds first).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsFile = path.join(root, "bench/results/ssr.json");

const pages = [
  { name: "home", path: "/fr", expectedStatus: 200 },
  { name: "auth", path: "/fr/auth", expectedStatus: 200 },
  // Not-found pages are rendered by the app too, so they cost as much as a real page.
  { name: "404", path: "/fr/nowhere", expectedStatus: 404 },
];

// First boot runs initdb, migrations and seeding: a few seconds, much more on a slow CI box.
const startupTimeoutMs = 90_000;
const stopTimeoutMs = 5_000;
// Lines of app output kept to explain a failure.
const outputTailLines = 40;

/** Reads a number from the environment, failing loudly on anything that is not one. */
function numberFromEnv(name, fallback, { integer = false, min = 0 } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(
      `${name}=${raw} is not valid: expected ${integer ? "an integer" : "a number"} >= ${min}`,
    );
  }
  return value;
}

function readSettings() {
  return {
    durationSeconds: numberFromEnv("BENCH_DURATION", 8, { min: 0.1 }),
    connections: numberFromEnv("BENCH_CONNECTIONS", 10, { integer: true, min: 1 }),
    // Lets V8 optimise the hot paths and fills the app's caches before measuring; 0 disables it.
    warmupSeconds: numberFromEnv("BENCH_WARMUP", 2),
  };
}

/** Asks the OS for a port nobody is listening on. */
async function findFreePort() {
  const probe = net.createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address();
  probe.close();
  await once(probe, "close");
  return port;
}

/** Starts `node server/index.js` on a fresh data directory; output is kept for error reports. */
function startApp({ port, dataDir }) {
  const child = spawn(process.execPath, ["server/index.js"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      // Loopback only: the bench must not expose a demo install on the network.
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // A developer's .env or shell may point elsewhere; the bench always measures the
      // embedded demo install so runs stay comparable (an empty value counts as unset).
      APP_MODE: "demo",
      DATABASE_URL: "",
      BASE_URL: "",
    },
  });
  const output = { lines: [], total: 0 };
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      for (const line of chunk.split("\n").filter(Boolean)) {
        output.total += 1;
        output.lines.push(line);
        if (output.lines.length > outputTailLines) output.lines.shift();
      }
    });
  }
  return { child, output, baseUrl: `http://127.0.0.1:${port}` };
}

function hasExited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

function describeOutput(app) {
  return app.output.lines.length ? `\nLast app output:\n${app.output.lines.join("\n")}` : "";
}

/** Polls until the app answers any HTTP request, or fails if it dies or takes too long. */
async function waitUntilReady(app, probePath) {
  const deadline = Date.now() + startupTimeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(app.child)) {
      throw new Error(
        `App exited during startup (code ${app.child.exitCode}).${describeOutput(app)}`,
      );
    }
    try {
      await fetch(app.baseUrl + probePath, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      // Not listening yet (or still booting): try again shortly.
      await delay(100);
    }
  }
  throw new Error(`App did not answer within ${startupTimeoutMs / 1000} s.${describeOutput(app)}`);
}

/** Stops the app gracefully, then forcefully if it hangs. */
async function stopApp(child) {
  if (hasExited(child)) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timedOut = await Promise.race([exited.then(() => false), delay(stopTimeoutMs, true)]);
  if (timedOut) {
    child.kill("SIGKILL");
    await exited;
  }
}

/**
 * One plain GET with node:http rather than fetch: no Accept-Encoding and no decoding, so the
 * body is byte for byte what autocannon receives.
 */
function getRaw(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode,
          contentType: response.headers["content-type"],
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Captures a page once, failing early if it does not answer with its expected status. */
async function capturePage(baseUrl, page) {
  const snapshot = await getRaw(baseUrl + page.path);
  if (snapshot.status !== page.expectedStatus) {
    throw new Error(`${page.path} answered ${snapshot.status}, expected ${page.expectedStatus}`);
  }
  return { ...page, ...snapshot };
}

/** Serves each captured path with the same bytes, status and content-type; no rendering at all. */
async function startBaseline(snapshots) {
  const byPath = new Map(snapshots.map((snapshot) => [snapshot.path, snapshot]));
  const server = http.createServer((req, res) => {
    const snapshot = byPath.get(req.url);
    if (!snapshot) {
      // Never expected: 500 makes the status check fail instead of passing silently.
      res.writeHead(500).end();
      return;
    }
    res.writeHead(snapshot.status, { "content-type": snapshot.contentType });
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
async function runLoad(url, settings) {
  const latenciesMs = [];
  const instance = autocannon({
    url,
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

async function measure(label, url, expectedStatus, settings) {
  process.stderr.write(`  ${label} ${url} ... `);
  const run = await runLoad(url, settings);
  assertHealthy(`${label} ${url}`, run.result, expectedStatus);
  const summary = summarize(run);
  process.stderr.write(`${Math.round(summary.reqPerSec)} req/s\n`);
  return summary;
}

async function benchPage(snapshot, app, baseline, settings) {
  process.stderr.write(`${snapshot.name} (${snapshot.path}, ${snapshot.body.length} bytes)\n`);
  const appSummary = await measure("app", app.baseUrl + snapshot.path, snapshot.status, settings);
  if (hasExited(app.child)) {
    throw new Error(
      `App exited during the run (code ${app.child.exitCode}).${describeOutput(app)}`,
    );
  }
  const baselineSummary = await measure(
    "baseline",
    baseline.baseUrl + snapshot.path,
    snapshot.status,
    settings,
  );
  return {
    page: snapshot.name,
    path: snapshot.path,
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

async function writeResults(report) {
  await mkdir(path.dirname(resultsFile), { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
}

/** Returns a cleanup that runs its steps once, whoever calls it first (normal end or a signal). */
function createCleanup() {
  const steps = [];
  let done;
  return {
    add(step) {
      steps.push(step);
    },
    run() {
      done ??= (async () => {
        // Last acquired, first released: the app must be dead before its data dir is removed.
        for (const step of steps.reverse()) {
          try {
            await step();
          } catch (error) {
            console.error("Cleanup step failed:", error);
          }
        }
      })();
      return done;
    },
  };
}

/** Other work on the machine skews every number; say so up front rather than after a minute. */
function warnIfBusy() {
  const [load] = os.loadavg();
  const cpus = os.cpus().length;
  if (load > cpus / 2) {
    console.warn(
      `Warning: load average is ${load.toFixed(1)} on ${cpus} CPUs before starting; ` +
        "other processes will skew the results.",
    );
  }
  return load;
}

async function main() {
  const settings = readSettings();
  const loadAtStart = warnIfBusy();
  const cleanup = createCleanup();
  // Ctrl-C or a CI cancel must not leave a server running or a data dir behind.
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      console.error(`\n${signal} received, cleaning up`);
      cleanup.run().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }

  try {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-bench-"));
    cleanup.add(() => rm(dataDir, { recursive: true, force: true }));

    const app = startApp({ port: await findFreePort(), dataDir });
    cleanup.add(() => stopApp(app.child));
    const bootStart = performance.now();
    await waitUntilReady(app, pages[0].path);
    const bootSeconds = (performance.now() - bootStart) / 1000;
    console.error(`App ready at ${app.baseUrl} after ${bootSeconds.toFixed(1)} s`);

    const snapshots = [];
    for (const page of pages) snapshots.push(await capturePage(app.baseUrl, page));

    const baseline = await startBaseline(snapshots);
    cleanup.add(() => stopBaseline(baseline.server));

    console.error(
      `Settings: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up, ` +
        `${settings.durationSeconds} s measured, per page and per target`,
    );
    const rows = [];
    for (const snapshot of snapshots) {
      rows.push(await benchPage(snapshot, app, baseline, settings));
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
      bootSeconds,
      // Anything beyond the "listening" line means the app warned or failed during the run.
      appOutputLines: app.output.total,
      pages: rows,
    };
    await writeResults(report);

    console.log(`\n${formatTable(rows)}\n`);
    console.log(`Results written to ${path.relative(root, resultsFile)}`);
    if (app.output.total > 1) {
      console.warn(`\nThe app wrote ${app.output.total} lines of output:${describeOutput(app)}`);
    }
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
