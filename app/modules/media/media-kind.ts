/** What a file is, for the media pipeline and the catalog: each kind has its own previews. */
export type MediaKind = "image" | "video" | "audio" | "document" | "vector" | "model";

const vectorTypes = new Set([
  "image/svg+xml",
  "application/postscript",
  "application/eps",
  "application/x-eps",
  "image/eps",
  "image/x-eps",
  "application/illustrator",
  "application/vnd.adobe.illustrator",
]);

/**
 * The kind of a file from its type (detected from the bytes) and, for one case, its name:
 * Illustrator files are PDFs inside, so a PDF named `*.ai` is a vector. Any other type is a
 * document; the media pipeline refuses the types it does not know.
 */
export function mediaKindOf(mime: string, fileName: string): MediaKind {
  const type = (mime.split(";")[0] ?? "").trim().toLowerCase();
  if (vectorTypes.has(type)) return "vector";
  if (type === "application/pdf") return /\.ai$/i.test(fileName.trim()) ? "vector" : "document";
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("video/")) return "video";
  if (type.startsWith("audio/")) return "audio";
  if (type.startsWith("model/")) return "model";
  return "document";
}
