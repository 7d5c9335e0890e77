import path from "node:path";
import type { MediaMetadata } from "~/modules/db/schema";
import { readEmbeddedText } from "./embedded-metadata.server";
import { MediaInputError } from "./media-errors";
import {
  assertPixelCount,
  maxInputPixels,
  readRasterHeader,
  writeRasterOutputs,
  type RasterHeader,
} from "./raster.server";
import { readBytes, removeQuietly } from "./files.server";
import { runTool } from "./run-tool.server";
import type { MediaStep } from "./media-step.server";

const bmpTypes = new Set(["image/bmp", "image/x-bmp", "image/x-ms-bmp"]);
const svgType = "image/svg+xml";

/** A BMP's size from its header (sharp does not read BMP). */
export function bmpDimensions(head: Buffer): { width: number; height: number } | null {
  if (head.length < 26 || head.toString("latin1", 0, 2) !== "BM") return null;
  const infoSize = head.readUInt32LE(14);
  // OS/2 1.x headers use 16-bit sizes; every later header, 32-bit (a negative height is top-down).
  const size =
    infoSize === 12
      ? { width: head.readUInt16LE(18), height: head.readUInt16LE(20) }
      : infoSize >= 40
        ? { width: Math.abs(head.readInt32LE(18)), height: Math.abs(head.readInt32LE(22)) }
        : null;
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/**
 * The displayed size of a raster image read from its header alone, before any decoding, or
 * null for what has no pixel grid to judge (SVG, video, PDF…) or a header that cannot be read
 * (processing will say what is wrong). Throws `MediaInputError("tooManyPixels")` above
 * `maxInputPixels`.
 */
export async function checkImageDimensions(
  filePath: string,
  mime: string,
): Promise<{ width: number; height: number } | null> {
  const type = mime.toLowerCase();
  if (!type.startsWith("image/") || type === svgType) return null;
  if (bmpTypes.has(type)) {
    const size = bmpDimensions(await readBytes(filePath, 26));
    if (size) assertPixelCount(size.width, size.height);
    return size;
  }
  try {
    const { width, height } = await readRasterHeader(filePath);
    return { width, height };
  } catch (error) {
    if (error instanceof MediaInputError && error.code === "tooManyPixels") throw error;
    return null;
  }
}

/** A BMP turned into a PNG by ffmpeg, after its header passed the pixel cap. */
async function bmpToPng(filePath: string, workDir: string): Promise<string> {
  const size = bmpDimensions(await readBytes(filePath, 26));
  if (!size) throw new MediaInputError("corrupt", "not a BMP header");
  assertPixelCount(size.width, size.height);
  const png = path.join(workDir, ".bmp-source.png");
  try {
    await runTool(
      "ffmpeg",
      [
        ...["-nostdin", "-hide_banner", "-loglevel", "error"],
        ...["-protocol_whitelist", "file", "-max_pixels", String(maxInputPixels)],
        ...["-f", "bmp_pipe", "-i", `file:${filePath}`],
        ...["-frames:v", "1", "-update", "1", "-c:v", "png", "-f", "image2", "-y", `file:${png}`],
      ],
      { timeoutMs: 60_000 },
    );
  } catch (error) {
    await removeQuietly(png);
    if (error instanceof MediaInputError) throw error;
    throw new MediaInputError("corrupt", error instanceof Error ? error.message : String(error));
  }
  return png;
}

/** A photo or illustration: real size and format, embedded text, colours, thumbnail, preview. */
export const processImage: MediaStep = async ({ path: filePath, mime, workDir }) => {
  const isBmp = bmpTypes.has(mime.toLowerCase());
  const source = isBmp ? await bmpToPng(filePath, workDir) : filePath;
  try {
    const header: RasterHeader = await readRasterHeader(source);
    const [embedded, outputs] = await Promise.all([
      readEmbeddedText(filePath),
      writeRasterOutputs(source, {}, workDir, "preview.jpg"),
    ]);
    const metadata: MediaMetadata = {
      format: isBmp ? "bmp" : header.format,
      width: header.width,
      height: header.height,
      dominantColors: outputs.dominantColors,
      ...(embedded.title ? { embeddedTitle: embedded.title } : {}),
      ...(embedded.description ? { embeddedDescription: embedded.description } : {}),
      ...(embedded.keywords.length > 0 ? { embeddedKeywords: embedded.keywords } : {}),
      watermarked: true,
    };
    return { metadata, files: { thumbnail: outputs.thumbnail, preview: outputs.watermarked } };
  } finally {
    if (isBmp) await removeQuietly(source);
  }
};
