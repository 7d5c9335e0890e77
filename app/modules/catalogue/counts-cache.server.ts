import type { Database } from "../db/client.server";
import type { EventBus } from "../events/event-bus.server";
import { noteDataReadAt } from "../http/data-age.server";
import { categoryCounts } from "./catalogue.server";
import type { CategoryCounts } from "./catalogue-query";

/**
 * The category bar's counts for every server-rendered page. Counting the catalogue costs about
 * 40 ms at 100,000 items on PostgreSQL (bench:search), and the root loader runs on every page,
 * so the counts are kept between requests and thrown away as soon as the catalogue changes
 * (an approval, rejection, deletion or sale publishes `catalogue.changed`, in any process on
 * PostgreSQL). What changes without an event (an exclusive item held during a checkout, items
 * leaving the "new" window, another process's event missed while this one's listening
 * connection was down) shows after at most `maxAgeMs`.
 */
export function createCountsCache(
  db: Database,
  events: EventBus,
  { maxAgeMs = 10_000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {},
) {
  let cached: { counts: CategoryCounts; at: number } | null = null;
  // Bumped by every catalogue event: a count started before the event must not be kept.
  let generation = 0;
  let inFlight: { generation: number; at: number; counts: Promise<CategoryCounts> } | null = null;

  events.subscribe((event) => {
    if (event.type !== "catalogue.changed") return;
    generation += 1;
    cached = null;
  });

  return {
    counts(): Promise<CategoryCounts> {
      // A page kept whole (0061) lives no longer than the counts it shows.
      if (cached && now() - cached.at < maxAgeMs) {
        noteDataReadAt(cached.at);
        return Promise.resolve(cached.counts);
      }
      // Concurrent requests share one count instead of each running their own.
      if (inFlight?.generation === generation) {
        noteDataReadAt(inFlight.at);
        return inFlight.counts;
      }
      const started = generation;
      const at = now();
      const counts = categoryCounts(db)
        .then((result) => {
          if (generation === started) cached = { counts: result, at };
          return result;
        })
        .finally(() => {
          if (inFlight?.counts === counts) inFlight = null;
        });
      inFlight = { generation: started, at, counts };
      return counts;
    },
  };
}

export type CountsCache = ReturnType<typeof createCountsCache>;

const caches = new WeakMap<EventBus, CountsCache>();

/** The counts cache of one app's event bus (one per process). */
export function countsCache(db: Database, events: EventBus): CountsCache {
  let cache = caches.get(events);
  if (!cache) {
    cache = createCountsCache(db, events);
    caches.set(events, cache);
  }
  return cache;
}
