import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { brotliDecompressSync, createGunzip, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { compressResponse } from "../../server/compress.js";
import { fileResponse } from "~/modules/http/file-response.server";
import type { StoredFile } from "~/modules/storage/file-storage.server";

const page = `<!DOCTYPE html><html><body>${"<p>Vitrine, photos et vidéos</p>".repeat(200)}</body></html>`;

function request(acceptEncoding: string | null, method = "GET") {
  const headers = new Headers(acceptEncoding === null ? {} : { "Accept-Encoding": acceptEncoding });
  return new Request("http://localhost/fr", { method, headers });
}

function html(headers: Record<string, string> = {}, status = 200) {
  return new Response(page, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", ...headers },
  });
}

async function bodyBytes(response: Response) {
  return Buffer.from(await response.arrayBuffer());
}

describe("pages and data answers", () => {
  it("go out in brotli when the client accepts it, gzip otherwise, with Vary and no length", async () => {
    const brotli = compressResponse(
      request("gzip, deflate, br, zstd"),
      html({ "Content-Length": String(Buffer.byteLength(page)), "X-Request-Id": "kept" }),
    );
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("vary")).toBe("Accept-Encoding");
    expect(brotli.headers.get("content-length")).toBeNull();
    expect(brotli.headers.get("x-request-id")).toBe("kept");
    const brotliBytes = await bodyBytes(brotli);
    expect(brotliBytes.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(brotliBytes).toString()).toBe(page);

    const gzip = compressResponse(request("gzip"), html({ Vary: "Cookie" }));
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(gunzipSync(await bodyBytes(gzip)).toString()).toBe(page);

    // React Router's `.data` answers and JSON.
    const data = compressResponse(
      request("br;q=0, gzip"),
      new Response(page, { headers: { "Content-Type": "text/x-script" } }),
    );
    expect(data.headers.get("content-encoding")).toBe("gzip");
    const json = compressResponse(request("br"), Response.json({ page }));
    expect(json.headers.get("content-encoding")).toBe("br");
    expect(JSON.parse(brotliDecompressSync(await bodyBytes(json)).toString())).toEqual({ page });
  });

  it("keep Set-Cookie headers apart and the status as it was", async () => {
    const headers = new Headers({ "Content-Type": "text/html" });
    headers.append("Set-Cookie", "a=1; Path=/");
    headers.append("Set-Cookie", "b=2; Path=/");
    const compressed = compressResponse(
      request("gzip"),
      new Response(page, { status: 404, headers }),
    );
    expect(compressed.status).toBe(404);
    expect(compressed.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("go out as they are, with Vary, to a client that accepts neither", async () => {
    for (const accept of [null, "identity", "deflate", "gzip;q=0, br;q=0", "*;q=0"]) {
      const response = compressResponse(request(accept), html());
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(await response.text()).toBe(page);
    }
  });

  it("leave the stream's parts flowing: each burst reaches the client before the next is written", async () => {
    // The second part is only written once the client has decoded the first, as React writes
    // a suspended part once its data arrives.
    let firstDecoded!: () => void;
    const clientHasFirst = new Promise<void>((resolve) => (firstDecoded = resolve));
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode("<html><body>shell "));
        controller.enqueue(encoder.encode("still the shell|"));
        await clientHasFirst;
        controller.enqueue(encoder.encode("the suspended part</body></html>"));
        controller.close();
      },
    });
    const response = compressResponse(
      request("gzip"),
      new Response(body, { headers: { "Content-Type": "text/html" } }),
    );
    const decoder = createGunzip();
    Readable.fromWeb(response.body! as never).pipe(decoder);
    let decoded = "";
    decoder.setEncoding("utf8");
    decoder.on("data", (text: string) => {
      decoded += text;
      if (decoded.endsWith("shell|")) firstDecoded();
    });
    await new Promise((resolve) => decoder.on("end", resolve));
    expect(decoded).toBe("<html><body>shell still the shell|the suspended part</body></html>");
  });

  it.each(["br", "gzip"])(
    "stop the page's rendering when the client goes away, and nothing else breaks (%s)",
    async (accept) => {
      let cancelled!: () => void;
      const sourceCancelled = new Promise<void>((resolve) => (cancelled = resolve));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(page));
          // The rest never comes: the client leaves first.
        },
        cancel: () => cancelled(),
      });
      const response = compressResponse(
        request(accept),
        new Response(body, { headers: { "Content-Type": "text/html" } }),
      );
      const reader = response.body!.getReader();
      expect((await reader.read()).value!.length).toBeGreaterThan(0);
      await reader.cancel();
      await sourceCancelled;
      // An error event nobody listened to would surface here, failing the run.
      await new Promise((resolve) => setImmediate(resolve));
    },
  );
});

describe("answers never compressed", () => {
  const all = "gzip, deflate, br, zstd";
  const cases: Array<[string, () => Response]> = [
    [
      "Server-Sent Events",
      () => new Response(page, { headers: { "Content-Type": "text/event-stream; charset=utf-8" } }),
    ],
    [
      "a download original (an attachment)",
      () =>
        html({
          "Content-Type": "text/plain",
          "Content-Disposition": 'attachment; filename="notes.txt"',
        }),
    ],
    [
      "a CSV export",
      () =>
        html({ "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="t.csv"' }),
    ],
    ["an image", () => html({ "Content-Type": "image/jpeg" })],
    ["a video", () => html({ "Content-Type": "video/mp4" })],
    ["audio", () => html({ "Content-Type": "audio/mpeg" })],
    ["a PDF", () => html({ "Content-Type": "application/pdf" })],
    [
      "a tus upload's answer",
      () => html({ "Tus-Resumable": "1.0.0", "Content-Type": "text/plain" }),
    ],
    ["an answer already encoded", () => html({ "Content-Encoding": "gzip" })],
    [
      "a small answer",
      () =>
        new Response("ok", { headers: { "Content-Type": "text/plain", "Content-Length": "2" } }),
    ],
    ["a 204", () => new Response(null, { status: 204 })],
    ["a 304", () => new Response(null, { status: 304, headers: { "Content-Type": "text/html" } })],
    [
      "a redirect without body",
      () => new Response(null, { status: 302, headers: { Location: "/fr" } }),
    ],
  ];
  it.each(cases)("%s", async (_name, make) => {
    const original = make();
    const response = compressResponse(request(all), original);
    expect(response).toBe(original);
    expect(response.headers.get("vary")).toBeNull();
  });

  it("the answer to a HEAD request", () => {
    const original = html();
    expect(compressResponse(request(all, "HEAD"), original)).toBe(original);
  });

  describe("media previews, which players fetch in byte ranges", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-compress-"));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    // A text-like preview (an SVG) would otherwise be compressible: ranges decide.
    const file = path.join(dir, "preview.svg");
    fs.writeFileSync(file, `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(1000)}</svg>`);
    const stored: StoredFile = {
      size: fs.statSync(file).size,
      contentType: "image/svg+xml",
      open: (range?: { start: number; end: number }) => fs.createReadStream(file, range),
    };

    it.each([null, "bytes=0-99"])("range %s", async (range) => {
      const mediaRequest = new Request("http://localhost/media/x/preview", {
        headers: { "Accept-Encoding": all, ...(range ? { Range: range } : {}) },
      });
      const original = fileResponse(stored, mediaRequest, "public, max-age=3600");
      const response = compressResponse(mediaRequest, original);
      expect(response).toBe(original);
      await response.body?.cancel();
    });
  });
});
