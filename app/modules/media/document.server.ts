import path from "node:path";
import type { MediaMetadata } from "~/modules/db/schema";
import { readPdfInfo } from "./ghostscript.server";
import { MediaInputError } from "./media-errors";
import type { MediaStep } from "./media-step.server";
import { writeFileTile } from "./tiles.server";

/** The document types we read; an ebook's cover is its own image upload. */
const documentFormats: Record<string, { format: string; label: string }> = {
  "application/pdf": { format: "pdf", label: "PDF" },
  "application/epub+zip": { format: "epub", label: "EPUB" },
};

/** A PDF (page count from Ghostscript) or an EPUB, with a generated document tile. */
export const processDocument: MediaStep = async ({ path: filePath, mime, workDir }) => {
  const known = documentFormats[mime.toLowerCase()];
  if (!known) throw new MediaInputError("unsupported", mime);
  const metadata: MediaMetadata = { format: known.format };
  if (known.format === "pdf") {
    const { pages, info } = await readPdfInfo(filePath);
    metadata.pages = pages;
    if (info.title) metadata.embeddedTitle = info.title.slice(0, 200);
    if (info.author) metadata.embeddedAuthor = info.author.slice(0, 200);
    if (info.subject) metadata.embeddedDescription = info.subject.slice(0, 2000);
    const keywords = info.keywords
      ?.split(/[;,]/)
      .map((k) => k.trim())
      .filter(Boolean);
    if (keywords?.length) metadata.embeddedKeywords = keywords.slice(0, 50);
  }
  const thumbnail = path.join(workDir, "thumbnail.jpg");
  await writeFileTile("document", known.label, thumbnail);
  return { metadata, files: { thumbnail } };
};

/**
 * A 3D model (model/*): nothing is read from it yet, the thumbnail is a tile with the format
 * taken from the file's extension, or the type's subtype.
 */
export const processModel: MediaStep = async ({ mime, fileName, workDir }) => {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  const format = extension ?? mime.split("/")[1]?.split(/[;+]/)[0]?.toLowerCase() ?? "3d";
  const thumbnail = path.join(workDir, "thumbnail.jpg");
  await writeFileTile("model", format.toUpperCase(), thumbnail);
  return { metadata: { format }, files: { thumbnail } };
};
