// Upload benchmark: a 1 GB file (1000 MiB, the largest the server accepts) sent with the tus protocol over loopback to the production
// server, beside a plain streamed copy of the same bytes on the same disk, with the server's
// peak resident memory during the upload. Run with `npm run bench` (builds first) or
// `node bench/upload.bench.js` after a build.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile, open } from "node:fs/promises";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Upload } from "tus-js-client";
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
import { serverNodeArgs as defaultNodeArgs, serverEnv } from "../server/node-args.js";

const resultsFile = path.join(root, "bench/results/upload.json");
const mib = 1024 * 1024;
/** The memory target of decision record 0011: the server stays under this while receiving 1 GB. */
const peakRssLimit = 250 * mib;
// BENCH_NODE_ARGS="" measures the server on V8's defaults, for comparison.
const serverNodeArgs =
  process.env.BENCH_NODE_ARGS === undefined
    ? defaultNodeArgs
    : process.env.BENCH_NODE_ARGS.split(" ").filter(Boolean);
const creator = { email: "createur@vitrine.test", password: "Createur-vitrine-2026" };

function readSettings() {
  return {
    sizeBytes: numberFromEnv("BENCH_UPLOAD_MB", 1000, { integer: true, min: 1 }) * mib,
    chunkBytes: numberFromEnv("BENCH_UPLOAD_CHUNK_MB", 32, { integer: true, min: 1 }) * mib,
    // The second engine; "" skips it. Each run makes and drops its own database there.
    postgresUrl: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test",
  };
}

/**
 * A file the server accepts as a video (an MP4 `ftyp` box, then random bytes that nothing can
 * compress or deduplicate), written in 16 MiB blocks.
 */
async function makeSource(file, sizeBytes) {
  const handle = await open(file, "w");
  const hash = createHash("sha256");
  try {
    const ftyp = Buffer.from("000000186674797069736000000000069736f6d6d703432", "hex");
    let written = 0;
    while (written < sizeBytes) {
      const block = randomBytes(Math.min(16 * mib, sizeBytes - written));
      if (written === 0) ftyp.copy(block, 0, 0, Math.min(ftyp.length, block.length));
      await handle.write(block);
      hash.update(block);
      written += block.length;
    }
  } finally {
    await handle.close();
  }
  return hash.digest("hex");
}

async function sha256Of(file) {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** The baseline: the same bytes read and written by a stream on the same disk. */
async function plainCopy(source, target) {
  const started = performance.now();
  await pipeline(createReadStream(source), createWriteStream(target));
  const seconds = (performance.now() - started) / 1000;
  await rm(target, { force: true });
  return seconds;
}

/** Sends the file with tus-js-client, as the upload page does; resolves with the upload id. */
function tusUpload(baseUrl, cookie, source, sizeBytes, chunkBytes) {
  return new Promise((resolve, reject) => {
    const upload = new Upload(createReadStream(source), {
      endpoint: `${baseUrl}/api/uploads`,
      uploadSize: sizeBytes,
      chunkSize: chunkBytes,
      headers: { Cookie: cookie },
      metadata: { filename: "bench-1gb.mp4", filetype: "video/mp4" },
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(upload.url.split("/").pop()),
    });
    upload.start();
  });
}

async function measureEngine({ engine, databaseUrl, source, sourceHash, settings, workDir }) {
  const dataDir = await mkdtemp(path.join(workDir, `${engine}-`));
  const app = startApp({
    port: await findFreePort(),
    dataDir,
    nodeArgs: serverNodeArgs,
    // Only the upload is measured: no demo files to process, no media job on the 1 GB file.
    env: {
      ...serverEnv,
      DATABASE_URL: databaseUrl ?? "",
      DEMO_CONTENT: "false",
      MEDIA_WORKER: "false",
    },
  });
  try {
    await waitUntilReady(app);
    const cookie = await signIn(app.baseUrl, creator.email, creator.password);
    // One request through every layer first, so lazily loaded modules count as idle memory.
    await fetch(`${app.baseUrl}/fr/file-upload`, { headers: { Cookie: cookie } });
    const idle = await residentMemory(app.child.pid);
    const memory = sampleMemory(app.child.pid);
    const started = performance.now();
    const id = await Promise.race([
      tusUpload(app.baseUrl, cookie, source, settings.sizeBytes, settings.chunkBytes),
      once(app.child, "exit").then(([code]) => {
        throw new Error(`${engine}: the server exited during the upload (code ${code})`);
      }),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const peakRss = await memory.stop();
    const storedHash = await sha256Of(path.join(dataDir, "uploads", id));
    if (storedHash !== sourceHash) throw new Error(`${engine}: stored file differs from source`);
    return { engine, seconds, idleRss: idle.rss, peakRss };
  } finally {
    await stopApp(app.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const mb = (bytes) => (bytes / mib).toFixed(0);

function formatTable(rows, copySeconds, sizeBytes) {
  const copyRate = sizeBytes / mib / copySeconds;
  const header = [
    "engine",
    "upload MiB/s",
    "copy MiB/s",
    "ratio",
    "idle RSS MiB",
    "peak RSS MiB",
    "peak / limit",
  ];
  const lines = rows.map((row) => {
    const rate = sizeBytes / mib / row.seconds;
    return [
      row.engine,
      rate.toFixed(0),
      copyRate.toFixed(0),
      (rate / copyRate).toFixed(2),
      mb(row.idleRss),
      mb(row.peakRss),
      (row.peakRss / peakRssLimit).toFixed(2),
    ];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((l) => l[i].length)));
  return [header, ...lines]
    .map((cells) => cells.map((cell, i) => cell.padStart(widths[i])).join("  "))
    .join("\n");
}

async function main() {
  const settings = readSettings();
  const loadAtStart = warnIfBusy();
  const cleanup = createCleanup();
  try {
    const workDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-upload-bench-"));
    cleanup.add(() => rm(workDir, { recursive: true, force: true }));
    const source = path.join(workDir, "source.mp4");
    console.log(`Writing a ${mb(settings.sizeBytes)} MiB source file…`);
    const sourceHash = await makeSource(source, settings.sizeBytes);

    const copySeconds = await plainCopy(source, path.join(workDir, "copy.mp4"));
    const rows = [];
    rows.push(await measureEngine({ engine: "pglite", source, sourceHash, settings, workDir }));
    const database = await makeDatabase(settings.postgresUrl);
    if (database) {
      cleanup.add(() => database.drop());
      rows.push(
        await measureEngine({
          engine: "postgres",
          databaseUrl: database.url,
          source,
          sourceHash,
          settings,
          workDir,
        }),
      );
    }

    await mkdir(path.dirname(resultsFile), { recursive: true });
    await writeFile(
      resultsFile,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          node: process.version,
          cpus: os.cpus().length,
          loadAverage: { start: loadAtStart, end: os.loadavg()[0] },
          sizeBytes: settings.sizeBytes,
          chunkBytes: settings.chunkBytes,
          serverNodeArgs,
          serverEnv,
          peakRssLimitBytes: peakRssLimit,
          copySeconds,
          runs: rows,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\n${formatTable(rows, copySeconds, settings.sizeBytes)}\n`);
    console.log(`Results written to ${path.relative(root, resultsFile)}`);
    const over = rows.filter((row) => row.peakRss > peakRssLimit);
    if (over.length > 0) {
      console.warn(
        `Peak RSS over ${mb(peakRssLimit)} MiB on: ${over.map((row) => row.engine).join(", ")}`,
      );
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
