import { createHash } from "node:crypto";

/**
 * The tus checksum extension, which @tus/server does not implement: a PATCH may carry
 * `Upload-Checksum: <algorithm> <base64 digest>` of its body; a body that does not match is
 * refused with 460 and not appended, so a corrupted chunk never reaches the stored original.
 */
export const checksumAlgorithms = ["sha1", "sha256", "md5"] as const;

/**
 * The largest checksummed chunk: such a body is held in memory until its digest is known.
 * tus-js-client sends 32 MiB chunks; an unchecked body is still streamed to disk.
 */
export const maxChecksummedChunkBytes = 64 * 1024 * 1024;

const tusHeaders = { "Tus-Resumable": "1.0.0", "Content-Type": "text/plain" };

function refusal(status: number, text: string): Response {
  return new Response(text, { status, headers: tusHeaders });
}

/** The request's body, or null as soon as it is longer than `limit` bytes. */
async function readAtMost(request: Request, limit: number): Promise<Buffer | null> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) return null;
  const chunks: Uint8Array[] = [];
  let length = 0;
  if (request.body) {
    for await (const chunk of request.body) {
      length += chunk.length;
      if (length > limit) return null;
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks);
}

/**
 * Checks a PATCH's `Upload-Checksum` against its body. Returns the request to hand on (with the
 * body already read when it was checked), or the refusal to send instead.
 */
export async function checkUploadChecksum(request: Request): Promise<Request | Response> {
  const header = request.headers.get("upload-checksum");
  if (request.method !== "PATCH" || header === null) return request;
  const [algorithm, digest, ...rest] = header.trim().split(/\s+/);
  if (!algorithm || !digest || rest.length > 0)
    return refusal(400, "Upload-Checksum must be '<algorithm> <base64 digest>'");
  if (!(checksumAlgorithms as readonly string[]).includes(algorithm))
    return refusal(400, `Unsupported checksum algorithm: ${algorithm}`);
  const body = await readAtMost(request, maxChecksummedChunkBytes);
  if (!body) return refusal(413, "A checksummed chunk must be 64 MiB at most");
  const actual = createHash(algorithm).update(body).digest("base64");
  if (actual !== digest) return refusal(460, "Checksum Mismatch");
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: new Uint8Array(body),
  });
}

/** Announces the extension on the server's OPTIONS answer. */
export function announceChecksum(response: Response): Response {
  const extensions = response.headers.get("tus-extension");
  if (extensions === null) return response;
  const headers = new Headers(response.headers);
  headers.set("Tus-Extension", `${extensions},checksum`);
  headers.set("Tus-Checksum-Algorithm", checksumAlgorithms.join(","));
  return new Response(response.body, { status: response.status, headers });
}
