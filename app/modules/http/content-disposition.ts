/** A file name safe in a header: no path, no quotes or control characters. */
export function safeFileName(name: string): { ascii: string; encoded: string } {
  const base = name.split(/[\\/]/).pop() || "download";
  const cleaned =
    [...base]
      .filter((char) => char.charCodeAt(0) >= 0x20 && char !== "\u007f" && char !== '"')
      .join("")
      .trim() || "download";
  const ascii = cleaned
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/[;%]/g, "_");
  return { ascii, encoded: encodeURIComponent(cleaned) };
}

/**
 * `attachment` with the file's name: an ASCII fallback, and the real name in RFC 5987's
 * `filename*` for non-ASCII names. The same text goes in our own answers and in the
 * ResponseContentDisposition of a presigned S3 URL.
 */
export function attachmentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  return `attachment; filename="${name.ascii}"; filename*=UTF-8''${name.encoded}`;
}
