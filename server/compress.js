// Compresses what React Router answers (pages, `.data` requests, JSON, XML) on the fly, brotli
// for the clients that accept it, else gzip (decision record 0044). Built files are compressed
// at build time instead (scripts/precompress.js); download originals never pass through here
// (server/send-file.js).
//
// React streams a page: the shell first, then each suspended part as its data arrives. Every
// burst of chunks is flushed out of the compressor as soon as the writer pauses, so that
// compressing never holds back a part the browser could already show.
import { Readable } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";

/** Below this, the encoding's own bytes and the CPU cost more than they save. */
const minimumBytes = 1024;

// Text formats (React Router's `.data` responses are text/x-script), except Server-Sent Events,
// which must reach the browser event by event.
const compressibleType =
  /^(?:text\/(?!event-stream\b)[\w.+-]+|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

/**
 * Whether `response` may go out compressed, whatever the client accepts: a text body of some
 * size that is not already encoded, not a byte range of a file (media previews and clips, which
 * players fetch in ranges), not an attachment (downloads, exports, receipts) and not a tus
 * upload's answer.
 */
function isCompressible(response) {
  const { headers } = response;
  // 204, 304 and redirects have no body; 206 carries a Content-Range.
  if (!response.body) return false;
  if (headers.has("content-encoding") || headers.has("content-range")) return false;
  if (headers.get("accept-ranges")?.toLowerCase() === "bytes") return false;
  if (/^\s*attachment/i.test(headers.get("content-disposition") ?? "")) return false;
  if (headers.has("tus-resumable")) return false;
  if (!compressibleType.test(headers.get("content-type") ?? "")) return false;
  const length = headers.get("content-length");
  return length === null || Number(length) >= minimumBytes;
}

/** Whether an Accept-Encoding header allows each encoding, by its q-values. */
function acceptedEncodings(acceptEncoding) {
  const weights = new Map();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  return (name) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
}

/** `br` if the Accept-Encoding header allows it, else `gzip` if it allows that, else null. */
function preferredEncoding(acceptEncoding) {
  const accepts = acceptedEncodings(acceptEncoding);
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

/**
 * Whether the client accepts gzip: a kept page (decision record 0061) then goes out gzipped
 * from its pieces compressed once, even to a client that also accepts brotli, rather than
 * compressed again for each response.
 */
export function acceptsGzip(request) {
  return acceptedEncodings(request.headers.get("accept-encoding"))("gzip");
}

// Fast settings: a page is compressed on every request, while the client waits. Brotli 5 is
// about 10 % smaller than gzip 6 on our pages; brotli 4 is no smaller than gzip, brotli 11 costs
// more than rendering. A 256 KiB window (lgwin 18) instead of the default 4 MiB: each page gets
// its own encoder, and setting up the large one halved the requests per second of light pages
// (decision record 0044).
function createEncoder(encoding) {
  return encoding === "br"
    ? createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_LGWIN]: 18,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : createGzip({ level: 6 });
}

/** `body` compressed, each burst of chunks flushed once the next one is not already there. */
function encode(body, encoding) {
  const encoder = createEncoder(encoding);
  // A sync flush ends the current block but keeps the dictionary: little is lost in size.
  const flushKind = encoding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let flushPending = false;
  function flushSoon() {
    if (flushPending) return;
    flushPending = true;
    // Chunks already queued arrive within the same turn of the event loop; a flush after each
    // one would cost bytes for nothing.
    setImmediate(() => {
      flushPending = false;
      if (!encoder.destroyed) encoder.flush(flushKind);
    });
  }
  // The client going away destroys the encoder (through the web stream below): the body is
  // cancelled then, which stops React's rendering. The encoder's errors (that abort, or the
  // body failing) end the web stream below; they must not also crash the process as an
  // unheard 'error' event.
  const reader = body.getReader();
  encoder.on("error", () => {});
  encoder.once("close", () => reader.cancel().catch(() => {}));
  (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || encoder.destroyed) break;
        flushSoon();
        if (!encoder.write(value)) await drainedOrClosed(encoder);
      }
      if (!encoder.destroyed) encoder.end();
    } catch (error) {
      encoder.destroy(error);
    }
  })();
  return Readable.toWeb(encoder);
}

function drainedOrClosed(stream) {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}

/** `response`, compressed when it and the client allow it, with `Vary: Accept-Encoding`. */
export function compressResponse(request, response) {
  if (request.method === "HEAD" || !isCompressible(response)) return response;
  const headers = new Headers(response.headers);
  const vary = headers.get("vary");
  if (!vary) headers.set("Vary", "Accept-Encoding");
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) {
    headers.set("Vary", `${vary}, Accept-Encoding`);
  }
  const encoding = preferredEncoding(request.headers.get("accept-encoding"));
  if (!encoding) {
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  return new Response(encode(response.body, encoding), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
