import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  freshPostgresDatabase,
  spawnServer,
  stopServer,
  untilListening,
  type ServerProcess,
} from "../support/server-process";

// The production server itself (after `npm run build`): the built files' compressed copies are
// served by its static handler, pages are compressed on their way out of React Router.
const onPostgres = Boolean(process.env.DATABASE_URL);
const assetsDir = path.resolve("build/client/assets");
const everyEncoding = "gzip, deflate, br, zstd";
let server: ServerProcess;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;

beforeAll(async () => {
  database = onPostgres ? await freshPostgresDatabase() : undefined;
  // The demo install: products with their previews, once its worker has processed them.
  const port = await freePort();
  server = await spawnServer(
    {
      DATABASE_URL: database?.url ?? "",
      BASE_URL: `http://127.0.0.1:${port}`,
      DEMO_CONTENT: "true",
      LOG_LEVEL: "warn",
    },
    { port },
  );
  await untilListening(server, 120_000);
}, 150_000);

afterAll(async () => {
  await stopServer(server);
  await database?.drop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

/** A GET as sent on the wire: only the Accept-Encoding given, the body left encoded. */
function getRaw(pathname: string, acceptEncoding?: string, cookie?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const headers = {
        ...(acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding }),
        ...(cookie === undefined ? {} : { Cookie: cookie }),
      };
      http
        .get(`${server.baseUrl}${pathname}`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on("error", reject);
        })
        .on("error", reject);
    },
  );
}

function decode(response: { headers: http.IncomingHttpHeaders; body: Buffer }) {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.body);
  if (encoding === "gzip") return gunzipSync(response.body);
  expect(encoding).toBeUndefined();
  return response.body;
}

describe("built files", () => {
  const compressible = fs
    .readdirSync(assetsDir)
    .filter((name) => /\.(js|css|svg|json)$/.test(name))
    .map((name) => ({ name, bytes: fs.readFileSync(path.join(assetsDir, name)) }));
  const copies = [
    {
      suffix: ".br",
      encode: (bytes: Buffer) =>
        brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
    },
    { suffix: ".gz", encode: (bytes: Buffer) => gzipSync(bytes, { level: 9 }) },
  ];
  const hasCopy = (name: string, suffix: string) =>
    fs.existsSync(path.join(assetsDir, `${name}${suffix}`));

  it("every compressible asset has its .br and .gz copies, unless compressing does not shrink it", () => {
    expect(compressible.length).toBeGreaterThan(10);
    expect(compressible.some(({ name }) => name.endsWith(".css"))).toBe(true);
    expect(compressible.filter(({ name }) => hasCopy(name, ".br")).length).toBeGreaterThan(10);
    for (const { name, bytes } of compressible) {
      for (const { suffix, encode } of copies) {
        const shrinks = encode(bytes).length < bytes.length;
        expect(hasCopy(name, suffix), `${name}${suffix}`).toBe(shrinks);
      }
    }
  });

  it("are sent in the encoding asked for, and as they are when none is, decoding to the same bytes", async () => {
    for (const { name, bytes } of compressible) {
      const gzip = hasCopy(name, ".gz") ? "gzip" : undefined;
      for (const [accept, expected] of [
        [everyEncoding, hasCopy(name, ".br") ? "br" : gzip],
        ["gzip", gzip],
        [undefined, undefined],
      ] as const) {
        const response = await getRaw(`/assets/${name}`, accept);
        expect(response.status, name).toBe(200);
        expect(response.headers["content-encoding"], `${name} for ${accept}`).toBe(expected);
        expect(response.headers.vary).toBe("Accept-Encoding");
        expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(response.headers["content-type"]).toMatch(
          /^(text\/javascript|text\/css|image\/svg\+xml|application\/json)/,
        );
        if (expected) expect(response.body.length).toBeLessThan(bytes.length);
        expect(decode(response).equals(bytes), name).toBe(true);
      }
    }
  });
});

/** The marketplace's HTML once it lists a product (its photo processed by the worker). */
async function listingWithProducts() {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const response = await getRaw("/fr/marketplace", "br");
    expect(response.status).toBe(200);
    const listing = decode(response).toString();
    if (/href="\/fr\/product\//.test(listing) || Date.now() > deadline) return listing;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("pages and data requests", () => {
  let productPath: string;
  let mediaPath: string;

  beforeAll(async () => {
    const listing = await listingWithProducts();
    productPath = listing.match(/href="(\/fr\/product\/[0-9a-f-]{36})"/)![1]!;
    // Preview URLs carry their content version (?v=…) so they can be cached for good.
    mediaPath = listing.match(/src="(\/media\/[0-9a-f-]{36}\/\w+(?:\?v=[0-9a-f]+)?)"/)![1]!;
  }, 100_000);

  // A cookie the app does not know: the page is rendered for this request, not served from the
  // pages kept for visitors (decision record 0061).
  const rendered = "unknown=1";

  it("are compressed when asked, keep their headers, and decode to the whole page", async () => {
    for (const pathname of ["/fr", "/fr/marketplace", productPath]) {
      for (const [accept, expected] of [
        [everyEncoding, "br"],
        ["gzip", "gzip"],
      ] as const) {
        const response = await getRaw(pathname, accept, rendered);
        expect(response.status, pathname).toBe(200);
        expect(response.headers["content-encoding"], pathname).toBe(expected);
        expect(response.headers.vary).toMatch(/Accept-Encoding/);
        expect(response.headers["content-length"]).toBeUndefined();
        expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
        expect(response.headers["content-security-policy"]).toMatch(/script-src 'nonce-/);
        const page = decode(response).toString();
        expect(page).toMatch(/^<!DOCTYPE html>/);
        expect(page).toMatch(/<\/html>$/);
        // Compressed to under a third on the wire.
        expect(response.body.length).toBeLessThan(page.length / 3);
      }
      const plain = await getRaw(pathname, undefined, rendered);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);
      expect(plain.body.toString()).toMatch(/<\/html>$/);
    }
  });

  it("kept for visitors, go out gzipped to whoever accepts gzip, else as asked, each with a nonce of its own", async () => {
    const nonces = new Set<string>();
    /** One response checked whatever its form; whether it came from a kept page. */
    async function visit(
      pathname: string,
      accept: string | undefined,
      expected: string | undefined,
    ) {
      const response = await getRaw(pathname, accept);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.vary).toMatch(/^Accept-Encoding$/i);
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers["x-frame-options"]).toBe("DENY");
      const policy = String(response.headers["content-security-policy"]);
      const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
      expect(nonces.has(nonce), "a nonce sent twice").toBe(false);
      nonces.add(nonce);
      const page = decode(response).toString();
      expect(page).toMatch(/^<!DOCTYPE html>/);
      expect(page).toMatch(/<\/html>$/);
      const inPage = new Set([...page.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
      expect([...inPage]).toEqual([nonce]);
      if (response.headers["content-encoding"]) {
        expect(response.body.length).toBeLessThan(page.length / 3);
      }
      return response.headers["content-encoding"] === expected;
    }
    const forms: Array<[string | undefined, string | undefined]> = [
      [everyEncoding, "gzip"],
      ["gzip", "gzip"],
      ["br", "br"],
      [undefined, undefined],
      [everyEncoding, "gzip"],
    ];
    for (const pathname of ["/fr", "/fr/marketplace", productPath]) {
      // The first visitor's page is rendered and kept, the next ones are served from it. The
      // demo's media jobs may still be finishing: each one drops the kept pages (a new
      // preview), and the next visitor's page is rendered (brotli) and kept again.
      let allKept = false;
      for (let round = 0; round < 20 && !allKept; round += 1) {
        await getRaw(pathname);
        allKept = true;
        for (const [accept, expected] of forms) {
          if (!(await visit(pathname, accept, expected))) allKept = false;
        }
      }
      expect(allKept, `${pathname}: served from the kept page in every form`).toBe(true);
    }
  });

  it("a .data request is compressed and decodes to React Router's data", async () => {
    const response = await getRaw("/fr/marketplace.data", "gzip, br");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/x-script");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(decode(response).toString()).toContain("routes/marketplace");
  });

  it("media previews are sent as they are, whole or in ranges", async () => {
    const whole = await getRaw(mediaPath, everyEncoding);
    expect(whole.status).toBe(200);
    expect(whole.headers["content-type"]).toMatch(/^image\//);
    expect(whole.headers["content-encoding"]).toBeUndefined();
    expect(whole.body.length).toBe(Number(whole.headers["content-length"]));
    const range = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `${server.baseUrl}${mediaPath}`,
          { headers: { "Accept-Encoding": everyEncoding, Range: "bytes=0-99" } },
          resolve,
        )
        .on("error", reject);
    });
    range.resume();
    expect(range.statusCode).toBe(206);
    expect(range.headers["content-encoding"]).toBeUndefined();
  });
});

describe("Server-Sent Events", () => {
  it("are never compressed and the first message arrives at once", async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/catalogue/events`, {
      headers: { "Accept-Encoding": everyEncoding },
      signal: controller.signal,
    });
    try {
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(response.headers.get("content-encoding")).toBeNull();
      // The stream stays open: this read only resolves because the message was sent as is.
      const reader = response.body!.getReader();
      const { value } = await reader.read();
      expect(new TextDecoder().decode(value)).toContain("retry: 2000");
    } finally {
      controller.abort();
    }
  });
});
