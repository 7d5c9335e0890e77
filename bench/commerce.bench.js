// Commerce benchmark, on the production server:
// 1. orders per second from checkout to fulfilled entitlement through the built-in test provider
//    (add to cart, checkout, pay with 4242: three requests per order, fulfilment included), on
//    PostgreSQL (PGlite when PostgreSQL cannot be reached), beside GET /fr/cart on the same
//    server and connections (the cost of a plain signed-in page);
// 2. download throughput of a 1 GB original through the signed link, beside a plain read of the
//    same file, with the server's peak resident memory.
// Run with `npm run bench` (builds first) or `node bench/commerce.bench.js` after a build.
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Writable } from "node:stream";
import pg from "pg";
import {
  createCleanup,
  findFreePort,
  numberFromEnv,
  residentMemory,
  root,
  sampleMemory,
  signIn,
  startApp,
  stopApp,
  waitUntilReady,
  warnIfBusy,
} from "./support/app-process.js";
import { makeDatabase } from "./support/bench-database.js";
import { serverEnv, serverNodeArgs } from "../server/node-args.js";

const resultsFile = path.join(root, "bench/results/commerce.json");
const mib = 1024 * 1024;
/** The server should stream, not buffer: it stays under this while sending 1 GB. */
const peakRssLimit = 250 * mib;
const demoTitle = "Coucher de soleil sur les dunes";
const password = "Bench-password-2026";

function readSettings() {
  return {
    orders: numberFromEnv("BENCH_ORDERS", 200, { integer: true, min: 1 }),
    connections: numberFromEnv("BENCH_CONNECTIONS", 4, { integer: true, min: 1 }),
    downloadBytes: numberFromEnv("BENCH_DOWNLOAD_MB", 1000, { integer: true, min: 1 }) * mib,
    postgresUrl: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test",
  };
}

function form(baseUrl, pathname, cookie, fields) {
  return fetch(`${baseUrl}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: baseUrl,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

async function registerBuyer(baseUrl) {
  const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
  const response = await form(baseUrl, "/fr/auth", null, {
    intent: "register",
    accountType: "client",
    firstName: "Bench",
    lastName: "Buyer",
    email,
    password,
    confirmPassword: password,
    country: "fr",
    terms: "on",
  });
  if (response.status !== 302) throw new Error(`sign-up failed (${response.status})`);
  return signIn(baseUrl, email, password);
}

/** The demo item's id and its original's id, read from the demo seller's portfolio. */
async function demoItem(baseUrl) {
  const cookie = await signIn(baseUrl, "createur@vitrine.test", "Createur-vitrine-2026");
  const html = await (
    await fetch(`${baseUrl}/fr/portfolio`, { headers: { Cookie: cookie } })
  ).text();
  const pattern =
    /href="\/fr\/seller-dashboard\/content\/([0-9a-f-]{36})"[\s\S]*?<h2[^>]*>([^<]*)<\/h2>/g;
  for (const match of html.matchAll(pattern)) if (match[2] === demoTitle) return match[1];
  throw new Error(`demo item "${demoTitle}" not found`);
}

/** One order: add to cart, checkout, pay with 4242; resolves once the payment page is answered. */
async function placeOrder(baseUrl, cookie, submissionId) {
  const added = await form(baseUrl, "/fr/cart", cookie, {
    intent: "add",
    submissionId,
    licenceId: "standard",
  });
  if (added.status !== 302) throw new Error(`add to cart: ${added.status}`);
  const checkout = await form(baseUrl, "/fr/checkout", cookie, { intent: "pay" });
  if (checkout.status !== 302) throw new Error(`checkout: ${checkout.status}`);
  const payPath = new URL(checkout.headers.get("location")).pathname;
  const paid = await form(baseUrl, payPath, cookie, {
    intent: "pay",
    cardNumber: "4242424242424242",
    expiry: `12/${String((new Date().getUTCFullYear() + 5) % 100).padStart(2, "0")}`,
    cvc: "123",
  });
  if (paid.status !== 302 || !paid.headers.get("location").startsWith("/payment-success")) {
    throw new Error(`payment: ${paid.status}`);
  }
}

async function runWorkers(count, total, task) {
  let next = 0;
  const latencies = [];
  await Promise.all(
    Array.from({ length: count }, async (_, worker) => {
      while (next < total) {
        next += 1;
        const started = performance.now();
        await task(worker);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    p50: latencies[Math.floor(latencies.length / 2)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
  };
}

async function countPaid(databaseUrl) {
  if (!databaseUrl) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    "select (select count(*) from orders where status = 'paid')::int as paid, (select count(*) from entitlements)::int as rights",
  );
  const { rows: uploadRows } = await client.query(
    "select u.id from uploads u join content_submissions s on s.id = u.submission_id where s.title_fr = $1 and u.purpose = 'original'",
    [demoTitle],
  );
  await client.end();
  return { ...rows[0], uploadId: uploadRows[0]?.id };
}

async function writeRandom(file, sizeBytes) {
  const handle = await open(file, "w");
  try {
    const block = randomBytes(16 * mib);
    for (let written = 0; written < sizeBytes; written += block.length) {
      await handle.write(block, 0, Math.min(block.length, sizeBytes - written));
    }
  } finally {
    await handle.close();
  }
}

const sink = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

async function main() {
  const settings = readSettings();
  const loadAtStart = warnIfBusy();
  const cleanup = createCleanup();
  try {
    const workDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-commerce-bench-"));
    cleanup.add(() => rm(workDir, { recursive: true, force: true }));
    const database = await makeDatabase(settings.postgresUrl);
    if (database) cleanup.add(() => database.drop());
    const dataDir = path.join(workDir, "data");
    const app = startApp({
      port: await findFreePort(),
      dataDir,
      nodeArgs: serverNodeArgs,
      env: {
        ...serverEnv,
        DATABASE_URL: database?.url ?? "",
        MEDIA_WORKER: "false",
        RATE_LIMIT_SIGN_UP_MAX: "10000",
        RATE_LIMIT_SIGN_IN_MAX: "10000",
      },
    });
    cleanup.add(() => stopApp(app.child));
    await waitUntilReady(app);
    const submissionId = await demoItem(app.baseUrl);
    const buyers = [];
    for (let index = 0; index < settings.connections; index++) {
      buyers.push(await registerBuyer(app.baseUrl));
    }
    // Warm-up: one order per buyer.
    for (const cookie of buyers) await placeOrder(app.baseUrl, cookie, submissionId);

    console.log(`Placing ${settings.orders} orders on ${settings.connections} connections…`);
    let started = performance.now();
    const orderLatency = await runWorkers(settings.connections, settings.orders, (worker) =>
      placeOrder(app.baseUrl, buyers[worker], submissionId),
    );
    const orderSeconds = (performance.now() - started) / 1000;
    const pageRequests = settings.orders * 3;
    started = performance.now();
    await runWorkers(settings.connections, pageRequests, async (worker) => {
      const response = await fetch(`${app.baseUrl}/fr/cart`, {
        headers: { Cookie: buyers[worker] },
      });
      if (response.status !== 200) throw new Error(`GET /fr/cart: ${response.status}`);
      await response.arrayBuffer();
    });
    const pageSeconds = (performance.now() - started) / 1000;
    const counts = await countPaid(database?.url);
    if (counts && counts.paid < settings.orders + settings.connections) {
      throw new Error(`only ${counts.paid} orders paid`);
    }

    // Downloads: a 1 GB original in place of the demo photo's, bought above.
    const uploadId = counts?.uploadId;
    let download = null;
    if (uploadId) {
      const original = path.join(dataDir, "uploads", uploadId);
      console.log(`Writing a ${(settings.downloadBytes / mib).toFixed(0)} MiB original…`);
      await writeRandom(original, settings.downloadBytes);
      started = performance.now();
      await pipeline(createReadStream(original), sink());
      const readSeconds = (performance.now() - started) / 1000;
      const idle = await residentMemory(app.child.pid);
      const memory = sampleMemory(app.child.pid);
      started = performance.now();
      const link = await fetch(`${app.baseUrl}/downloads/${uploadId}`, {
        redirect: "manual",
        headers: { Cookie: buyers[0] },
      });
      if (link.status !== 302) throw new Error(`download link: ${link.status}`);
      const file = await fetch(`${app.baseUrl}${link.headers.get("location")}`);
      if (file.status !== 200) throw new Error(`download: ${file.status}`);
      let received = 0;
      for await (const chunk of file.body) received += chunk.length;
      const downloadSeconds = (performance.now() - started) / 1000;
      const peakRss = await memory.stop();
      if (received !== settings.downloadBytes) throw new Error(`received ${received} bytes`);
      download = { readSeconds, downloadSeconds, idleRss: idle.rss, peakRss };
    } else {
      console.warn("Download part skipped (needs PostgreSQL to find the original).");
    }

    const ordersPerSecond = settings.orders / orderSeconds;
    const rows = [
      ["orders/s (checkout → entitlement)", ordersPerSecond.toFixed(1)],
      ["order p50 / p99 ms", `${orderLatency.p50.toFixed(0)} / ${orderLatency.p99.toFixed(0)}`],
      ["checkout requests/s (3 per order)", ((settings.orders * 3) / orderSeconds).toFixed(0)],
      ["GET /fr/cart req/s (baseline)", (pageRequests / pageSeconds).toFixed(0)],
      ["ratio", ((settings.orders * 3) / orderSeconds / (pageRequests / pageSeconds)).toFixed(2)],
    ];
    if (download) {
      const size = settings.downloadBytes / mib;
      rows.push(
        ["download MiB/s", (size / download.downloadSeconds).toFixed(0)],
        ["plain read MiB/s (baseline)", (size / download.readSeconds).toFixed(0)],
        ["ratio", (download.readSeconds / download.downloadSeconds).toFixed(2)],
        [
          "server idle / peak RSS MiB",
          `${(download.idleRss / mib).toFixed(0)} / ${(download.peakRss / mib).toFixed(0)}`,
        ],
        ["peak / limit", (download.peakRss / peakRssLimit).toFixed(2)],
      );
    }
    const engine = database ? "postgres" : "pglite";
    await mkdir(path.dirname(resultsFile), { recursive: true });
    await writeFile(
      resultsFile,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          node: process.version,
          cpus: os.cpus().length,
          loadAverage: { start: loadAtStart, end: os.loadavg()[0] },
          engine,
          settings,
          orderSeconds,
          orderLatency,
          pageSeconds,
          download,
          peakRssLimitBytes: peakRssLimit,
        },
        null,
        2,
      )}\n`,
    );
    const width = Math.max(...rows.map((row) => row[0].length));
    console.log(`\nCommerce on ${engine}`);
    for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
    console.log(`\nResults written to ${path.relative(root, resultsFile)}`);
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
