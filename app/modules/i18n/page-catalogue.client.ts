import { matchRoutes } from "react-router";
import { loaders, routes } from "virtual:page-catalogues";
import { addTexts } from "./i18n";
import { localeFromUrl, type Locale } from "./locale";

/**
 * The texts a page shows, loaded before it renders: the frame's (header, footer, menus, error
 * pages) and its route modules' own, in the page's language. The build finds which texts each
 * route module's code names and makes a chunk of them per language (scripts/page-catalogues.js,
 * scripts/vite-page-catalogues.js); here the browser matches the URL against the same route
 * table React Router uses and loads the chunks it has not loaded yet. Called before hydration
 * (app/entry.client.tsx) and by root's client middleware before a navigation renders, including
 * one to the other language (decision records 0003 and 0048).
 */
const loaded = new Map<string, Promise<void>>();

function load(name: string, locale: Locale): Promise<void> {
  const id = `${name}.${locale}`;
  let loading = loaded.get(id);
  if (!loading) {
    const loader = loaders[name]?.[locale === "fr" ? 0 : 1];
    loading = loader
      ? loader().then((chunk) => addTexts(locale, chunk.default))
      : Promise.resolve();
    // A chunk that failed to arrive (the network) is asked for again by the next navigation.
    loading.catch(() => loaded.delete(id));
    loaded.set(id, loading);
  }
  return loading;
}

export async function loadPageCatalogue(url: URL): Promise<void> {
  const locale = localeFromUrl(url);
  const names = ["shell"];
  for (const match of matchRoutes(routes, url.pathname) ?? []) {
    const name = match.route.handle as string | undefined;
    if (name) names.push(name);
  }
  await Promise.all(names.map((name) => load(name, locale)));
}
