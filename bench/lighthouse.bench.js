// Lighthouse bench: what a phone sees. Starts the production server on a fresh demo install and
// runs Lighthouse's mobile preset (simulated slow 4G and a 4× slower CPU) on the home page, the
// marketplace and a product page, each BENCH_LIGHTHOUSE_RUNS times; prints the median of each
// figure. Targets (decision record 0048): LCP ≤ 2.0 s, TBT ≤ 100 ms, CLS ≤ 0.05.
//
// With BENCH_BASELINE_DIR (another checkout, built), that build's server is started too, on a
// fresh demo install of its own, and every run of a page goes to both servers one after the
// other (the order alternating), so that both see the same load on a shared machine; each
// figure is printed beside the baseline's (decision record 0065).
//
// BENCH_LIGHTHOUSE_THROTTLING=devtools has Chromium throttle the load itself (Lighthouse's
// "applied" throttling: every request delayed, the bandwidth and the CPU held down) instead of
// Lighthouse simulating it afterwards from an unthrottled load; the preset's default, `simulate`,
// is the one the targets are read on.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { serverEnv, serverNodeArgs } from "../server/node-args.js";
import {
  createCleanup,
  findFreePort,
  numberFromEnv,
  root,
  startApp,
  stopApp,
  waitUntilReady,
  warnIfBusy,
} from "./support/app-process.js";

const resultsFile = path.join(root, "bench/results/lighthouse.json");
const targets = { lcpMs: 2000, tbtMs: 100, cls: 0.05 };
const throttlingMethods = ["simulate", "devtools"];
const throttlingMethod = process.env.BENCH_LIGHTHOUSE_THROTTLING || "simulate";
if (!throttlingMethods.includes(throttlingMethod)) {
  throw new Error(
    `BENCH_LIGHTHOUSE_THROTTLING must be one of ${throttlingMethods.join(", ")}, not ${throttlingMethod}`,
  );
}
const baselineDir = process.env.BENCH_BASELINE_DIR
  ? path.resolve(process.env.BENCH_BASELINE_DIR)
  : "";

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The figures of one Lighthouse run; script KB are the bytes on the wire (compressed). */
function figuresOf(lhr) {
  const scriptBytes = lhr.audits["resource-summary"].details.items.find(
    (item) => item.resourceType === "script",
  ).transferSize;
  return {
    lcpMs: lhr.audits["largest-contentful-paint"].numericValue,
    tbtMs: lhr.audits["total-blocking-time"].numericValue,
    cls: lhr.audits["cumulative-layout-shift"].numericValue,
    score: Math.round(lhr.categories.performance.score * 100),
    scriptKb: scriptBytes / 1000,
  };
}

function medians(samples) {
  return Object.fromEntries(
    Object.keys(samples[0]).map((key) => [key, median(samples.map((sample) => sample[key]))]),
  );
}

// The baseline keeps the Node flags it shipped with (its own server/node-args.js).
const flagsOf = async (appDir) =>
  appDir === root
    ? { nodeArgs: serverNodeArgs, env: serverEnv }
    : await import(path.join(appDir, "server/node-args.js")).then((module) => ({
        nodeArgs: module.serverNodeArgs,
        env: module.serverEnv,
      }));

/** Starts one build on a fresh demo install; returns its base URL and the three pages. */
async function startBuild(appDir, cleanup) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-bench-"));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const { nodeArgs, env } = await flagsOf(appDir);
  const app = startApp({ port: await findFreePort(), dataDir, appDir, nodeArgs, env });
  cleanup.add(() => stopApp(app.child));
  await waitUntilReady(app, "/fr");

  // The demo install's first product, found as a visitor would, through the marketplace.
  const listing = await (await fetch(`${app.baseUrl}/fr/marketplace`)).text();
  const productPath = listing.match(/href="(\/fr\/product\/[0-9a-f-]{36})"/)?.[1];
  if (!productPath) throw new Error(`No product link on ${app.baseUrl}/fr/marketplace`);
  const pages = [
    { name: "home", path: "/fr" },
    { name: "marketplace", path: "/fr/marketplace" },
    { name: "product", path: productPath },
  ];
  // One visit each first, so the server's first-render costs are not in the first run.
  for (const page of pages) await (await fetch(app.baseUrl + page.path)).arrayBuffer();
  return { baseUrl: app.baseUrl, pages };
}

const cell = (value, over) => `${value}${over ? "*" : ""}`;

function printTable(results, withBaseline) {
  const header = ["page", "build", "LCP s", "TBT ms", "CLS", "score", "script KB"];
  const rows = [];
  for (const result of results) {
    const builds = withBaseline
      ? [
          ["baseline", result.baseline],
          ["this build", result.current],
        ]
      : [["this build", result.current]];
    for (const [label, figures] of builds) {
      rows.push([
        result.page,
        label,
        cell((figures.lcpMs / 1000).toFixed(2), figures.lcpMs > targets.lcpMs),
        cell(Math.round(figures.tbtMs), figures.tbtMs > targets.tbtMs),
        cell(figures.cls.toFixed(3), figures.cls > targets.cls),
        figures.score,
        figures.scriptKb.toFixed(0),
      ]);
    }
  }
  const widths = header.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => String(row[index]).length)),
  );
  const line = (row) => row.map((value, index) => String(value).padStart(widths[index])).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(
    `target          LCP ≤ ${targets.lcpMs / 1000} s, TBT ≤ ${targets.tbtMs} ms, CLS ≤ ${targets.cls}; * over target`,
  );
}

async function main() {
  const runs = numberFromEnv("BENCH_LIGHTHOUSE_RUNS", 3, { integer: true, min: 1 });
  const loadAtStart = warnIfBusy();
  const cleanup = createCleanup();
  try {
    const builds = { current: await startBuild(root, cleanup) };
    if (baselineDir) builds.baseline = await startBuild(baselineDir, cleanup);

    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox"],
    });
    cleanup.add(() => chrome.kill());

    const samples = Object.fromEntries(
      Object.keys(builds).map((build) => [build, builds.current.pages.map(() => [])]),
    );
    for (let run = 0; run < runs; run += 1) {
      for (const [index] of builds.current.pages.entries()) {
        // Alternating which build goes first, so neither always gets the quieter moment.
        const order = run % 2 ? Object.keys(builds).reverse() : Object.keys(builds);
        for (const build of order) {
          const { baseUrl, pages } = builds[build];
          const { lhr } = await lighthouse(baseUrl + pages[index].path, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
            throttlingMethod,
          });
          samples[build][index].push(figuresOf(lhr));
        }
      }
    }

    const results = builds.current.pages.map((page, index) => ({
      page: page.name,
      path: page.path,
      current: { ...medians(samples.current[index]), samples: samples.current[index] },
      ...(builds.baseline && {
        baselinePath: builds.baseline.pages[index].path,
        baseline: { ...medians(samples.baseline[index]), samples: samples.baseline[index] },
      }),
    }));

    const loadAtEnd = os.loadavg()[0];
    console.log(
      `\nLighthouse mobile (${throttlingMethod} throttling), median of ${runs} run(s); load average ${loadAtStart.toFixed(2)} → ${loadAtEnd.toFixed(2)} on ${os.cpus().length} CPUs`,
    );
    if (baselineDir) console.log(`baseline: ${baselineDir}, its runs interleaved with these`);
    printTable(results, Boolean(baselineDir));
    await mkdir(path.dirname(resultsFile), { recursive: true });
    await writeFile(
      resultsFile,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          node: process.version,
          cpus: os.cpus().length,
          loadAverage: { start: loadAtStart, end: loadAtEnd },
          runs,
          throttlingMethod,
          baseline: baselineDir || null,
          targets,
          results,
        },
        null,
        2,
      ),
    );
  } finally {
    await cleanup.run();
  }
}

await main();
