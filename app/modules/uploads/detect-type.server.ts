import fs from "node:fs/promises";
import { fileTypeFromFile } from "file-type";

const sniffBytes = 4096;

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
  if (detected) return detected.mime;
  const text = (await head(filePath)).toString("utf8").replace(/^\uFEFF/, "");
  const markup = text.replace(/<\?xml[^>]*>|<!--[\s\S]*?-->|<!DOCTYPE svg[^>]*>/gi, "").trimStart();
  if (/^<svg[\s>]/i.test(markup)) return "image/svg+xml";
  if (/^<(!doctype html|html|head|body|script)[\s>]/i.test(markup)) return "text/html";
  // eslint-disable-next-line no-control-regex
  return /^[^\u0000-\u0008\u000e-\u001f]*$/.test(text) ? "text/plain" : "application/octet-stream";
}
