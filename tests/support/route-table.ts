import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

export interface RouteEntry {
  id: string;
  /** The route's full path, French pages for language-prefixed ones; parameters left as is. */
  path: string;
  hasAction: boolean;
}

/** Every route of the production build. */
export async function routeTable(): Promise<RouteEntry[]> {
  const build = (await import(
    pathToFileURL(path.resolve("build/server/index.js")).href
  )) as ServerBuild;
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const own = route.path ?? "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, own].filter(Boolean).join("/").replace(/\/+/g, "/");
  };
  return Object.values(routes).map((route) => ({
    id: route!.id,
    path: `/${fullPath(route!.id)}`.replace(":lang", "fr").replace(/\/+/g, "/"),
    hasAction: Boolean(route!.module.action),
  }));
}
