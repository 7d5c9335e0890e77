// Chunk grouping of the browser build (decision record 0065 and its addendum of 2026-11-28).
//
// Every page loads the client entry and the root route, with everything they import statically
// (React DOM, React Router, the header, the category bar and their icons, the translator). Left
// to itself, rolldown cuts that code into one chunk per set of importers: since some of it is
// also imported by other routes or by code loaded later, each page began with about thirty of
// these files, half of them under 1 KB, every one a request. Over HTTP/1.1 a phone fetches them
// six at a time, each costing at least a round trip on a slow network. This gathers:
//
// - into `framework` (node_modules) and `shell` (the app's own modules), what every page loads:
//   the entry's and the root route's static imports, and the modules that at least half of the
//   page routes import (the page head's helpers, the sign-in link), which were small chunks of
//   their own on most pages;
// - into `landing`, the modules that two or more of the pages buyers land on share (the item
//   card, its icons, the catalogue query), which were eight small chunks on the product page.
//
// The entry and the route modules stay chunks of their own (React Router's manifest points at
// them), and code reached only through `import()` or from one route keeps rolldown's chunking.

const isEntry = (id) => /[\\/]app[\\/]entry\.client\.[jt]sx?$/.test(id);
const isRootRoute = (id) => /[\\/]app[\\/]root\.[jt]sx?\?/.test(id);
// React Router's client build names each route module twice: the file, and a facade with a
// query. The facade's name is the route file's, without its extension (`routes/product.tsx?…`).
const routeFacadeName = (id) => /[\\/]app[\\/]routes[\\/]([^?]+)\.[jt]sx?\?/.exec(id)?.[1];
const isRouteModule = (id) => /[\\/]app[\\/]routes[\\/]/.test(id);
const inNodeModules = (id) => /[\\/]node_modules[\\/]/.test(id);
// lucide-react's per-icon modules (scripts/vite-icon-imports.js makes every import one of these).
const isIcon = (id) => /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id);

const landingRoutes = ["home", "marketplace", "product", "creator"];
const isLandingRoute = (id) => landingRoutes.includes(routeFacadeName(id) ?? "");

/**
 * Every module `start` imports statically, directly or not, through the modules `follow` accepts.
 * @param {import("rollup").PluginContext} context
 * @param {string[]} start
 * @param {(id: string) => boolean} follow
 */
function staticClosure(context, start, follow) {
  /** @type {Set<string>} */
  const found = new Set();
  const pending = [...start];
  while (pending.length) {
    const id = /** @type {string} */ (pending.pop());
    if (found.has(id) || !follow(id)) continue;
    found.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * The plugin that sorts the client build's modules into those groups, and the build's
 * `codeSplitting` option that makes them chunks.
 * @returns {{ plugin: import("vite").Plugin, codeSplitting: { groups: { name: string, priority: number, test: (id: string) => boolean }[] } }}
 */
export function pageShellChunks() {
  /** @type {Set<string>} what every page loads */
  const everyPage = new Set();
  /** @type {Set<string>} what two landing pages or more share */
  const landing = new Set();

  /** @type {import("vite").Plugin} */
  const plugin = {
    name: "vitrine:page-shell-chunks",
    // The development server serves modules one by one: there is nothing to group.
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      everyPage.clear();
      landing.clear();
      const ids = [...this.getModuleIds()];
      const roots = ids.filter((id) => isEntry(id) || isRootRoute(id));
      if (roots.length !== 2) {
        this.error(
          `page-shell-chunks: expected the client entry and the root route, found ${roots.join(", ") || "neither"}`,
        );
      }
      const routes = ids.filter((id) => routeFacadeName(id) !== undefined);
      const landingFacades = routes.filter(isLandingRoute);
      if (landingFacades.length !== landingRoutes.length) {
        this.error(
          `page-shell-chunks: expected the route modules of ${landingRoutes.join(", ")}, found ${landingFacades.join(", ") || "none"}`,
        );
      }

      const shell = staticClosure(this, roots, () => true);
      // What each route reaches beyond the shell. Only the app's own modules and the icons are
      // followed: a package's index (radix-ui's re-exports every primitive) would count modules
      // the route never draws.
      /** @type {Map<string, { routes: number, landing: number }>} */
      const reach = new Map();
      for (const route of routes) {
        const isLanding = isLandingRoute(route);
        const closure = staticClosure(
          this,
          [route],
          (id) => !shell.has(id) && (!inNodeModules(id) || isIcon(id)),
        );
        for (const id of closure) {
          if (isRouteModule(id)) continue;
          const counts = reach.get(id) ?? { routes: 0, landing: 0 };
          counts.routes += 1;
          if (isLanding) counts.landing += 1;
          reach.set(id, counts);
        }
      }

      for (const id of shell) if (!roots.includes(id)) everyPage.add(id);
      for (const [id, counts] of reach) {
        if (counts.routes * 2 >= routes.length) everyPage.add(id);
        else if (counts.landing >= 2) landing.add(id);
      }
    },
  };

  // The entry and the root route themselves stay out of the groups: they remain the chunks the
  // manifest names, importing the groups.
  const codeSplitting = {
    groups: [
      { name: "framework", priority: 3, test: (id) => everyPage.has(id) && inNodeModules(id) },
      { name: "shell", priority: 2, test: (id) => everyPage.has(id) && !inNodeModules(id) },
      { name: "landing", priority: 1, test: (id) => landing.has(id) },
    ],
  };

  return { plugin, codeSplitting };
}
