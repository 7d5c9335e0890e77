import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { en } from "~/modules/i18n/catalog.en";
import { fr } from "~/modules/i18n/catalog.fr";
import {
  appDirectory,
  browserModuleGraph,
  mergeTrees,
  parseSourceFile,
  routeTree,
  splitCatalogues,
} from "../../scripts/page-catalogues.js";

// Each page gets only the catalogue texts its code names (scripts/page-catalogues.js, decision
// record 0048). The build finds them from the strings in the code; this test finds what each
// `t()` call can ask for from TypeScript's type of its key, a different road: a key typed as a
// union of literals ("billing.mention.reverseCharge" | …), a template type (every key under its
// start), or a plain string, which the build cannot follow and the test refuses. Every key a
// page's code can ask for must be in what that page loads: the frame's texts and its routes'.

type Tree = { [key: string]: string | Tree };
type RouteNode = ReturnType<typeof routeTree>;

function flatten(tree: Tree, prefix = "", into = new Set<string>()): Set<string> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") into.add(name);
    else flatten(value, name, into);
  }
  return into;
}

const pluralSuffixes = ["_zero", "_one", "_two", "_few", "_many", "_other"];
const allKeys = [...flatten(fr as Tree)];

/** What a key type asks for: exact keys (with plural forms), or every key under a start. */
type Asked = { exact: string[]; starts: string[]; unknown: boolean };

function keysOfType(type: ts.Type, asked: Asked): void {
  if (type.isUnion()) {
    for (const member of type.types) keysOfType(member, asked);
  } else if (type.isStringLiteral()) {
    asked.exact.push(type.value);
  } else if (type.flags & ts.TypeFlags.TemplateLiteral) {
    const head = (type as ts.TemplateLiteralType).texts[0] ?? "";
    if (head.includes(".")) asked.starts.push(head);
    else asked.unknown = true;
  } else if (!(type.flags & ts.TypeFlags.Never)) {
    asked.unknown = true;
  }
}

/** The catalogue keys a call can ask for, with every plural form and every key of a section. */
function keysAsked(asked: Asked): string[] {
  const keys = new Set<string>();
  for (const key of asked.exact) {
    for (const candidate of allKeys) {
      if (
        candidate === key ||
        candidate.startsWith(`${key}.`) ||
        pluralSuffixes.some((suffix) => candidate === `${key}${suffix}`)
      ) {
        keys.add(candidate);
      }
    }
  }
  for (const start of asked.starts) {
    for (const candidate of allKeys) if (candidate.startsWith(start)) keys.add(candidate);
  }
  return [...keys];
}

type Call = { where: string; keys: string[]; unknown: boolean };

function isTranslateCall(node: ts.CallExpression, checker: ts.TypeChecker): boolean {
  const callee = node.expression;
  if (ts.isIdentifier(callee) && callee.text === "t") return true;
  if (ts.isPropertyAccessExpression(callee) && callee.name.text === "t") return true;
  const type = checker.getTypeAtLocation(callee);
  const name = (type.aliasSymbol ?? type.getSymbol())?.getName();
  return name === "TFunction" || name === "Translate";
}

function unwrap(expression: ts.Expression): ts.Expression {
  let inner = expression;
  while (
    ts.isAsExpression(inner) ||
    ts.isSatisfiesExpression(inner) ||
    ts.isParenthesizedExpression(inner) ||
    ts.isNonNullExpression(inner)
  ) {
    inner = inner.expression;
  }
  return inner;
}

/** Every `t(key)` call of a file, with the keys its argument's type allows. */
function translateCalls(source: ts.SourceFile, checker: ts.TypeChecker): Call[] {
  const calls: Call[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.arguments[0] && isTranslateCall(node, checker)) {
      const argument = unwrap(node.arguments[0]);
      const asked: Asked = { exact: [], starts: [], unknown: false };
      keysOfType(checker.getTypeAtLocation(argument), asked);
      // A template the type checker widens to `string`: its written start is what it names.
      if (asked.unknown && ts.isTemplateExpression(argument) && argument.head.text.includes(".")) {
        asked.unknown = false;
        asked.starts.push(argument.head.text);
      }
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      const where = `${path.relative(appDirectory, source.fileName)}:${line + 1}`;
      calls.push({ where, keys: keysAsked(asked), unknown: asked.unknown });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return calls;
}

function* pageRoutes(route: RouteNode, chain: RouteNode[] = []): Generator<RouteNode[]> {
  const withThis = [...chain, route];
  if (route.id !== "root" && parseSourceFile(route.file).rendersPage) yield withThis;
  for (const child of route.children ?? []) yield* pageRoutes(child, withThis);
}

describe("each page's catalogue texts", () => {
  const tree = routeTree(routes);
  const split = splitCatalogues(tree, { fr, en });
  const shell = split.shell as Record<"fr" | "en", Tree>;
  const byFile = split.byFile as Map<string, Partial<Record<"fr" | "en", Tree>> | null>;
  const pages = [...pageRoutes(tree)];
  const graphs = new Map<string, Set<string>>();
  const callsByFile = new Map<string, Call[]>();

  beforeAll(() => {
    for (const chain of pages) {
      for (const route of chain) {
        if (!graphs.has(route.file)) graphs.set(route.file, browserModuleGraph(route.file));
      }
    }
    const files = [...new Set([...graphs.values()].flatMap((graph) => [...graph]))];
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(appDirectory, "../tsconfig.json"),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    );
    const program = ts.createProgram(files, config!.options);
    const checker = program.getTypeChecker();
    for (const file of files) {
      callsByFile.set(file, translateCalls(program.getSourceFile(file)!, checker));
    }
  }, 240_000);

  it("are found for the pages (the frame's texts, and most pages' own)", () => {
    expect(pages.length).toBeGreaterThan(50);
    expect(flatten(shell.fr)).toContain("header.signIn");
    const product = byFile.get(path.join(appDirectory, "routes/product.tsx"))!.fr!;
    expect(flatten(product)).toContain("catalogue.product.addToCart");
    // A page does not carry the whole catalogue.
    expect(flatten(product).size).toBeLessThan(allKeys.length / 5);
  });

  it("cover every key a page's code can ask for, in both languages", () => {
    const problems: string[] = [];
    for (const chain of pages) {
      const page = chain.at(-1)!;
      for (const locale of ["fr", "en"] as const) {
        const loaded: Tree = mergeTrees({}, shell[locale]);
        for (const route of chain) {
          const own = byFile.get(route.file)?.[locale];
          if (own) mergeTrees(loaded, own);
        }
        const keys = flatten(loaded);
        const files = new Set(chain.flatMap((route) => [...graphs.get(route.file)!]));
        for (const file of files) {
          for (const call of callsByFile.get(file) ?? []) {
            if (call.unknown)
              problems.push(`${call.where}: t() with a key typed as a plain string`);
            for (const key of call.keys) {
              if (!keys.has(key)) problems.push(`${page.id} (${locale}): ${call.where} ${key}`);
            }
          }
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });
});
