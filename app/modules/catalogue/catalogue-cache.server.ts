import type { Database } from "../db/client.server";
import type { EventBus } from "../events/event-bus.server";
import { noteDataReadAt } from "../http/data-age.server";
import {
  featuredItems,
  getProduct,
  heroVideo,
  relatedItems,
  searchCatalogue,
  type CatalogueCard,
  type MarketplacePage,
  type ProductDetail,
} from "./catalogue.server";
import type { MarketplaceQuery } from "./catalogue-query";
import type { Locale } from "../i18n/locale";
import { searchSuggestions, type SearchSuggestions } from "./suggestions.server";

/**
 * Public catalogue reads kept between requests (decision record 0047): what every visitor sees
 * the same, never what depends on who asks. It wraps the read functions of catalogue.server.ts
 * without changing them.
 *
 * Every entry is dropped as soon as any catalogue event arrives (an approval, rejection,
 * deletion, edit, sale, like, pin or processed preview, from any process on PostgreSQL): the next
 * page reads the database again. What changes without an event (an exclusive item held by a
 * running checkout, an item leaving the "new" window, another process's event missed while the
 * listening connection was down) shows after at most `maxAgeMs`, as the category counts do.
 */
export function createCatalogueCache(
  db: Database,
  events: EventBus,
  {
    maxAgeMs = 10_000,
    maxEntries = 500,
    now = Date.now,
  }: { maxAgeMs?: number; maxEntries?: number; now?: () => number } = {},
) {
  const entries = new Map<string, { value: Promise<unknown>; at: number; generation: number }>();
  // Bumped by every catalogue event: a read started before the event must not be kept.
  let generation = 0;

  events.subscribe((event) => {
    if (event.type !== "catalogue.changed" && event.type !== "catalogue.touched") return;
    generation += 1;
    entries.clear();
  });

  /**
   * The value kept under `key`, or the one `load` reads. Concurrent requests share one read; a
   * failed read is not kept. Map order is use order, so the oldest entry goes first when full.
   */
  function remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entry = entries.get(key);
    if (entry && entry.generation === generation && now() - entry.at < maxAgeMs) {
      entries.delete(key);
      entries.set(key, entry);
      // A page kept whole (0061) lives no longer than this value's own limit.
      noteDataReadAt(entry.at);
      return entry.value as Promise<T>;
    }
    const started = generation;
    const value = load();
    entries.delete(key);
    entries.set(key, { value, at: now(), generation: started });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  }

  return {
    featuredItems: (): Promise<CatalogueCard[]> => remember("featured", () => featuredItems(db)),
    heroVideo: (): Promise<string | null> => remember("hero", () => heroVideo(db)),
    /**
     * Marketplace and store pages: results depend only on the query, never on the viewer. The
     * key is the whole parsed query (search, category, price, every facet, sort, page, view),
     * its fields always in the same order.
     */
    searchCatalogue: (
      query: MarketplaceQuery,
      options: { creatorId?: string; pageSize?: number; facets?: boolean; countCap?: number } = {},
    ): Promise<MarketplacePage> =>
      remember(`search:${JSON.stringify([query, options])}`, () =>
        searchCatalogue(db, query, options),
      ),
    /** The search box's suggestions for what was typed, in a language. */
    suggestions: (typed: string, locale: Locale): Promise<SearchSuggestions> =>
      remember(`suggest:${locale}:${typed}`, () => searchSuggestions(db, typed, locale)),
    /**
     * A product as a visitor who is not signed in sees it. A signed-in viewer's page says whether
     * they liked it: theirs is read from the database, never from here.
     */
    anonymousProduct: (submissionId: string): Promise<ProductDetail | null> =>
      remember(`product:${submissionId}`, () => getProduct(db, null, submissionId)),
    relatedItems: (
      product: Pick<ProductDetail, "id" | "kind" | "creatorId">,
    ): Promise<{ similar: CatalogueCard[]; sameAuthor: CatalogueCard[] }> =>
      remember(`related:${product.id}:${product.kind}:${product.creatorId}`, () =>
        relatedItems(db, product),
      ),
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

const caches = new WeakMap<EventBus, CatalogueCache>();

/** The catalogue cache of one app's event bus (one per process). */
export function catalogueCache(db: Database, events: EventBus): CatalogueCache {
  let cache = caches.get(events);
  if (!cache) {
    cache = createCatalogueCache(db, events);
    caches.set(events, cache);
  }
  return cache;
}
