import type { Database } from "../db/client.server";
import type { CatalogueChange, EventBus } from "../events/event-bus.server";
import { categoryCounts } from "./catalogue.server";
import type { CategoryCounts } from "./catalogue-query";

/** What each open page receives when the catalogue changes. */
export interface CountsMessage {
  counts: CategoryCounts;
  change: CatalogueChange["change"];
  submissionId: string;
}

type Listener = (message: CountsMessage) => void;

/**
 * Recomputes the category counts once per burst of catalogue events (not once per open page)
 * and hands the result to every subscribed stream.
 */
export function createCountsFeed(db: Database, events: EventBus, debounceMs = 100) {
  const listeners = new Set<Listener>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last: CatalogueChange | null = null;
  let unsubscribe: (() => void) | null = null;

  async function flush() {
    timer = null;
    const event = last;
    if (!event) return;
    try {
      const counts = await categoryCounts(db);
      const message = { counts, change: event.change, submissionId: event.submissionId };
      for (const listener of listeners) listener(message);
    } catch {
      // The next event recomputes; a page keeps its previous counts meanwhile.
    }
  }

  return {
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      unsubscribe ??= events.subscribe((event) => {
        if (event.type !== "catalogue.changed") return;
        last = event;
        timer ??= setTimeout(() => void flush(), debounceMs);
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribe?.();
          unsubscribe = null;
        }
      };
    },
  };
}

export type CountsFeed = ReturnType<typeof createCountsFeed>;

const feeds = new WeakMap<EventBus, CountsFeed>();

/** The feed of one app's event bus (one per process). */
export function countsFeed(db: Database, events: EventBus): CountsFeed {
  let feed = feeds.get(events);
  if (!feed) {
    feed = createCountsFeed(db, events);
    feeds.set(events, feed);
  }
  return feed;
}
