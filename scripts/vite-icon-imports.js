// Icon imports one file per icon (decision record 0065, addendum of 2026-11-28).
//
// Components import icons by name from lucide-react's index, which re-exports every icon the
// package has. To the module graph that index imports all of them, so the shell chunks' plugin
// (scripts/vite-page-shell-chunks.js), which gathers what the client entry and the root route
// reach, counted every icon any page uses as part of what every page loads: 99 icons went into
// the `framework` chunk where the header, category bar and footer draw thirteen. This
// rewrites `import { Search, Globe as G } from "lucide-react"` into one import per icon from
// lucide-react's own per-icon entry points (`lucide-react/icons/<file>`), so the graph holds
// exactly the icons each module draws. The names come from the index itself: every alias it
// exports (`CircleHelp`, `CircleQuestionMark`, `HelpCircleIcon`…) maps to its file.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const packageName = "lucide-react";
const importFromIndex = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

/**
 * Every name lucide-react's ESM index exports for an icon, with the icon's file name.
 * @param {string} root the project's directory
 */
export function iconFilesByName(root) {
  const require = createRequire(path.join(root, "package.json"));
  const packageDir = path.dirname(require.resolve(`${packageName}/package.json`));
  const index = readFileSync(path.join(packageDir, "dist/esm/lucide-react.mjs"), "utf8");
  /** @type {Map<string, string>} */
  const files = new Map();
  for (const [, names, file] of index.matchAll(
    /export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+)\.mjs'/g,
  )) {
    for (const binding of names.split(",")) {
      const exported = /default\s+as\s+(\w+)/.exec(binding)?.[1];
      if (exported) files.set(exported, file);
    }
  }
  if (files.size < 1000) {
    throw new Error(`icon-imports: read only ${files.size} icon names from ${packageName}'s index`);
  }
  return files;
}

/**
 * One import statement's bindings rewritten, or null to leave the statement as it is (a name
 * that is not an icon, such as `createLucideIcon`, keeps the index).
 * @param {string} bindings the text between the braces
 * @param {Map<string, string>} files
 */
function perIconImports(bindings, files) {
  const statements = [];
  for (const binding of bindings.split(",")) {
    const text = binding.trim();
    if (!text) continue;
    const [, imported, local] = /^(\w+)(?:\s+as\s+(\w+))?$/.exec(text) ?? [];
    const file = imported && files.get(imported);
    if (!file) return null;
    statements.push(`import ${local ?? imported} from "${packageName}/icons/${file}";`);
  }
  return statements.join(" ");
}

/**
 * A module's code with each import from the index made one import per icon, or null when it has
 * none to rewrite.
 * @param {string} code the module as JavaScript (TypeScript removed)
 * @param {Map<string, string>} files from `iconFilesByName`
 */
export function rewriteIconImports(code, files) {
  if (!code.includes(packageName)) return null;
  let changed = false;
  const rewritten = code.replace(importFromIndex, (statement, bindings) => {
    const replacement = perIconImports(bindings, files);
    if (replacement === null) return statement;
    changed = true;
    // As many line breaks as the statement had: the code below keeps its lines, so the
    // previous source map stays true apart from columns on the import lines.
    return replacement + "\n".repeat(statement.split("\n").length - 1);
  });
  return changed ? rewritten : null;
}

/** @returns {import("vite").Plugin} */
export function iconImports() {
  /** @type {Map<string, string>} */
  let files;
  return {
    name: "vitrine:icon-imports",
    configResolved(config) {
      files = iconFilesByName(config.root);
    },
    // Runs after TypeScript is stripped, so type-only imports are gone already.
    transform(code, id) {
      if (id.includes("/node_modules/")) return null;
      const rewritten = rewriteIconImports(code, files);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
