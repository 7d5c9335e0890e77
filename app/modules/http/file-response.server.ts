import { Readable } from "node:stream";
import type { StoredFile } from "../storage/file-storage.server";

/** A single byte range from a `Range` header, or null when absent; "invalid" when unsatisfiable. */
export function parseRange(header: string | null, size: number) {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return "invalid" as const;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(size - Number(match[2]), 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? ("invalid" as const) : { start, end };
}

/** Whether an `If-None-Match` header names this ETag (weak comparison, as for GET). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.trim() === "*" || header.split(",").some((tag) => bare(tag) === bare(etag));
}

/**
 * Streams a stored file, honouring one byte range (players seek in clips and audio) and its
 * ETag (a browser or CDN holding the same bytes gets 304 without them).
 */
export function fileResponse(file: StoredFile, request: Request, cacheControl: string): Response {
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Accept-Ranges": "bytes",
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
  });
  if (file.etag) {
    headers.set("ETag", file.etag);
    if (matches(request.headers.get("if-none-match"), file.etag)) {
      return new Response(null, { status: 304, headers });
    }
  }
  const range = parseRange(request.headers.get("range"), file.size);
  if (range === "invalid") {
    headers.set("Content-Range", `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  // Opened only when sent: on S3 opening is a request.
  const body = (open: () => Readable) =>
    request.method === "HEAD" ? null : (Readable.toWeb(open()) as ReadableStream<Uint8Array>);
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return new Response(
      body(() => file.open(range)),
      { status: 206, headers },
    );
  }
  headers.set("Content-Length", String(file.size));
  return new Response(
    body(() => file.open()),
    { status: 200, headers },
  );
}
