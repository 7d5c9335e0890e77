import { env } from "../config/env.server";
import type { EventBus } from "../events/event-bus.server";
import { createPageCache, type PageCache } from "./page-cache.server";
import { renderedPublicPage, renderFailed } from "./page-render-marks.server";
import { createNonce, setSecurityHeaders } from "./security-headers.server";

const caches = new WeakMap<EventBus, PageCache>();

/** The page cache of one app's event bus (one per process), decision record 0061. */
export function appPageCache(events: EventBus): PageCache {
  let cache = caches.get(events);
  if (!cache) {
    cache = createPageCache(events, {
      newNonce: createNonce,
      setSecurityHeaders: (headers, nonce, request) =>
        setSecurityHeaders(headers, { nonce, env: env(), request }),
      renderedPublicPage,
      renderFailed,
    });
    caches.set(events, cache);
  }
  return cache;
}
