// Run after `npm run build`: each page's first-load JavaScript, gzipped, from React Router's
// build manifest, checked against its budget (decision record 0048). Exit code 1 over budget.
//
// First load of a page = the route manifest script + the client entry and its imports + every
// route module of the match (root, the language layout, the page) and their imports (React
// Router sends these as <link rel="modulepreload">) + the page language's catalogue, which the
// entry imports before hydrating. Each file counts once.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.join(root, "build/client");

/** Budgets in KB (1000 bytes) of gzip, the product page's tighter: it is where buyers land. */
export const budgetsKb = { "routes/product": 120, default: 160 };

async function readManifest() {
  const assets = await readdir(path.join(clientDir, "assets"));
  const manifestFile = assets.find((name) => /^manifest-\w+\.js$/.test(name));
  if (!manifestFile) throw new Error("No build/client/assets/manifest-*.js: run npm run build");
  const text = await readFile(path.join(clientDir, "assets", manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const catalogs = Object.fromEntries(
    assets
      .filter((name) => /^catalog\.(fr|en)-[\w-]+\.js$/.test(name))
      .map((name) => [name.slice(8, 10), `/assets/${name}`]),
  );
  return { manifest, manifestUrl: `/assets/${manifestFile}`, catalogs };
}

const gzippedSizes = new Map();

/** The size a browser downloads: the precompressed .gz copy, else the file gzipped here. */
async function gzippedSize(url) {
  if (!gzippedSizes.has(url)) {
    const file = path.join(clientDir, url);
    const size = await readFile(`${file}.gz`)
      .then((bytes) => bytes.length)
      .catch(async () => gzipSync(await readFile(file), { level: 9 }).length);
    gzippedSizes.set(url, size);
  }
  return gzippedSizes.get(url);
}

function routeChain(manifest, routeId) {
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(manifest.routes[id]);
  return chain;
}

/** Every page route (one with a component) and its first-load files for one language. */
export async function firstLoadByRoute(locale = "fr") {
  const { manifest, manifestUrl, catalogs } = await readManifest();
  const results = [];
  for (const route of Object.values(manifest.routes)) {
    if (!route.hasDefaultExport || route.id === "root") continue;
    const files = new Set([manifestUrl, manifest.entry.module, ...manifest.entry.imports]);
    if (catalogs[locale]) files.add(catalogs[locale]);
    for (const step of routeChain(manifest, route.id)) {
      files.add(step.module);
      for (const url of step.imports ?? []) files.add(url);
    }
    let bytes = 0;
    for (const url of files) bytes += await gzippedSize(url);
    const budgetKb = budgetsKb[route.id] ?? budgetsKb.default;
    results.push({ route: route.id, files: files.size, kb: bytes / 1000, budgetKb });
  }
  return results.sort((a, b) => b.kb - a.kb);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let over = 0;
  for (const locale of ["fr", "en"]) {
    console.log(`\nFirst-load JavaScript (gzip), ${locale} catalogue`);
    console.log("route".padEnd(40), "files".padStart(5), "KB".padStart(7), "budget".padStart(7));
    for (const { route, files, kb, budgetKb } of await firstLoadByRoute(locale)) {
      const flag = kb > budgetKb ? "  OVER" : "";
      if (flag) over += 1;
      console.log(
        route.padEnd(40),
        String(files).padStart(5),
        kb.toFixed(1).padStart(7),
        String(budgetKb).padStart(7) + flag,
      );
    }
  }
  if (over) {
    console.error(`\n${over} route(s) over budget`);
    process.exitCode = 1;
  }
}
