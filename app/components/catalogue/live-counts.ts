import { useSyncExternalStore } from "react";
import type { CategoryCounts } from "~/modules/catalogue/catalogue-query";
import { useRootData } from "../use-root-data";

interface LiveState {
  counts: CategoryCounts;
  /** Grows by one per catalogue change received: lists refresh when it moves. */
  version: number;
  change: string | null;
}

let state: LiveState | null = null;
let source: EventSource | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!source && typeof EventSource !== "undefined") {
    source = new EventSource("/api/catalogue/events");
    source.addEventListener("counts", (event) => {
      const message = JSON.parse((event as MessageEvent<string>).data) as {
        counts: CategoryCounts;
        change: string;
      };
      state = {
        counts: message.counts,
        version: (state?.version ?? 0) + 1,
        change: message.change,
      };
      for (const notify of listeners) notify();
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = null;
    }
  };
}

const snapshot = () => state;
const serverSnapshot = () => null;

/**
 * The category counts: the server's figures, then whatever the live stream pushes (one
 * EventSource per tab, shared by every component that shows a count).
 */
export function useLiveCatalogue(): { counts: CategoryCounts | null; version: number } {
  const root = useRootData();
  const live = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return { counts: live?.counts ?? root?.categoryCounts ?? null, version: live?.version ?? 0 };
}
