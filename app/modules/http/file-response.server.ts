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

/** Streams a stored file, honouring one byte range (players seek in clips and audio). */
export function fileResponse(file: StoredFile, request: Request, cacheControl: string): Response {
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Accept-Ranges": "bytes",
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
  });
  const range = parseRange(request.headers.get("range"), file.size);
  if (range === "invalid") {
    headers.set("Content-Range", `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  const body = (stream: Readable) =>
    request.method === "HEAD" ? null : (Readable.toWeb(stream) as ReadableStream<Uint8Array>);
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return new Response(body(file.open(range)), { status: 206, headers });
  }
  headers.set("Content-Length", String(file.size));
  return new Response(body(file.open()), { status: 200, headers });
}
