import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedFileSender } from "../../server/send-file.js";

const uploadId = "0b6f9a4e-3c2d-4e1f-9a8b-7c6d5e4f3a2b";
// Two and a half 1 MiB chunks and a few bytes: a last chunk shorter than the others.
const bytes = randomBytes(2.5 * 1024 * 1024 + 123);
let dir: string;
let file: string;
let server: http.Server;
let base: string;
let announcedSize = bytes.length;

const sha = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "send-file-"));
  file = path.join(dir, "original");
  await fs.writeFile(file, bytes);
  // The app's checks stand behind `signedDownload`: here, a link is genuine when s=ok.
  const sendSignedFile = createSignedFileSender({
    async signedDownload(id: string, params: URLSearchParams) {
      if (id !== uploadId) return null;
      // Files in an object store: the checks passed, the answer is the store's presigned URL.
      if (params.get("s") === "bucket") {
        const presigned = "http://bucket.example/uploads/x?X-Amz-Signature=abc";
        return {
          redirect: presigned,
          headers: new Headers({ Location: presigned, "Cache-Control": "no-store" }),
        };
      }
      if (params.get("s") !== "ok") return null;
      return {
        path: file,
        size: announcedSize,
        headers: new Headers({
          "Content-Length": String(announcedSize),
          "Content-Disposition": 'attachment; filename="original.bin"',
          "X-Content-Type-Options": "nosniff",
          "Cache-Control": "no-store",
        }),
      };
    },
  });
  server = http.createServer((req, res) => {
    void sendSignedFile(req, res).then((sent) => {
      if (!sent) res.writeHead(404).end("router");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await fs.rm(dir, { recursive: true, force: true });
});

describe("the production server's sending of signed download links", () => {
  it("sends the whole file, byte for byte, with the link's headers", async () => {
    const response = await fetch(`${base}/downloads/${uploadId}/file?s=ok`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="original.bin"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(sha(new Uint8Array(await response.arrayBuffer()))).toBe(sha(bytes));
  });

  it("redirects to the object store's presigned URL when the file is in a bucket", async () => {
    const response = await fetch(`${base}/downloads/${uploadId}/file?s=bucket`, {
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      "http://bucket.example/uploads/x?X-Amz-Signature=abc",
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers HEAD without a body", async () => {
    const response = await fetch(`${base}/downloads/${uploadId}/file?s=ok`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
  });

  it("leaves other paths, other methods and refused links to the router", async () => {
    for (const [url, method] of [
      [`/downloads/${uploadId}/file?s=forged`, "GET"],
      [`/downloads/${uploadId}/file?s=ok`, "POST"],
      [`/downloads/${uploadId}?s=ok`, "GET"],
      [`/downloads/../${uploadId}/file?s=ok`, "GET"],
    ] as const) {
      const response = await fetch(`${base}${url}`, { method });
      expect(response.status, url).toBe(404);
      expect(await response.text()).toBe("router");
    }
  });

  it("survives a client that leaves mid-way, and cuts a file shorter than announced", async () => {
    const aborted = new AbortController();
    const partial = await fetch(`${base}/downloads/${uploadId}/file?s=ok`, {
      signal: aborted.signal,
    });
    await partial.body!.getReader().read();
    aborted.abort();
    const again = await fetch(`${base}/downloads/${uploadId}/file?s=ok`);
    expect(sha(new Uint8Array(await again.arrayBuffer()))).toBe(sha(bytes));

    announcedSize = bytes.length + 10;
    try {
      const short = await fetch(`${base}/downloads/${uploadId}/file?s=ok`);
      await expect(short.arrayBuffer()).rejects.toThrow();
    } finally {
      announcedSize = bytes.length;
    }
  });
});
