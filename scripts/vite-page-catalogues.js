// The Vite plugin that gives each page of the browser build only the catalogue texts its code
// names (scripts/page-catalogues.js finds them; decision record 0048, addendum of 2026-11-27).
//
// `virtual:page-catalogues` (imported by app/modules/i18n/page-catalogue.client.ts) exports
// the route tree of app/routes.ts, for React Router's matchRoutes, and for the frame and each
// route module one loader per language: `() => import(<its chunk>)`. Each chunk is a module
// `virtual:page-catalogue/texts.<locale>.<name>.js` holding those texts as JSON. The development server
// has no split: its frame loader gives the whole catalogue, so edits show up as they are made.
//
// After the build, build/page-catalogues.json names each route's chunks (scripts/js-budget.js
// counts them in a page's first load).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { appDirectory, routeTree, splitCatalogues } from "./page-catalogues.js";

const indexId = "virtual:page-catalogues";
const chunkPrefix = "virtual:page-catalogue/";
const locales = ["fr", "en"];

async function importApp(file) {
  return tsImport(path.join(appDirectory, file), import.meta.url);
}

/** The whole split, from the sources as they are now. */
async function computeSplit() {
  const [{ default: routes }, { fr }, { en }] = await Promise.all([
    importApp("routes.ts"),
    importApp("modules/i18n/catalog.fr.ts"),
    importApp("modules/i18n/catalog.en.ts"),
  ]);
  const tree = routeTree(routes);
  const { shell, byFile } = splitCatalogues(tree, { fr, en });
  // One chunk per route module file (a file can serve several routes), named after it.
  const chunks = new Map([["shell", shell]]);
  const chunkOfFile = new Map();
  for (const [file, texts] of byFile) {
    if (!texts) continue;
    const name = path
      .relative(path.join(appDirectory, "routes"), file)
      .replace(/\.[jt]sx?$/, "")
      .replace(/[^\w-]+/g, "-");
    chunks.set(name, texts);
    chunkOfFile.set(file, name);
  }
  return { tree, chunks, chunkOfFile };
}

/** A chunk's module id, which also names its file: texts.fr.product-<hash>.js. */
const chunkId = (name, locale) => `${chunkPrefix}texts.${locale}.${name}.js`;

function parseChunkId(id) {
  const [, locale, name] = id.slice(id.indexOf(chunkPrefix) + chunkPrefix.length).split(".");
  return { locale, name };
}

function loaders(name) {
  return `[${locales
    .map((locale) => `() => import(${JSON.stringify(chunkId(name, locale))})`)
    .join(", ")}]`;
}

/** The route tree as React Router's matchRoutes reads it, each route naming its chunk. */
function clientRoutes(route, chunkOfFile) {
  return {
    ...(route.path !== undefined ? { path: route.path } : {}),
    ...(route.index ? { index: true } : {}),
    ...(chunkOfFile.has(route.file) ? { handle: chunkOfFile.get(route.file) } : {}),
    ...(route.children
      ? { children: route.children.map((child) => clientRoutes(child, chunkOfFile)) }
      : {}),
  };
}

export function pageCatalogues() {
  let command = "build";
  let root = process.cwd();
  let split;
  return {
    name: "vitrine:page-catalogues",
    configResolved(config) {
      command = config.command;
      root = config.root;
    },
    buildStart() {
      split = undefined;
    },
    resolveId(id) {
      if (id === indexId || id.startsWith(chunkPrefix)) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (id === `\0${indexId}`) {
        if (command === "serve") {
          const catalogue = (locale) =>
            `/${path.relative(root, path.join(appDirectory, `modules/i18n/catalog.${locale}.ts`))}`;
          const whole = (locale) =>
            `() => import(${JSON.stringify(catalogue(locale))}).then((module) => ({ default: module.${locale} }))`;
          return [
            "export const routes = [];",
            `export const loaders = { shell: [${locales.map(whole).join(", ")}] };`,
          ].join("\n");
        }
        split ??= await computeSplit();
        const entries = [...split.chunks.keys()].map(
          (name) => `${JSON.stringify(name)}: ${loaders(name)}`,
        );
        return [
          `export const routes = [${JSON.stringify(clientRoutes(split.tree, split.chunkOfFile))}];`,
          `export const loaders = {\n${entries.join(",\n")}\n};`,
        ].join("\n");
      }
      if (id.startsWith(`\0${chunkPrefix}`)) {
        split ??= await computeSplit();
        const { name, locale } = parseChunkId(id);
        const texts = split.chunks.get(name)?.[locale] ?? {};
        // JSON.parse reads a large literal faster than the JavaScript parser does.
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
      }
      return null;
    },
    async writeBundle(options, bundle) {
      if (!split) return;
      const files = {};
      for (const chunk of Object.values(bundle)) {
        const module = chunk.type === "chunk" ? chunk.facadeModuleId : null;
        if (!module?.startsWith(`\0${chunkPrefix}`)) continue;
        const { name, locale } = parseChunkId(module);
        (files[name] ??= {})[locale] = `/${chunk.fileName}`;
      }
      const routes = {};
      const visit = (route) => {
        const name = split.chunkOfFile.get(route.file);
        if (name) routes[route.id] = files[name];
        for (const child of route.children ?? []) visit(child);
      };
      visit(split.tree);
      await writeFile(
        path.join(options.dir, "..", "page-catalogues.json"),
        `${JSON.stringify({ shell: files.shell, routes }, null, 2)}\n`,
      );
    },
  };
}
