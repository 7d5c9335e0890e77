// Lighthouse bench: what a phone sees. Starts the production server on a fresh demo install and
// runs Lighthouse's mobile preset (simulated slow 4G and a 4× slower CPU) on the home page, the
// marketplace and a product page, each BENCH_LIGHTHOUSE_RUNS times; prints the median of each
// figure. Targets (decision record 0048): LCP ≤ 2.0 s, TBT ≤ 100 ms, CLS ≤ 0.05.
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

async function main() {
  const runs = numberFromEnv("BENCH_LIGHTHOUSE_RUNS", 3, { integer: true, min: 1 });
  const loadAtStart = warnIfBusy();
  const cleanup = createCleanup();
  try {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-bench-"));
    cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
    const app = startApp({
      port: await findFreePort(),
      dataDir,
      nodeArgs: serverNodeArgs,
      env: serverEnv,
    });
    cleanup.add(() => stopApp(app.child));
    await waitUntilReady(app, "/fr");

    // The demo install's first product, found as a visitor would, through the marketplace.
    const listing = await (await fetch(`${app.baseUrl}/fr/marketplace`)).text();
    const productPath = listing.match(/href="(\/fr\/product\/[0-9a-f-]{36})"/)?.[1];
    if (!productPath) throw new Error("No product link on /fr/marketplace");
    const pages = [
      { name: "home", path: "/fr" },
      { name: "marketplace", path: "/fr/marketplace" },
      { name: "product", path: productPath },
    ];
    // One visit each first, so the server's first-render costs are not in the first run.
    for (const page of pages) await fetch(app.baseUrl + page.path);

    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox"],
    });
    cleanup.add(() => chrome.kill());

    const results = [];
    for (const page of pages) {
      const samples = [];
      for (let run = 0; run < runs; run += 1) {
        const { lhr } = await lighthouse(app.baseUrl + page.path, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        samples.push(figuresOf(lhr));
      }
      const figures = Object.fromEntries(
        Object.keys(samples[0]).map((key) => [key, median(samples.map((sample) => sample[key]))]),
      );
      results.push({ page: page.name, path: page.path, ...figures, samples });
    }

    const loadAtEnd = os.loadavg()[0];
    console.log(
      `\nLighthouse mobile, median of ${runs} run(s); load average ${loadAtStart.toFixed(2)} → ${loadAtEnd.toFixed(2)} on ${os.cpus().length} CPUs`,
    );
    console.log(
      ["page", "LCP s", "TBT ms", "CLS", "score", "script KB"].map((h) => h.padStart(11)).join(""),
    );
    for (const result of results) {
      console.log(
        [
          result.page,
          (result.lcpMs / 1000).toFixed(1) + (result.lcpMs > targets.lcpMs ? "*" : ""),
          Math.round(result.tbtMs) + (result.tbtMs > targets.tbtMs ? "*" : ""),
          result.cls.toFixed(3) + (result.cls > targets.cls ? "*" : ""),
          result.score,
          result.scriptKb.toFixed(0),
        ]
          .map((cell) => String(cell).padStart(11))
          .join(""),
      );
    }
    console.log(
      `* over target (LCP ${targets.lcpMs / 1000} s, TBT ${targets.tbtMs} ms, CLS ${targets.cls})`,
    );
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
