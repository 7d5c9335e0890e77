// Run after `npm run build`: each page's first-load JavaScript, gzipped, from React Router's
// build manifest, checked against its budget (decision record 0048). Exit code 1 over budget.
//
// First load of a page = the client entry and its imports + every route module of the match
// (root, the language layout, the page) and their imports (React Router sends these as <link
// rel="modulepreload">) + the texts the entry loads before hydrating, in the page's language:
// the frame's chunk and each matched route module's (build/page-catalogues.json, written by
// scripts/vite-page-catalogues.js). Each file counts once. The route manifest file is not
// fetched: with lazy route discovery the page carries its own routes inline and asks for others
// as links appear.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * KB (1000 bytes) of gzip. `targets` are where a phone paints in two seconds, the product page's
 * tighter as it is where buyers land. `budgetsKb` are the ceilings enforced: what each page took
 * when they were set plus about 2 KB, so that no page grows unnoticed (decision record 0048,
 * addendum of 2026-11-27; record 0065, addendum of 2026-11-28). React DOM and React Router take
 * about 100 KB of any page (the `framework` chunk is 110 KB with React and the shell's icons);
 * what is left of the product page is listed by `node scripts/js-budget.js --files routes/product`.
 */
const targetsKb = { "routes/product": 120, default: 160 };
const budgetsKb = {
  "routes/seller-dashboard": 156, // 153.5: its five tabs' code and texts
  "routes/product-management": 150, // 147.9
  "routes/seller-content-edit": 147, // 144.8
  "routes/portfolio": 146, // 143.6
  "routes/buyer-dashboard": 145, // 142.2
  "routes/auth": 145, // 142.0: the sign-in and registration forms
  "routes/auth-seller": 145,
  "routes/auth-unprefixed": 145,
  "routes/product": 141, // 138.5
  "routes/product-missing-id": 141,
  "routes/marketplace": 138, // 135.9
  "routes/admin": 137, // 134.2
  "routes/home": 136, // 133.8
  "routes/cart": 133, // 130.4
  default: 141, // every other page: 123.6-138.7
};

/** A route's own figure in one of those tables, else the table's default. */
const forRoute = (table, routeId) => table[routeId] ?? table.default;

/** The ceiling enforced on a page route's first load. */
export const budgetKbOf = (routeId) => forRoute(budgetsKb, routeId);

/**
 * The build's route manifest and where each page's texts are. A build from before the texts were
 * split (BENCH_BASELINE_DIR's, say) has one catalogue per language, which every page loaded.
 */
async function readBuild(buildDir) {
  const assetsDir = path.join(buildDir, "client/assets");
  const assets = await readdir(assetsDir);
  const manifestFile = assets.find((name) => /^manifest-\w+\.js$/.test(name));
  if (!manifestFile) throw new Error(`No ${assetsDir}/manifest-*.js: run npm run build`);
  const text = await readFile(path.join(assetsDir, manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const catalogues = await readFile(path.join(buildDir, "page-catalogues.json"), "utf8")
    .then((json) => JSON.parse(json))
    .catch(() => {
      const whole = (locale) => {
        const pattern = new RegExp(`^catalog\\.${locale}-[\\w-]+\\.js$`);
        const name = assets.find((file) => pattern.test(file));
        return name && `/assets/${name}`;
      };
      return { shell: { fr: whole("fr"), en: whole("en") }, routes: {} };
    });
  return { clientDir: path.join(buildDir, "client"), manifest, catalogues };
}

const gzippedSizes = new Map();

/** The size a browser downloads: the precompressed .gz copy, else the file gzipped here. */
async function gzippedSize(clientDir, url) {
  const file = path.join(clientDir, url);
  if (!gzippedSizes.has(file)) {
    const size = await readFile(`${file}.gz`)
      .then((bytes) => bytes.length)
      .catch(async () => gzipSync(await readFile(file), { level: 9 }).length);
    gzippedSizes.set(file, size);
  }
  return gzippedSizes.get(file);
}

function routeChain(manifest, routeId) {
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(manifest.routes[id]);
  return chain;
}

/** A page's first-load files for one language, each with what brought it. */
function firstLoadFiles({ manifest, catalogues }, routeId, locale) {
  const files = new Map([[manifest.entry.module, "entry"]]);
  const add = (url, why) => url && !files.has(url) && files.set(url, why);
  for (const url of manifest.entry.imports) add(url, "entry");
  add(catalogues.shell[locale], "texts");
  for (const step of routeChain(manifest, routeId)) {
    add(step.module, step.id);
    for (const url of step.imports ?? []) add(url, step.id);
    add(catalogues.routes[step.id]?.[locale], "texts");
  }
  return files;
}

/** Every page route (one with a component) and its first-load size for one language. */
export async function firstLoadByRoute(locale = "fr", buildDir = path.join(root, "build")) {
  const build = await readBuild(buildDir);
  const results = [];
  for (const route of Object.values(build.manifest.routes)) {
    if (!route.hasDefaultExport || route.id === "root") continue;
    const files = firstLoadFiles(build, route.id, locale);
    let bytes = 0;
    for (const url of files.keys()) bytes += await gzippedSize(build.clientDir, url);
    const budgetKb = budgetKbOf(route.id);
    const targetKb = forRoute(targetsKb, route.id);
    results.push({ route: route.id, files: files.size, kb: bytes / 1000, budgetKb, targetKb });
  }
  return results.sort((a, b) => b.kb - a.kb);
}

/** `--files <route id> [locale]`: what is left of a page's first load, file by file. */
async function printFiles(routeId, locale) {
  const build = await readBuild(path.join(root, "build"));
  const rows = [];
  for (const [url, why] of firstLoadFiles(build, routeId, locale)) {
    rows.push({ url, why, kb: (await gzippedSize(build.clientDir, url)) / 1000 });
  }
  rows.sort((a, b) => b.kb - a.kb);
  console.log(`${routeId} (${locale}), gzip KB, file, brought by`);
  for (const { url, why, kb } of rows) {
    console.log(`${kb.toFixed(1).padStart(7)}  ${url.padEnd(56)} ${why}`);
  }
  console.log(
    `${rows
      .reduce((sum, row) => sum + row.kb, 0)
      .toFixed(1)
      .padStart(7)}  total`,
  );
}

async function printBudgets() {
  // BENCH_BASELINE_DIR: another checkout's build (the baseline of `npm run bench`), side by side.
  const baselineDir = process.env.BENCH_BASELINE_DIR;
  let over = 0;
  for (const locale of ["fr", "en"]) {
    const before = baselineDir
      ? new Map(
          (await firstLoadByRoute(locale, path.join(path.resolve(baselineDir), "build"))).map(
            (row) => [row.route, row.kb],
          ),
        )
      : null;
    console.log(`\nFirst-load JavaScript (gzip), ${locale} catalogue`);
    console.log(
      ["route".padEnd(40), "files", ...(before ? ["before"] : []), "KB", "budget", "target"]
        .map((h, i) => (i ? h.padStart(7) : h))
        .join(""),
    );
    for (const { route, files, kb, budgetKb, targetKb } of await firstLoadByRoute(locale)) {
      const flag = kb > budgetKb ? "  OVER BUDGET" : kb > targetKb ? "  above target" : "";
      if (kb > budgetKb) over += 1;
      const baseline = before ? [before.get(route)?.toFixed(1) ?? "-"] : [];
      console.log(
        route.padEnd(40) +
          [files, ...baseline, kb.toFixed(1), budgetKb, targetKb]
            .map((cell) => String(cell).padStart(7))
            .join("") +
          flag,
      );
    }
  }
  if (over) {
    console.error(`\n${over} route(s) over budget`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const filesOf = process.argv.indexOf("--files");
  if (filesOf === -1) await printBudgets();
  else await printFiles(process.argv[filesOf + 1], process.argv[filesOf + 2] ?? "fr");
}
