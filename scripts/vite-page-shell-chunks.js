// Chunk grouping of the browser build (decision record 0065).
//
// Every page loads the client entry and the root route, with everything they import statically
// (React DOM, React Router, the header, the category bar and their icons, the translator). Left
// to itself, rolldown cuts that code into one chunk per set of importers: since some of it is
// also imported by other routes or by code loaded later, each page began with about thirty of
// these files, half of them under 1 KB, every one a request. Over HTTP/1.1 a phone fetches them
// six at a time, each costing at least a round trip on a slow network. This gathers them into
// two chunks that every page loads anyway, so no page loads a byte it did not load before:
// `framework` (node_modules) and `shell` (the app's own modules). The entry and the route
// modules stay chunks of their own (React Router's manifest points at them), and code reached
// only through `import()` or from other routes keeps rolldown's own chunking.

const isEntry = (id) => /[\\/]app[\\/]entry\.client\.[jt]sx?$/.test(id);
const isRootRoute = (id) => /[\\/]app[\\/]root\.[jt]sx?\?/.test(id);
const inNodeModules = (id) => /[\\/]node_modules[\\/]/.test(id);

/**
 * The plugin that finds what every page loads (the static closure of the client entry and the
 * root route) and the client build's `codeSplitting` option that groups it.
 * @returns {{ plugin: import("vite").Plugin, codeSplitting: { groups: { name: string, priority: number, test: (id: string) => boolean }[] } }}
 */
export function pageShellChunks() {
  /** @type {Set<string>} */
  const modules = new Set();
  /** @type {Set<string>} */
  const roots = new Set();

  /** @type {import("vite").Plugin} */
  const plugin = {
    name: "vitrine:page-shell-chunks",
    // The development server serves modules one by one: there is nothing to group.
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      modules.clear();
      roots.clear();
      /** @type {string[]} */
      const pending = [];
      for (const id of this.getModuleIds()) {
        if (isEntry(id) || isRootRoute(id)) {
          roots.add(id);
          pending.push(id);
        }
      }
      if (roots.size !== 2) {
        this.error(
          `page-shell-chunks: expected the client entry and the root route, found ${[...roots].join(", ") || "neither"}`,
        );
      }
      while (pending.length) {
        const id = /** @type {string} */ (pending.pop());
        if (modules.has(id)) continue;
        modules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };

  // The entry and the root route themselves stay out of the groups: they remain the chunks the
  // manifest names, importing the two groups.
  const inShell = (id) => modules.has(id) && !roots.has(id);
  const codeSplitting = {
    groups: [
      {
        name: "framework",
        priority: 2,
        test: (id) => inShell(id) && inNodeModules(id),
      },
      { name: "shell", priority: 1, test: (id) => inShell(id) && !inNodeModules(id) },
    ],
  };

  return { plugin, codeSplitting };
}
