import path from "node:path";
import type { Metadata, OutputInfo, Sharp, SharpOptions } from "sharp";
import { MediaInputError } from "./media-errors";
import { loadSharp } from "./sharp.server";
import { cornerLogo, cornerLogoSize, watermarkTileFor } from "./watermark.server";

import { maxInputPixels } from "./media-limits";
import {
  cardWidths,
  stillWidths,
  webpQuality,
  type CardVariant,
  type StillVariant,
} from "./responsive-images";

export { maxInputPixels };

/** Decision record 0007: thumbnails fit in 400 px at quality 0.8; previews at most 1280 px wide at 0.85. */
export const thumbnailSpec = { maxSize: 400, quality: 80 } as const;
/**
 * The height bound is ours: it keeps an extreme vertical panorama from giving a preview of
 * tens of megapixels, while a 2:3 portrait (1280 × 1920) still gets the full width.
 */
export const previewSpec = { maxWidth: 1280, maxHeight: 2560, quality: 85 } as const;

/** How many colours `dominantColors` returns at most, and the share a colour needs. */
const maxColours = 5;
const minColourShare = 0.03;
/** Colours closer than this (in 0..255 RGB units) count as one. */
const mergeDistance = 32;

/** Options for every decode: our pixel cap, streaming reads, and no tolerance for damage. */
export function decodeOptions(extra: SharpOptions = {}): SharpOptions {
  return {
    limitInputPixels: maxInputPixels,
    sequentialRead: true,
    // "error" fails on truncated files and decoding errors, but not on the harmless warnings
    // many cameras' files raise.
    failOn: "error",
    ...extra,
  };
}

/**
 * Turns an error thrown by sharp while reading an input into what it means for the job.
 * Messages are libvips': they are matched loosely, and anything unknown counts as damage.
 */
export function sharpInputError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof MediaInputError) return error;
  if ("code" in error && typeof error.code === "string") return error; // a file-system error
  const message = error.message;
  if (/pixel limit/i.test(message)) return new MediaInputError("tooManyPixels", message);
  if (/unsupported image format/i.test(message)) return new MediaInputError("unsupported", message);
  // The original went missing or memory ran out: the file is not to blame, a retry may work.
  if (/input file is missing|out of memory|vips_malloc/i.test(message)) return error;
  return new MediaInputError("corrupt", message);
}

export interface RasterHeader {
  format: string;
  /** Displayed size, after EXIF orientation. */
  width: number;
  height: number;
}

/** Reads a raster's header (never its pixels) and refuses it above `maxInputPixels`. */
export async function readRasterHeader(
  input: string | Buffer,
  options: SharpOptions = {},
): Promise<RasterHeader> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // No pixel limit here: we want the size, to refuse it ourselves with a clear message.
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch (error) {
    throw sharpInputError(error);
  }
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw new MediaInputError("corrupt", "the image has no size");
  assertPixelCount(width, height);
  return { format: metadata.format, width, height };
}

export function assertPixelCount(width: number, height: number): void {
  if (width * height > maxInputPixels) {
    throw new MediaInputError(
      "tooManyPixels",
      `${width}×${height} is above the ${maxInputPixels / 1_000_000} MP limit`,
    );
  }
}

function hex(value: number): string {
  return Math.round(value).toString(16).padStart(2, "0");
}

/**
 * The main colours of an RGB image, most present first: pixels are counted in 512 boxes of the
 * colour cube, boxes whose mean colours are close are merged (a grey split across a box edge
 * is one grey), and each colour covering enough of the image is kept.
 */
export function dominantColors(pixels: Buffer, channels: number): string[] {
  const boxes = new Map<number, Colour>();
  const total = Math.floor(pixels.length / channels);
  for (let i = 0; i + 2 < pixels.length; i += channels) {
    const r = pixels[i]!;
    const g = pixels[i + 1]!;
    const b = pixels[i + 2]!;
    const key = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
    const box = boxes.get(key) ?? { count: 0, r: 0, g: 0, b: 0 };
    box.count += 1;
    box.r += r;
    box.g += g;
    box.b += b;
    boxes.set(key, box);
  }
  const merged: Colour[] = [];
  for (const box of [...boxes.values()].sort((a, b) => b.count - a.count)) {
    const near = merged.find((kept) => colourDistance(kept, box) < mergeDistance);
    if (near) {
      near.count += box.count;
      near.r += box.r;
      near.g += box.g;
      near.b += box.b;
    } else {
      merged.push({ ...box });
    }
  }
  return merged
    .sort((a, b) => b.count - a.count)
    .filter((colour, index) => index === 0 || colour.count / total >= minColourShare)
    .slice(0, maxColours)
    .map((c) => `#${hex(c.r / c.count)}${hex(c.g / c.count)}${hex(c.b / c.count)}`);
}

/** Sums of the channels of `count` pixels. */
type Colour = { count: number; r: number; g: number; b: number };

/** Distance between two colours' means in RGB space. */
function colourDistance(a: Colour, b: Colour): number {
  return Math.hypot(
    a.r / a.count - b.r / b.count,
    a.g / a.count - b.g / b.count,
    a.b / a.count - b.b / b.count,
  );
}

export interface RasterOutputs {
  thumbnail: string;
  /** The watermarked still: `preview.jpg`, or `poster.jpg` for a video. */
  watermarked: string;
  /** WebP copies of both by width; a width the image does not reach is not made. */
  webp: Partial<Record<CardVariant | StillVariant, string>>;
  dominantColors: string[];
}

/** The size of `width × height` fitted inside `maxWidth × maxHeight`, never enlarged. */
function fitInside(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * Decodes a raster once for its outputs: shrunk (on load where possible) to the preview's size,
 * oriented and flattened onto white, as raw sRGB pixels.
 */
async function decodeForPreview(
  input: string | Buffer,
  options: SharpOptions,
): Promise<{ data: Buffer; info: OutputInfo }> {
  const sharp = await loadSharp();
  try {
    return await sharp(input, decodeOptions(options))
      .rotate()
      .resize({
        width: previewSpec.maxWidth,
        height: previewSpec.maxHeight,
        fit: "inside",
        withoutEnlargement: true,
      })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw sharpInputError(error);
  }
}

/** The watermarked JPEG still of a raster alone (an ebook's later pages), like a preview. */
export async function writeWatermarkedPreview(input: string | Buffer, file: string): Promise<void> {
  const base = await decodeForPreview(input, {});
  const { width, height, channels } = base.info;
  await writeWatermarked(
    base.data,
    { raw: { width, height, channels } },
    file,
    previewSpec.maxWidth,
    "jpeg",
  );
}

/**
 * Makes the thumbnail and the watermarked still of one raster, decoding it once (see
 * `decodeForPreview`), and both outputs are made from that. Outputs carry no metadata: sharp drops it unless asked.
 */
export async function writeRasterOutputs(
  input: string | Buffer,
  options: SharpOptions,
  workDir: string,
  watermarkedName: "preview.jpg" | "poster.jpg",
): Promise<RasterOutputs> {
  const base = await decodeForPreview(input, options);
  const { width, height, channels } = base.info;
  const raw = { raw: { width, height, channels } };

  const thumbnail = path.join(workDir, "thumbnail.jpg");
  const watermarked = path.join(workDir, watermarkedName);
  const webp: RasterOutputs["webp"] = {};
  const longest = Math.max(width, height);
  for (const size of cardWidths) {
    if (size <= longest) webp[`card-${size}`] = path.join(workDir, `card-${size}.webp`);
  }
  for (const size of stillWidths) {
    if (size <= width) webp[`still-${size}`] = path.join(workDir, `still-${size}.webp`);
  }
  const sharp = await loadSharp();
  const [colours] = await Promise.all([
    sharp(base.data, raw)
      .resize(48, 48, { fit: "inside" })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => dominantColors(data, info.channels)),
    writeWatermarked(base.data, raw, watermarked, previewSpec.maxWidth, "jpeg"),
    writeThumbnail(base.data, raw, thumbnail, thumbnailSpec.maxSize, "jpeg"),
    ...cardWidths
      .filter((size) => webp[`card-${size}`])
      .map((size) => writeThumbnail(base.data, raw, webp[`card-${size}`]!, size, "webp")),
    ...stillWidths
      .filter((size) => webp[`still-${size}`])
      .map((size) => writeWatermarked(base.data, raw, webp[`still-${size}`]!, size, "webp")),
  ]);
  return { thumbnail, watermarked, webp, dominantColors: colours };
}

type RawInput = { raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

type Format = "jpeg" | "webp";

/** Encodes a JPEG at the quality given (thumbnailSpec or previewSpec), a WebP at `webpQuality`. */
function encode(image: Sharp, format: Format, jpegQuality: number): Sharp {
  return format === "jpeg"
    ? image.jpeg({ quality: jpegQuality })
    : image.webp({ quality: webpQuality });
}

/** The watermarked still at most `maxWidth` wide (twice that high), tiled with the mark. */
async function writeWatermarked(
  data: Buffer,
  raw: RawInput,
  file: string,
  maxWidth: number,
  format: Format,
): Promise<void> {
  const size = fitInside(raw.raw.width, raw.raw.height, maxWidth, maxWidth * 2);
  const tile = await watermarkTileFor(size.width, size.height);
  const sharp = await loadSharp();
  let image = sharp(data, raw);
  if (size.width !== raw.raw.width) image = image.resize(size.width, size.height, { fit: "fill" });
  await encode(image.composite([{ input: tile, tile: true }]), format, previewSpec.quality).toFile(
    file,
  );
}

/** The thumbnail fitted in a `maxSize` square, with the corner logo. */
async function writeThumbnail(
  data: Buffer,
  raw: RawInput,
  file: string,
  maxSize: number,
  format: Format,
): Promise<void> {
  const size = fitInside(raw.raw.width, raw.raw.height, maxSize, maxSize);
  const logoSize = cornerLogoSize(size.width, size.height);
  const margin = Math.round(logoSize / 8);
  const sharp = await loadSharp();
  // sharp composites after resizing, so the mark lands on the thumbnail at its final size.
  const image = sharp(data, raw)
    .resize(size.width, size.height, { fit: "fill" })
    .composite([
      {
        input: await cornerLogo(logoSize),
        left: Math.max(0, size.width - logoSize - margin),
        top: Math.max(0, size.height - logoSize - margin),
      },
    ]);
  await encode(image, format, thumbnailSpec.quality).toFile(file);
}
