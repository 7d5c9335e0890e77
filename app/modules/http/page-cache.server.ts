import type { EventBus } from "../events/event-bus.server";
import { withDataAge } from "./data-age.server";
import { pageCacheKey } from "./page-cache-key.server";
import {
  deflatePieces,
  gzipPageBytes,
  pageBytes,
  pageTemplate,
  type DeflatedPieces,
  type PageTemplate,
} from "./page-template.server";

/**
 * Whole pages kept for visitors who all see the same page (decision record 0061): public pages
 * (routes whose `handle` says so) asked for by a visitor with no cookie but the cookie notice's
 * answer. A page is rendered and streamed to its first visitor as usual; once complete, and
 * only if nothing failed, it is kept, cut at its nonce. Each later visitor gets it with a nonce
 * of their own in the body and in the Content-Security-Policy, and the other per-response
 * headers drawn again.
 *
 * A kept page is dropped by every catalogue event (as the catalogue cache is, from any process
 * on PostgreSQL) and by a change of a shop profile or of the licences, and, failing that, once the oldest value it shows is `maxAgeMs` old: a page
 * made from a 9 s old catalogue entry lives 1 s more, not 10. A render started before an event
 * is not kept. Concurrent requests for a page being rendered wait for it instead of rendering
 * it again. At most `maxEntries` pages and `maxBytes` bytes are kept, the least recently used
 * dropped first, so that a stream of distinct searches cannot grow the memory.
 */
export interface PageCacheHooks {
  /** A fresh nonce (same length as every other) for one response. */
  newNonce(): string;
  /** The security headers of one response, its page policy carrying `nonce`. */
  setSecurityHeaders(headers: Headers, nonce: string, request: Request): void;
  /** Whether the render of this request's context declared its page public. */
  renderedPublicPage(context: object): boolean;
  /** Whether anything failed during the render of this request's context. */
  renderFailed(context: object): boolean;
}

export interface PageCacheOptions {
  maxAgeMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** A page larger than this is never kept. */
  maxPageBytes?: number;
  now?: () => number;
}

interface KeptPage {
  key: string;
  template: PageTemplate;
  /** The pieces deflated once, on the first response that goes out gzipped. */
  deflated?: DeflatedPieces | null;
  headers: Headers;
  expiresAt: number;
  bytes: number;
}

/** Headers drawn again for each response, not kept. */
const perResponseHeaders = [
  "content-security-policy",
  "strict-transport-security",
  "content-length",
  "content-encoding",
  "vary",
  "x-request-id",
];

const noncePattern = /'nonce-([^']+)'/;

export function createPageCache(
  events: EventBus,
  hooks: PageCacheHooks,
  {
    maxAgeMs = 10_000,
    maxEntries = 200,
    maxBytes = 8 * 1024 * 1024,
    maxPageBytes = 512 * 1024,
    now = Date.now,
  }: PageCacheOptions = {},
) {
  const pages = new Map<string, KeptPage>();
  const rendering = new Map<string, Promise<KeptPage | null>>();
  let bytes = 0;
  // Bumped by every catalogue event: a page rendered before the event must not be kept.
  let generation = 0;

  events.subscribe((event) => {
    // Every event there is: a catalogue change or touch, a shop profile, the licences.
    if (
      event.type !== "catalogue.changed" &&
      event.type !== "catalogue.touched" &&
      event.type !== "pages.changed"
    ) {
      return;
    }
    generation += 1;
    pages.clear();
    rendering.clear();
    bytes = 0;
  });

  function drop(key: string) {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
  }

  function lookUp(key: string): KeptPage | null {
    const page = pages.get(key);
    if (!page) return null;
    if (page.expiresAt <= now()) {
      drop(key);
      return null;
    }
    // Map order is use order: the least recently used page goes first when full.
    pages.delete(key);
    pages.set(key, page);
    return page;
  }

  function trim() {
    while (pages.size > maxEntries || bytes > maxBytes) drop(pages.keys().next().value!);
  }

  function keep(page: KeptPage) {
    drop(page.key);
    pages.set(page.key, page);
    bytes += page.bytes;
    trim();
  }

  /** The page's pieces deflated once, on its first response that goes out gzipped. */
  function deflated(page: KeptPage): DeflatedPieces | null {
    if (page.deflated === undefined) {
      page.deflated = deflatePieces(page.template);
      const added = page.deflated?.reduce((sum, piece) => sum + piece.length, 0) ?? 0;
      page.bytes += added;
      if (pages.get(page.key) === page) {
        bytes += added;
        trim();
      }
    }
    return page.deflated;
  }

  function serve(page: KeptPage, request: Request, gzip: boolean): Response {
    const nonce = hooks.newNonce();
    const headers = new Headers(page.headers);
    hooks.setSecurityHeaders(headers, nonce, request);
    headers.set("Vary", "Accept-Encoding");
    if (request.method === "HEAD") return new Response(null, { status: 200, headers });
    const pieces = gzip ? deflated(page) : null;
    let body: Buffer;
    if (pieces) {
      body = gzipPageBytes(page.template, pieces, nonce);
      headers.set("Content-Encoding", "gzip");
    } else {
      body = pageBytes(page.template, nonce);
    }
    headers.set("Content-Length", String(body.length));
    return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
  }

  /** Whether a rendered answer may be kept: a complete public HTML page, the same for all. */
  function keepableNonce(response: Response, context: object): string | null {
    if (response.status !== 200 || !response.body) return null;
    if (response.headers.has("set-cookie") || response.headers.has("content-encoding")) {
      return null;
    }
    if (!/^text\/html\b/i.test(response.headers.get("content-type") ?? "")) return null;
    if (!hooks.renderedPublicPage(context) || hooks.renderFailed(context)) return null;
    return noncePattern.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? null;
  }

  async function renderAndKeep(
    pageKey: string,
    context: object,
    render: () => Promise<Response>,
  ): Promise<Response> {
    const started = generation;
    let settle!: (page: KeptPage | null) => void;
    const shared = new Promise<KeptPage | null>((resolve) => (settle = resolve));
    rendering.set(pageKey, shared);
    const done = (page: KeptPage | null) => {
      if (rendering.get(pageKey) === shared) rendering.delete(pageKey);
      settle(page);
    };
    let rendered: Awaited<ReturnType<typeof withDataAge<Response>>>;
    try {
      rendered = await withDataAge(now(), render);
    } catch (error) {
      done(null);
      throw error;
    }
    const response = rendered.result;
    const nonce = keepableNonce(response, context);
    if (nonce === null) {
      done(null);
      return response;
    }
    return copyWhileStreaming(response, maxPageBytes, (body) => {
      const expiresAt = rendered.oldestAt() + maxAgeMs;
      const template = body ? pageTemplate(body, nonce) : null;
      if (
        !template ||
        generation !== started ||
        hooks.renderFailed(context) ||
        expiresAt <= now()
      ) {
        done(null);
        return;
      }
      const headers = new Headers(response.headers);
      for (const name of perResponseHeaders) headers.delete(name);
      // The headers and the map's own share, roughly: what the byte limit counts.
      const page: KeptPage = {
        key: pageKey,
        template,
        headers,
        expiresAt,
        bytes: template.size + 1024,
      };
      keep(page);
      done(page);
    });
  }

  return {
    /**
     * The answer to `request`: a kept page when there is one for its key, else `render()`'s,
     * kept on its way out when it may be. `gzip`: the client accepts gzip, so a kept page goes
     * out gzipped (without compressing it again); otherwise it goes out as it is, for the
     * server's own compression to deal with.
     */
    async respond(
      request: Request,
      context: object,
      render: () => Promise<Response>,
      { gzip }: { gzip: boolean },
    ): Promise<Response> {
      const pageKey = await pageCacheKey(request);
      if (pageKey === null) return render();
      const page = lookUp(pageKey);
      if (page) return serve(page, request, gzip);
      // A HEAD has no body to keep.
      if (request.method !== "GET") return render();
      const shared = rendering.get(pageKey);
      if (shared) {
        const sharedPage = await shared;
        return sharedPage ? serve(sharedPage, request, gzip) : render();
      }
      return renderAndKeep(pageKey, context, render);
    },
    /** Kept pages and their bytes (for tests and figures). */
    size: () => ({ pages: pages.size, bytes }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/**
 * `response` with the same status and headers, its body passed on chunk by chunk as it comes,
 * and `onComplete` called once: with the whole body when it ended normally and stayed under
 * `maxBytes`, with null when it failed, was cancelled (the client went away) or grew too large.
 *
 * The body is read as fast as the render writes it, not as fast as this client reads: a client
 * that reads slowly, or not at all, must not hold back the visitors waiting for this page. What
 * it has not read yet waits in memory (at most the page).
 */
function copyWhileStreaming(
  response: Response,
  maxBytes: number,
  onComplete: (body: Buffer | null) => void,
): Response {
  const reader = response.body!.getReader();
  let chunks: Uint8Array[] | null = [];
  let size = 0;
  let completed = false;
  const complete = (body: Buffer | null) => {
    if (completed) return;
    completed = true;
    onComplete(body);
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      void (async () => {
        try {
          for (;;) {
            const next = await reader.read();
            if (next.done) break;
            if (chunks) {
              size += next.value.byteLength;
              if (size <= maxBytes) chunks.push(next.value);
              else {
                chunks = null;
                complete(null);
              }
            }
            // Throws once the client went away (the stream was cancelled).
            controller.enqueue(next.value);
          }
          controller.close();
          complete(chunks ? Buffer.concat(chunks, size) : null);
        } catch (error) {
          complete(null);
          try {
            controller.error(error);
          } catch {
            // Already cancelled: nobody is reading.
          }
        }
      })();
    },
    cancel(reason) {
      complete(null);
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
