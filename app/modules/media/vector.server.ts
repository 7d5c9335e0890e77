import fs from "node:fs/promises";
import path from "node:path";
import type { Metadata } from "sharp";
import type { MediaMetadata } from "~/modules/db/schema";
import { readBytes, removeQuietly } from "./files.server";
import {
  epsBoundingBox,
  epsPostScriptOffset,
  readPdfInfo,
  renderFirstPage,
  type PageBox,
} from "./ghostscript.server";
import { MediaInputError } from "./media-errors";
import type { MediaStep } from "./media-step.server";
import { previewSpec, sharpInputError, writeRasterOutputs } from "./raster.server";
import { loadSharp } from "./sharp.server";

/** librsvg reads a whole SVG into memory to parse it; an illustration is far below this. */
export const maxSvgBytes = 20 * 1024 * 1024;
/** Resolution when a vector's size is unknown (an EPS without a bounding box). */
const fallbackDpi = 150;
/** How far the EPS header is searched for its bounding box. */
const epsHeadBytes = 64 * 1024;

/**
 * The scale, in dots per inch (72 = 1:1), that renders a vector of this natural size exactly
 * into the preview's box: one render, sharp enough for the preview, no bigger.
 */
function fittingDpi(box: PageBox): number {
  const scale = Math.min(previewSpec.maxWidth / box.width, previewSpec.maxHeight / box.height);
  return Math.min(10_000, Math.max(1, 72 * scale));
}

async function processSvg(filePath: string, workDir: string) {
  const { size } = await fs.stat(filePath);
  if (size > maxSvgBytes) throw new MediaInputError("tooLarge", `${size} bytes of SVG`);
  // From a Buffer, librsvg has no base location, so it resolves no reference to another file:
  // given the path, `<image href="other-upload">` would draw the upload stored beside it.
  // It never fetches from the network either way.
  const svg = await fs.readFile(filePath);
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(svg).metadata();
  } catch (error) {
    throw sharpInputError(error);
  }
  const box = { width: metadata.width, height: metadata.height };
  if (!box.width || !box.height) throw new MediaInputError("corrupt", "the SVG has no size");
  const outputs = await writeRasterOutputs(
    svg,
    { density: fittingDpi(box) },
    workDir,
    "preview.jpg",
  );
  return { format: "svg", box, outputs };
}

/** An EPS or PostScript file, or a PDF-based Illustrator file, rendered by Ghostscript. */
async function processGhostscript(filePath: string, workDir: string) {
  const head = await readBytes(filePath, epsHeadBytes);
  // Judged from the bytes: Ghostscript itself picks its PDF or PostScript interpreter that way.
  const isPdf = head.subarray(0, 1024).includes("%PDF-");
  let box: PageBox | undefined;
  if (isPdf) {
    box = (await readPdfInfo(filePath)).box;
  } else {
    const offset = epsPostScriptOffset(head);
    box = epsBoundingBox(offset > 0 ? await readBytes(filePath, epsHeadBytes, offset) : head);
  }
  const dpi = box ? fittingDpi(box) : fallbackDpi;
  const png = path.join(workDir, ".vector-render.png");
  try {
    await renderFirstPage(filePath, png, { resolution: dpi, eps: !isPdf });
    const rendered = await (await loadSharp())(png).metadata();
    const natural = box ?? {
      width: (rendered.width * 72) / dpi,
      height: (rendered.height * 72) / dpi,
    };
    const outputs = await writeRasterOutputs(png, {}, workDir, "preview.jpg");
    const isEps =
      epsPostScriptOffset(head) > 0 || /^%!PS-Adobe-\S+ EPSF-/.test(head.toString("latin1", 0, 40));
    return { format: isPdf ? "ai" : isEps ? "eps" : "ps", box: natural, outputs };
  } finally {
    await removeQuietly(png);
  }
}

/**
 * An SVG (rasterised by librsvg inside sharp), EPS or Illustrator file (by Ghostscript): the
 * first page is rendered to fit the preview, then gets the same thumbnail and watermarked
 * preview as a photo. Width and height are the artwork's natural size at 72 dpi (CSS pixels for
 * SVG, points for EPS and AI), not the size it happened to be rendered at.
 */
export const processVector: MediaStep = async ({ path: filePath, mime, workDir }) => {
  const type = mime.toLowerCase();
  const { format, box, outputs } =
    type === "image/svg+xml"
      ? await processSvg(filePath, workDir)
      : await processGhostscript(filePath, workDir);
  const metadata: MediaMetadata = {
    format,
    width: Math.round(box.width),
    height: Math.round(box.height),
    dominantColors: outputs.dominantColors,
    watermarked: true,
  };
  return {
    metadata,
    files: { thumbnail: outputs.thumbnail, preview: outputs.watermarked, ...outputs.webp },
  };
};
