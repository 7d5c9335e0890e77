import path from "node:path";
import type { MediaMetadata } from "~/modules/db/schema";
import { maxPreviewPages, pageVariant, type PageVariant } from "./document-pages";
import { removeQuietly } from "./files.server";
import { readPdfInfo, renderPdfPages, type PageBox } from "./ghostscript.server";
import { MediaInputError } from "./media-errors";
import type { MediaFiles, MediaStep } from "./media-step.server";
import { previewSpec, writeRasterOutputs, writeWatermarkedPreview } from "./raster.server";
import { writeFileTile } from "./tiles.server";

/** The document types we read; an ebook's cover is its own image upload. */
const documentFormats: Record<string, { format: string; label: string }> = {
  "application/pdf": { format: "pdf", label: "PDF" },
  "application/epub+zip": { format: "epub", label: "EPUB" },
};

/**
 * How wide a page is drawn: text stays readable and the viewer shows a page at most 70 % of the
 * screen's height, while five pages cost about half of what the preview's 1280 px would.
 */
const pageWidth = 960;

/** The resolution that draws a page of this size `pageWidth` wide (A4 when unknown). */
function pageDpi(box: PageBox = { width: 595, height: 842 }): number {
  const scale = Math.min(pageWidth / box.width, previewSpec.maxHeight / box.height);
  return Math.min(600, Math.max(10, 72 * scale));
}

/**
 * A PDF's first pages drawn and watermarked (decision record 0058): page 1 gives the thumbnail,
 * the preview and their WebP copies, as a photo would; pages 2 to 5 a watermarked still each.
 */
async function renderPdfPreviews(
  filePath: string,
  workDir: string,
  info: { pages: number; box?: PageBox },
): Promise<{ count: number; files: MediaFiles }> {
  const count = Math.min(info.pages, maxPreviewPages);
  const rendered = await renderPdfPages(filePath, workDir, {
    resolution: pageDpi(info.box),
    count,
  });
  try {
    const first = await writeRasterOutputs(rendered[0]!, {}, workDir, "preview.jpg");
    const files: MediaFiles = {
      thumbnail: first.thumbnail,
      preview: first.watermarked,
      ...first.webp,
    };
    for (let page = 2; page <= count; page++) {
      const variant = pageVariant(page) as PageVariant;
      const file = path.join(workDir, `${variant}.jpg`);
      await writeWatermarkedPreview(rendered[page - 1]!, file);
      files[variant] = file;
    }
    return { count, files };
  } finally {
    await Promise.all(rendered.map(removeQuietly));
  }
}

/**
 * A PDF (page count from Ghostscript, its first pages rendered as watermarked previews) or an
 * EPUB (a generated document tile).
 */
export const processDocument: MediaStep = async ({ path: filePath, mime, workDir }) => {
  const known = documentFormats[mime.toLowerCase()];
  if (!known) throw new MediaInputError("unsupported", mime);
  const metadata: MediaMetadata = { format: known.format };
  if (known.format === "pdf") {
    const { pages, box, info } = await readPdfInfo(filePath);
    metadata.pages = pages;
    if (info.title) metadata.embeddedTitle = info.title.slice(0, 200);
    if (info.author) metadata.embeddedAuthor = info.author.slice(0, 200);
    if (info.subject) metadata.embeddedDescription = info.subject.slice(0, 2000);
    const keywords = info.keywords
      ?.split(/[;,]/)
      .map((k) => k.trim())
      .filter(Boolean);
    if (keywords?.length) metadata.embeddedKeywords = keywords.slice(0, 50);
    const previews = await renderPdfPreviews(filePath, workDir, { pages, box });
    metadata.previewPages = previews.count;
    metadata.watermarked = true;
    return { metadata, files: previews.files };
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
