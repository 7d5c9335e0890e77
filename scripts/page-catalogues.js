// Which catalogue texts each page can show, found in its source (decision record 0048, addendum
// of 2026-11-27). A page's browser code is its route module and everything that module imports,
// lazily or not, apart from server code; the texts it can show are the catalogue keys written in
// that code: "catalogue.product.title" as a string, or `catalogue.filters.sorts.${sort}` (every
// key under catalogue.filters.sorts). The build gives each page only those texts (its own
// chunk per language) and the app's frame the texts of app/root.tsx's code (one chunk per
// language, on every page); tests/unit/page-catalogues.test.ts checks, from the types of every
// `t()` call, that no page can ask for a text it was not given.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const appDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app");

/** Never in the browser: server modules, and the catalogues themselves (data, not code). */
function isBrowserCode(file) {
  if (/\.server\.[jt]sx?$/.test(file) || file.includes(`${path.sep}.server${path.sep}`)) {
    return false;
  }
  return !/[\\/]modules[\\/]i18n[\\/](catalog|pages)\.(fr|en)\.ts$/.test(file);
}

function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith("~/")) base = path.join(appDirectory, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package: it writes no catalogue key
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** A type-only import (`import type`, or every name marked `type`) brings no code. */
function bringsCode(node) {
  if (ts.isExportDeclaration(node)) return !node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return true;
  if (clause.isTypeOnly) return false;
  const named = clause.namedBindings;
  if (clause.name || !named || !ts.isNamedImports(named) || named.elements.length === 0) {
    return true;
  }
  return !named.elements.every((element) => element.isTypeOnly);
}

const parsedFiles = new Map();

/**
 * A file's imports (static and `import()`), the strings that may be catalogue keys, and whether
 * it has a default export (a route module's page component; resource routes have none).
 */
export function parseSourceFile(file) {
  const text = readFileSync(file, "utf8");
  const cached = parsedFiles.get(file);
  if (cached?.text === text) return cached;
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const imports = [];
  const strings = [];
  let rendersPage = false;
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      bringsCode(node)
    ) {
      imports.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      imports.push(node.arguments[0].text);
    } else if (
      ts.isExportAssignment(node) ||
      (ts.isFunctionDeclaration(node) &&
        node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword))
    ) {
      rendersPage = true;
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (node.text.includes(".")) strings.push({ text: node.text, prefix: false });
    } else if (ts.isTemplateExpression(node) || ts.isTemplateLiteralTypeNode(node)) {
      // A template, or a template type (`collections.errors.${Code}`): every key it can start.
      if (node.head.text.includes(".")) strings.push({ text: node.head.text, prefix: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const parsed = {
    text,
    rendersPage,
    imports: imports.map((specifier) => resolveImport(file, specifier)).filter(Boolean),
    strings,
  };
  parsedFiles.set(file, parsed);
  return parsed;
}

/** The browser code a route module brings: itself and what it imports, lazily or not. */
export function browserModuleGraph(entryFile) {
  const seen = new Set();
  const waiting = [entryFile];
  while (waiting.length > 0) {
    const file = waiting.pop();
    if (seen.has(file) || (file !== entryFile && !isBrowserCode(file))) continue;
    seen.add(file);
    waiting.push(...parseSourceFile(file).imports);
  }
  return seen;
}

const pluralSuffixes = ["_zero", "_one", "_two", "_few", "_many", "_other"];

function copyInto(target, name, value) {
  if (typeof value === "string") target[name] = value;
  else target[name] = mergeTrees(target[name] ?? {}, value);
}

/** Deep merge of `from` into `into` (mutated and returned). */
export function mergeTrees(into, from) {
  for (const [name, value] of Object.entries(from)) {
    if (typeof value === "string") into[name] = value;
    else into[name] = mergeTrees(typeof into[name] === "object" ? into[name] : {}, value);
  }
  return into;
}

/**
 * Copies into `target` the part of `node` a string names: a key and its plural forms, or a
 * whole section; with `prefix` (the start of a template), every key whose name starts that way.
 * Names may hold dots themselves ("mail.send"), as the translator allows. True if it named any.
 */
function pick(target, node, rest, prefix) {
  if (prefix) {
    const dot = rest.lastIndexOf(".");
    const head = rest.slice(0, Math.max(dot, 0));
    const parent = head === "" ? node : lookUpNode(node, head);
    if (!parent || typeof parent !== "object") return false;
    const into = head === "" ? target : ensurePath(target, node, head);
    let found = false;
    for (const [name, value] of Object.entries(parent)) {
      if (!name.startsWith(rest.slice(dot + 1))) continue;
      copyInto(into, name, value);
      found = true;
    }
    return found;
  }
  let found = false;
  for (const name of [rest, ...pluralSuffixes.map((suffix) => `${rest}${suffix}`)]) {
    if (!Object.hasOwn(node, name)) continue;
    copyInto(target, name, node[name]);
    found = true;
  }
  for (let dot = rest.indexOf("."); !found && dot !== -1; dot = rest.indexOf(".", dot + 1)) {
    const head = rest.slice(0, dot);
    if (!Object.hasOwn(node, head) || typeof node[head] !== "object") continue;
    const into = typeof target[head] === "object" ? target[head] : {};
    if (pick(into, node[head], rest.slice(dot + 1), false)) {
      target[head] = into;
      found = true;
    }
  }
  return found;
}

/** The object at a dotted path, following the translator's rule for names with dots. */
function lookUpNode(node, key) {
  if (!node || typeof node !== "object") return undefined;
  if (Object.hasOwn(node, key)) return node[key];
  for (let dot = key.indexOf("."); dot !== -1; dot = key.indexOf(".", dot + 1)) {
    const head = key.slice(0, dot);
    if (!Object.hasOwn(node, head)) continue;
    const found = lookUpNode(node[head], key.slice(dot + 1));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The object in `target` at the same place as `path` in `node`, made on the way. */
function ensurePath(target, node, key) {
  if (Object.hasOwn(node, key)) {
    target[key] = typeof target[key] === "object" ? target[key] : {};
    return target[key];
  }
  for (let dot = key.indexOf("."); dot !== -1; dot = key.indexOf(".", dot + 1)) {
    const head = key.slice(0, dot);
    if (!Object.hasOwn(node, head) || lookUpNode(node[head], key.slice(dot + 1)) === undefined) {
      continue;
    }
    target[head] = typeof target[head] === "object" ? target[head] : {};
    return ensurePath(target[head], node[head], key.slice(dot + 1));
  }
  return target;
}

/** The part of a catalogue the strings of some files name. */
export function textsNamedBy(catalog, files) {
  const texts = {};
  for (const file of files) {
    for (const { text, prefix } of parseSourceFile(file).strings)
      pick(texts, catalog, text, prefix);
  }
  return texts;
}

/** `tree` without the texts `known` already has; null when nothing is left. */
export function withoutTexts(tree, known) {
  const rest = {};
  for (const [name, value] of Object.entries(tree)) {
    const other = known?.[name];
    if (typeof value === "string") {
      if (other !== value) rest[name] = value;
    } else {
      const left = withoutTexts(value, typeof other === "object" ? other : undefined);
      if (left) rest[name] = left;
    }
  }
  return Object.keys(rest).length > 0 ? rest : null;
}

/**
 * React Router's route config (app/routes.ts) as a tree under the root route, each entry with its
 * id (React Router's default: the file's path without its extension) and file.
 */
export function routeTree(config) {
  const convert = (entry) => ({
    id: entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""),
    file: path.join(appDirectory, entry.file),
    ...(entry.path !== undefined ? { path: entry.path } : {}),
    ...(entry.index ? { index: true } : {}),
    ...(entry.children ? { children: entry.children.map(convert) } : {}),
  });
  return { id: "root", file: path.join(appDirectory, "root.tsx"), children: config.map(convert) };
}

function* routesOf(tree) {
  yield tree;
  for (const child of tree.children ?? []) yield* routesOf(child);
}

/**
 * The texts of the frame (root.tsx's code: header, footer, menus, error pages, sign-in dialog)
 * and, for each other route module, the texts its code names that the frame does not have.
 */
export function splitCatalogues(tree, catalogs) {
  const rootGraph = browserModuleGraph(tree.file);
  const shell = {};
  const byFile = new Map();
  for (const [locale, catalog] of Object.entries(catalogs)) {
    shell[locale] = textsNamedBy(catalog, rootGraph);
  }
  for (const route of routesOf(tree)) {
    if (route.id === "root" || byFile.has(route.file)) continue;
    if (!parseSourceFile(route.file).rendersPage) {
      byFile.set(route.file, null); // a resource route: its texts are the server's
      continue;
    }
    const graph = browserModuleGraph(route.file);
    const texts = {};
    for (const [locale, catalog] of Object.entries(catalogs)) {
      const own = withoutTexts(textsNamedBy(catalog, graph), shell[locale]);
      if (own) texts[locale] = own;
    }
    byFile.set(route.file, Object.keys(texts).length > 0 ? texts : null);
  }
  return { shell, byFile };
}
