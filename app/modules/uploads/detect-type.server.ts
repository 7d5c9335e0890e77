import fs from "node:fs/promises";
import { fileTypeFromFile, fileTypeFromStream } from "file-type";

/** How many leading bytes the markup checks read. */
export const sniffBytes = 4096;

async function head(filePath: string): Promise<Buffer> {
  const handle = await fs.open(filePath, "r");
  try {
    const buffer = Buffer.alloc(sniffBytes);
    const { bytesRead } = await handle.read(buffer, 0, sniffBytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The file's MIME type judged from its bytes, never from its name or the browser's word.
 * Binary formats come from their signatures; SVG and HTML, which are text, from their markup.
 */
export async function detectMimeType(filePath: string): Promise<string> {
  const detected = await fileTypeFromFile(filePath);
  return detected ? detected.mime : mimeFromMarkup(await head(filePath));
}

/**
 * The same judgement for bytes that are not in a local file (an object in S3): `open` gives a
 * stream from the first byte, which file-type reads only as far as it needs (the signal then
 * stops the rest); `head` gives the file's first `sniffBytes` bytes (fewer for a shorter file).
 */
export async function detectMimeTypeOfStream(
  open: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>,
  head: () => Promise<Buffer>,
): Promise<string> {
  const done = new AbortController();
  try {
    const detected = await fileTypeFromStream(await open(done.signal));
    if (detected) return detected.mime;
  } finally {
    done.abort();
  }
  return mimeFromMarkup(await head());
}

function mimeFromMarkup(bytes: Buffer): string {
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const markup = text.replace(/<\?xml[^>]*>|<!--[\s\S]*?-->|<!DOCTYPE svg[^>]*>/gi, "").trimStart();
  if (/^<svg[\s>]/i.test(markup)) return "image/svg+xml";
  if (/^<(!doctype html|html|head|body|script)[\s>]/i.test(markup)) return "text/html";
  // eslint-disable-next-line no-control-regex
  return /^[^\u0000-\u0008\u000e-\u001f]*$/.test(text) ? "text/plain" : "application/octet-stream";
}
