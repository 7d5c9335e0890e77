import { beforeEach, describe, expect, it } from "vitest";
import { noteDataReadAt } from "~/modules/http/data-age.server";
import { createEventBus, type EventBus } from "~/modules/events/event-bus.server";
import { createPageCache, type PageCache } from "~/modules/http/page-cache.server";
import { createNonce } from "~/modules/http/security-headers.server";

// The page cache's rules with stand-in renders (decision record 0061); the same rules through
// the real app are in tests/integration/page-cache.test.ts.
let events: EventBus;
let clock: number;
let renders: number;
/** What the stand-in render of each context declared and whether it failed. */
let marks: WeakMap<object, { publicPage: boolean; failed?: boolean }>;
let cache: PageCache;

beforeEach(() => {
  events = createEventBus();
  clock = 1_000_000;
  renders = 0;
  marks = new WeakMap();
  cache = createPageCache(
    events,
    {
      newNonce: createNonce,
      setSecurityHeaders: (headers, nonce) =>
        headers.set("Content-Security-Policy", `script-src 'nonce-${nonce}' 'strict-dynamic'`),
      renderedPublicPage: (context) => marks.get(context)?.publicPage === true,
      renderFailed: (context) => marks.get(context)?.failed === true,
    },
    { now: () => clock, maxEntries: 3, maxBytes: 64 * 1024 },
  );
});

interface Rendering {
  status?: number;
  headers?: Record<string, string>;
  publicPage?: boolean;
  /** Marks the render failed once its body has been sent. */
  failsLate?: boolean;
  text?: string;
  /** The value it shows was read from a cache that long ago. */
  dataAgeMs?: number;
  /** Resolves when the body may end (a streamed part of the page). */
  until?: Promise<void>;
}

/** Asks for `path` as a visitor would, the render standing in for React Router's. */
function get(path: string, rendering: Rendering = {}, init: RequestInit = {}) {
  const request = new Request(`http://localhost${path}`, init);
  const context = {};
  const render = async () => {
    renders += 1;
    if (rendering.dataAgeMs) noteDataReadAt(clock - rendering.dataAgeMs);
    marks.set(context, { publicPage: rendering.publicPage ?? true });
    const nonce = createNonce();
    const text = rendering.text ?? `page ${path} ${renders}`;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(`<p>${text}</p>`));
        await rendering.until;
        controller.enqueue(
          new TextEncoder().encode(`<script nonce="${nonce}">1</script>${"x".repeat(2000)}`),
        );
        if (rendering.failsLate) {
          // After the answer's status went out: a streamed part that threw.
          await new Promise((resolve) => setTimeout(resolve, 1));
          marks.get(context)!.failed = true;
        }
        controller.close();
      },
    });
    return new Response(body, {
      status: rendering.status ?? 200,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": `script-src 'nonce-${nonce}' 'strict-dynamic'`,
        ...rendering.headers,
      },
    });
  };
  return cache.respond(request, context, render, { gzip: false });
}

async function read(response: Promise<Response>) {
  const answer = await response;
  return { answer, body: await answer.text() };
}

function nonceOf(response: Response): string {
  return /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1]!;
}

describe("the page cache", () => {
  it("renders a public page once, then serves it with a new nonce in the body and the policy", async () => {
    const first = await read(get("/fr"));
    const second = await read(get("/fr"));
    const third = await read(get("/fr"));
    expect(renders).toBe(1);
    expect(second.body).toContain("page /fr 1");
    const nonces = [first, second, third].map(({ answer }) => nonceOf(answer));
    expect(new Set(nonces).size).toBe(3);
    for (const [index, { body }] of [first, second, third].entries()) {
      expect(body).toContain(`<script nonce="${nonces[index]}">`);
    }
    expect(second.answer.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("never keeps an answer with a cookie, another status, another type or from a page not declared public", async () => {
    const cases: Array<[string, Rendering]> = [
      ["/fr/a", { headers: { "Set-Cookie": "vitrine_flash=; Max-Age=0" } }],
      ["/fr/b", { status: 404 }],
      ["/fr/c", { headers: { "Content-Type": "application/json" } }],
      ["/fr/d", { publicPage: false }],
      ["/fr/e", { failsLate: true }],
    ];
    for (const [path, rendering] of cases) {
      await read(get(path, rendering));
      await read(get(path, rendering));
    }
    expect(renders).toBe(cases.length * 2);
  });

  it("renders for a visitor with any cookie but the notice's answer, and keeps one page per answer", async () => {
    await read(get("/fr", {}, { headers: { Cookie: "vitrine_session=abc" } }));
    await read(get("/fr", {}, { headers: { Cookie: "vitrine_flash=abc" } }));
    await read(get("/fr", {}, { headers: { Cookie: "unknown=1" } }));
    await read(get("/fr", {}, { headers: { Authorization: "Bearer abc" } }));
    expect(renders).toBe(4);
    expect(cache.size().pages).toBe(0);

    const consent = { headers: { Cookie: `vitrine_cookie_consent=${btoa('"essential"')}` } };
    const answered = await read(get("/fr", {}, consent));
    const notAnswered = await read(get("/fr"));
    expect(answered.body).toContain("page /fr 5");
    expect(notAnswered.body).toContain("page /fr 6");
    expect((await read(get("/fr", {}, consent))).body).toContain("page /fr 5");
    expect((await read(get("/fr"))).body).toContain("page /fr 6");
    expect(renders).toBe(6);
  });

  it("keeps a page per crawler or person and per query, and never serves a data request", async () => {
    await read(get("/fr/marketplace?q=a"));
    await read(get("/fr/marketplace?q=b"));
    await read(get("/fr/marketplace?q=a", {}, { headers: { "User-Agent": "Googlebot/2.1" } }));
    await read(get("/fr/marketplace.data?q=a"));
    await read(get("/fr/marketplace.data?q=a"));
    expect(renders).toBe(5);
    await read(get("/fr/marketplace?q=a"));
    await read(get("/fr/marketplace?q=b"));
    expect(renders).toBe(5);
  });

  it("drops every page on a catalogue event, and does not keep a render started before it", async () => {
    await read(get("/fr"));
    events.publish({ type: "catalogue.touched", submissionId: "x", change: "liked" });
    let release!: () => void;
    const pending = get("/fr", { until: new Promise((resolve) => (release = resolve)) });
    const answer = await pending;
    events.publish({ type: "catalogue.changed", submissionId: "x", change: "approved" });
    release();
    await answer.text();
    await read(get("/fr"));
    expect(renders).toBe(3);
  });

  it("streams a first render to its visitor before it is complete, and makes others wait for it", async () => {
    let release!: () => void;
    const first = await get("/fr", { until: new Promise((resolve) => (release = resolve)) });
    const reader = first.body!.getReader();
    const start = new TextDecoder().decode((await reader.read()).value);
    expect(start).toContain("page /fr 1");
    const others = [get("/fr"), get("/fr")];
    release();
    while (!(await reader.read()).done);
    const bodies = await Promise.all(others.map(async (answer) => (await answer).text()));
    expect(renders).toBe(1);
    for (const body of bodies) expect(body).toContain("page /fr 1");
  });

  it("does not let a first visitor who reads nothing hold back the others", async () => {
    let release!: () => void;
    // Its answer is never read: a client that stopped reading its socket.
    await get("/fr", { until: new Promise((resolve) => (release = resolve)) });
    const others = [get("/fr"), get("/fr")];
    release();
    for (const answer of others) expect(await (await answer).text()).toContain("page /fr 1");
    expect(renders).toBe(1);
  });

  it("does not keep a page whose visitor went away before it was complete", async () => {
    let release!: () => void;
    const first = await get("/fr", { until: new Promise((resolve) => (release = resolve)) });
    await first.body!.cancel();
    release();
    await read(get("/fr"));
    expect(renders).toBe(2);
  });

  it("lets a page live no longer than the oldest value it shows", async () => {
    await read(get("/fr", { dataAgeMs: 9_000 }));
    clock += 900;
    await read(get("/fr"));
    expect(renders).toBe(1);
    clock += 200;
    await read(get("/fr"));
    expect(renders).toBe(2);
    clock += 9_900;
    await read(get("/fr"));
    expect(renders).toBe(2);
  });

  it("keeps a bounded number of pages and bytes, dropping the least recently used", async () => {
    for (const path of ["/fr/1", "/fr/2", "/fr/3", "/fr/4"]) await read(get(path));
    expect(cache.size().pages).toBe(3);
    await read(get("/fr/1"));
    expect(renders).toBe(5);
    for (let index = 0; index < 10; index += 1) {
      await read(get(`/fr/big${index}`, { text: "y".repeat(30_000) }));
    }
    expect(cache.size().bytes).toBeLessThanOrEqual(64 * 1024);
  });

  it("answers a HEAD from a kept page, without a body, and never keeps one", async () => {
    await read(get("/fr", {}, { method: "HEAD" }));
    await read(get("/fr", {}, { method: "HEAD" }));
    expect(renders).toBe(2);
    await read(get("/fr"));
    const head = await read(get("/fr", {}, { method: "HEAD" }));
    expect(renders).toBe(3);
    expect(head.body).toBe("");
    expect(head.answer.headers.get("content-security-policy")).toContain("'nonce-");
  });
});
