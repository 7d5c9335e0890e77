// Media benchmark: what does processing a photo (thumbnail with corner logo + tiled-watermark
// preview, colours, embedded text) cost beside a bare sharp resize of the same photo to 1280 px?
//
// Makes a 24-megapixel noisy JPEG (noise is the worst case for both decoding and encoding),
// times `processMedia` on it and the bare resize, N runs each, and reports medians and their
// ratio. A child process then repeats both with one libvips thread and one libuv thread to
// give images per second on one core. The ratio is what to compare between machines and
// commits; absolute numbers depend on the hardware. Run with `node bench/media.bench.js`; no
// build needed (the TypeScript module is loaded through tsx).
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import sharp from "sharp";
import { tsImport } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsFile = path.join(root, "bench/results/media.json");
const oneCoreFlag = "--one-core";
const photo = { width: 6000, height: 4000, quality: 90 };

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
    runs: numberFromEnv("BENCH_MEDIA_RUNS", 9, { integer: true, min: 1 }),
    // Loads the modules, fills libvips' caches and rasterises the watermark tile once.
    warmupRuns: numberFromEnv("BENCH_MEDIA_WARMUP", 2, { integer: true, min: 0 }),
  };
}

/** Median (mean of the middle two for an even count), min and max of durations in ms. */
function summarize(durationsMs, cpuMs) {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const medianMs = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return {
    runs: sorted.length,
    medianMs,
    minMs: sorted[0],
    maxMs: sorted[sorted.length - 1],
    // Process CPU time (all threads) per image: what the work costs whatever the parallelism,
    // and what other processes on a busy machine cannot inflate.
    cpuMsPerImage: cpuMs / sorted.length,
    imagesPerSecond: 1000 / medianMs,
    imagesPerCpuSecond: (1000 * sorted.length) / cpuMs,
  };
}

/** Runs `task` a few times unmeasured, then `runs` times measured, one after the other. */
async function timeRuns(task, { runs, warmupRuns }) {
  for (let i = 0; i < warmupRuns; i++) await task(-1 - i);
  const durationsMs = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await task(i);
    durationsMs.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return summarize(durationsMs, (cpu.user + cpu.system) / 1000);
}

/** Both measures on one image: our processing and the bare resize, with the same settings. */
async function measurePair(imagePath, workRoot, settings) {
  const { processMedia } = await tsImport(
    "../app/modules/media/process-media.server.ts",
    import.meta.url,
  );
  const ours = await timeRuns(async (run) => {
    const workDir = path.join(workRoot, `ours-${run}`);
    await processMedia({ path: imagePath, mime: "image/jpeg", fileName: "photo.jpg", workDir });
  }, settings);
  const baseline = await timeRuns(async (run) => {
    const workDir = path.join(workRoot, `bare-${run}`);
    await mkdir(workDir, { recursive: true });
    // The same decode (shrink-on-load) and the same JPEG quality as our preview, nothing else.
    await sharp(imagePath)
      .resize({ width: 1280 })
      .jpeg({ quality: 85 })
      .toFile(path.join(workDir, "resized.jpg"));
  }, settings);
  return {
    ours,
    baseline,
    ratio: ours.medianMs / baseline.medianMs,
    cpuRatio: ours.cpuMsPerImage / baseline.cpuMsPerImage,
  };
}

/** The child's side: one libvips thread (and one libuv thread, set by the parent). */
async function oneCoreChild() {
  const [imagePath, workRoot, settingsJson] = process.argv.slice(3);
  sharp.concurrency(1);
  const result = await measurePair(imagePath, workRoot, JSON.parse(settingsJson));
  process.stdout.write(JSON.stringify(result));
}

async function measureOneCore(imagePath, workRoot, settings) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [fileURLToPath(import.meta.url), oneCoreFlag, imagePath, workRoot, JSON.stringify(settings)],
    // libuv runs sharp's jobs; with one thread, the three outputs of a photo run in turn.
    { cwd: root, env: { ...process.env, UV_THREADPOOL_SIZE: "1" }, maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout);
}

async function makeNoisyPhoto(file) {
  await sharp({
    create: {
      ...photo,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 128, sigma: 50 },
    },
  })
    .jpeg({ quality: photo.quality })
    .toFile(file);
  return (await stat(file)).size;
}

function formatTable(rows) {
  const header = [
    "measure",
    "median ms",
    "min ms",
    "max ms",
    "images/s",
    "CPU ms/image",
    "images/CPU-s",
  ];
  const lines = rows.map(([label, s]) => [
    label,
    s.medianMs.toFixed(1),
    s.minMs.toFixed(1),
    s.maxMs.toFixed(1),
    s.imagesPerSecond.toFixed(2),
    s.cpuMsPerImage.toFixed(1),
    s.imagesPerCpuSecond.toFixed(2),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column].length)),
  );
  const formatLine = (cells) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join("  ");
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [formatLine(header), rule, ...lines.map(formatLine)].join("\n");
}

/** Other work on the machine skews every number; say so up front. */
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
  const workRoot = await mkdtemp(path.join(os.tmpdir(), "vitrine-media-bench-"));
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      rm(workRoot, { recursive: true, force: true }).finally(() =>
        process.exit(signal === "SIGINT" ? 130 : 143),
      );
    });
  }
  try {
    const imagePath = path.join(workRoot, "photo-24mp.jpg");
    process.stderr.write(`Making a ${photo.width}×${photo.height} noisy JPEG ... `);
    const bytes = await makeNoisyPhoto(imagePath);
    process.stderr.write(`${(bytes / 2 ** 20).toFixed(1)} MB\n`);

    process.stderr.write(`Default threads (${settings.runs} runs each) ...\n`);
    const allCores = await measurePair(imagePath, workRoot, settings);
    process.stderr.write("One core (sharp.concurrency(1), UV_THREADPOOL_SIZE=1) ...\n");
    const oneCore = await measureOneCore(imagePath, workRoot, settings);

    const report = {
      date: new Date().toISOString(),
      node: process.version,
      sharp: sharp.versions.sharp,
      libvips: sharp.versions.vips,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      loadAverage: { start: loadAtStart, end: os.loadavg()[0] },
      settings,
      image: { ...photo, megapixels: (photo.width * photo.height) / 1e6, bytes },
      defaultThreads: { libvipsThreads: sharp.concurrency(), ...allCores },
      oneCore,
    };
    await mkdir(path.dirname(resultsFile), { recursive: true });
    await writeFile(resultsFile, `${JSON.stringify(report, null, 2)}\n`);

    console.log(
      formatTable([
        ["processMedia, default threads", allCores.ours],
        ["bare resize, default threads", allCores.baseline],
        ["processMedia, one core", oneCore.ours],
        ["bare resize, one core", oneCore.baseline],
      ]),
    );
    console.log(
      `\nratio processMedia / bare resize: ${allCores.ratio.toFixed(2)} (median, default ` +
        `threads), ${oneCore.ratio.toFixed(2)} (median, one core), ` +
        `${oneCore.cpuRatio.toFixed(2)} (CPU time, one core)` +
        `\nimages per second on one core: ${oneCore.ours.imagesPerSecond.toFixed(2)} by the ` +
        `clock, ${oneCore.ours.imagesPerCpuSecond.toFixed(2)} per CPU-second ` +
        `(bare resize: ${oneCore.baseline.imagesPerSecond.toFixed(2)} and ` +
        `${oneCore.baseline.imagesPerCpuSecond.toFixed(2)})` +
        `\nWritten to ${path.relative(root, resultsFile)}`,
    );
  } finally {
    await rm(workRoot, { recursive: true, force: true });
  }
}

if (process.argv[2] === oneCoreFlag) {
  await oneCoreChild();
} else {
  await main();
}
