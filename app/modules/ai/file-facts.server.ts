import type { MetadataInput } from "./types";
import {
  cameraTokens,
  type ColourName,
  colours,
  foldKey,
  type Orientation,
} from "./vocabulary.server";

/** A word of the file name, as the seller wrote it. */
export interface NameWord {
  text: string;
  /** Folded form (lower case, no accents), for matching. */
  key: string;
  /** Kept in capitals in titles (NYC, BMX), unless the whole name is in capitals. */
  acronym: boolean;
  /**
   * A capitalised word in a name that also has lower-case words ("Marché de Noël"): a proper
   * noun the seller wrote on purpose, kept as written. In a name where every word is
   * capitalised ("Big_Buck_Bunny") capitals say nothing.
   */
  keepCase: boolean;
}

export type Variant =
  "photo" | "image" | "video" | "audio" | "ebook" | "document" | "vector" | "model";
export type VideoClass = "8K" | "4K" | "Full HD" | "HD";

/** What the file itself says about its content, gathered once for both languages. */
export interface FileFacts {
  variant: Variant;
  /** Lower-case extension of the file name, without the dot ("" when none). */
  extension: string;
  nameWords: NameWord[];
  width?: number;
  height?: number;
  orientation?: Orientation;
  videoClass?: VideoClass;
  /** A still image of 12 megapixels or more. */
  highResolution: boolean;
  durationSeconds?: number;
  pages?: number;
  channels?: number;
  sampleRate?: number;
  colours: ColourName[];
  embeddedTitle?: string;
  embeddedDescription?: string;
  embeddedAuthor?: string;
  embeddedGenre?: string;
  embeddedKeywords: string[];
}

const photoMimes = new Set([
  "image/jpeg",
  "image/tiff",
  "image/heic",
  "image/heif",
  "image/avif",
  "image/webp",
]);

/**
 * Resolution, megapixel and frame-rate tokens ("1080p", "24mp", "60fps"): never a subject; some
 * name the video's class.
 */
const resolutionToken =
  /^(\d{3,4}[pi]|[1-8]k|[248]kuhd|uhd|fhd|qhd|hd|sd|hdr|\d+fps|\d+x\d+|\d*(mp|mpx|mpix)|megapixels?)$/;
/** A resolution, megapixel or frame-rate token, written in any case ("24MP", "1080p"). */
export function isResolutionToken(text: string): boolean {
  return resolutionToken.test(text.toLowerCase().replace(/\s+/g, ""));
}

const classFromToken: Record<string, VideoClass> = {
  "8k": "8K",
  "4320p": "8K",
  "4k": "4K",
  "4kuhd": "4K",
  uhd: "4K",
  "2160p": "4K",
  fhd: "Full HD",
  "1080p": "Full HD",
  "1080i": "Full HD",
  "720p": "HD",
};

/** Camera-made names such as IMG2043, DSC01234, GOPR0042, P1000123. */
const cameraNumber = /^[a-z]{1,5}\d{3,}$/;

function splitName(fileName: string): {
  words: NameWord[];
  extension: string;
  nameClass?: VideoClass;
} {
  const base = (fileName.split(/[\\/]/).pop() ?? "").normalize("NFC").trim();
  const extensionMatch = /\.([\p{L}\p{N}]{1,5})$/u.exec(base);
  const extension = extensionMatch?.[1]?.toLowerCase() ?? "";
  const stem = extensionMatch ? base.slice(0, extensionMatch.index) : base;
  const allCaps = stem === stem.toUpperCase() && /\p{Lu}/u.test(stem);
  const letterWords = stem.split(/[^\p{L}]+/u).filter((word) => word.length > 1);
  const mixedCase =
    letterWords.some((word) => /^\p{Ll}/u.test(word)) &&
    letterWords.some((word) => /^\p{Lu}\p{Ll}/u.test(word));

  let nameClass: VideoClass | undefined;
  const words: NameWord[] = [];
  for (const token of stem.split(/[^\p{L}\p{N}]+/u)) {
    const lower = token.toLowerCase();
    if (lower === "") continue;
    if (resolutionToken.test(lower)) {
      nameClass ??= classFromToken[lower];
      continue;
    }
    if (cameraTokens.has(lower) || cameraNumber.test(lower) || /^v\d+$/.test(lower)) continue;
    const parts =
      lower === "3d"
        ? ["3D"]
        : token
            // camelCase and PascalCase: "sunsetBeach", "HTMLGuide"
            .split(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u)
            // letters and digits glued together: "beach2023"
            .flatMap((part) => part.split(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u));
    for (const part of parts) {
      if (/^\p{N}+$/u.test(part)) continue;
      words.push({
        text: part,
        key: foldKey(part),
        acronym: !allCaps && (/^\p{Lu}{2,4}$/u.test(part) || part === "3D"),
        keepCase: mixedCase && /^\p{Lu}\p{Ll}/u.test(part),
      });
    }
  }
  return { words, extension, nameClass };
}

function variantOf(input: MetadataInput): Variant {
  switch (input.kind) {
    case "image":
      return photoMimes.has(input.mime) || input.mime.startsWith("image/x-") ? "photo" : "image";
    case "document":
      return input.mime === "application/pdf" ? "ebook" : "document";
    default:
      return input.kind;
  }
}

function orientationOf(width: number, height: number): Orientation {
  if (Math.abs(width - height) / Math.max(width, height) <= 0.05) return "square";
  if (width / height >= 2.5) return "panoramic";
  return width > height ? "landscape" : "portrait";
}

function videoClassOf(width: number, height: number): VideoClass | undefined {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long >= 7680 || short >= 4320) return "8K";
  if (long >= 3840 || short >= 2160) return "4K";
  if (long >= 1920 || short >= 1080) return "Full HD";
  if (long >= 1280 || short >= 720) return "HD";
  return undefined;
}

/** Parses "#rgb" or "#rrggbb" (the "#" optional). */
export function parseHex(hex: string): [number, number, number] | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return undefined;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join("") : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** OKLab: a perceptual space where straight distances match how different colours look. */
function toOklab([r, g, b]: [number, number, number]): [number, number, number] {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const [lr, lg, lb] = [linear(r), linear(g), linear(b)];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

const colourSamples = (Object.keys(colours) as ColourName[]).flatMap((name) =>
  colours[name].samples.map((rgb) => [name, toOklab(rgb)] as const),
);

/** The nearest named colour (in OKLab) of a hex colour, or undefined when it is not one. */
export function colourName(hex: string): ColourName | undefined {
  const rgb = parseHex(hex);
  if (!rgb) return undefined;
  const [l, a, b] = toOklab(rgb);
  let best: ColourName | undefined;
  let bestDistance = Infinity;
  for (const [name, [l2, a2, b2]] of colourSamples) {
    // Hue and chroma name a colour more than lightness does.
    const distance = 0.5 * (l - l2) ** 2 + (a - a2) ** 2 + (b - b2) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best;
}

const positive = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;

const cleanText = (text: string | undefined) => text?.replace(/\s+/g, " ").trim() || undefined;

/** Reads what the name and the extracted metadata say; pure and deterministic. */
export function fileFacts(input: MetadataInput): FileFacts {
  const { metadata } = input;
  const variant = variantOf(input);
  const { words, extension, nameClass } = splitName(input.fileName);
  const width = positive(metadata.width);
  const height = positive(metadata.height);
  const sized = width !== undefined && height !== undefined;
  const visual = variant === "photo" || variant === "image" || variant === "video";

  const colourNames: ColourName[] = [];
  for (const hex of metadata.dominantColors ?? []) {
    const name = colourName(hex);
    if (name && !colourNames.includes(name)) colourNames.push(name);
  }

  const keywords: string[] = [];
  for (const keyword of metadata.embeddedKeywords ?? []) {
    const clean = cleanText(keyword.normalize("NFC"));
    if (clean && !keywords.some((k) => foldKey(k) === foldKey(clean))) keywords.push(clean);
  }

  return {
    variant,
    extension,
    nameWords: words,
    width,
    height,
    orientation: visual && sized ? orientationOf(width, height) : undefined,
    videoClass:
      variant === "video"
        ? ((sized ? videoClassOf(width, height) : undefined) ?? nameClass)
        : undefined,
    highResolution:
      (variant === "photo" || variant === "image") && sized && width * height >= 12_000_000,
    durationSeconds:
      variant === "video" || variant === "audio" ? positive(metadata.durationSeconds) : undefined,
    pages: variant === "ebook" || variant === "document" ? positive(metadata.pages) : undefined,
    channels: variant === "audio" ? positive(metadata.channels) : undefined,
    sampleRate: variant === "audio" ? positive(metadata.sampleRate) : undefined,
    colours: colourNames.slice(0, 3),
    embeddedTitle: cleanText(metadata.embeddedTitle?.normalize("NFC")),
    embeddedDescription: cleanText(metadata.embeddedDescription?.normalize("NFC")),
    embeddedAuthor: cleanText(metadata.embeddedAuthor?.normalize("NFC")),
    embeddedGenre: cleanText(metadata.embeddedGenre?.normalize("NFC")),
    embeddedKeywords: keywords,
  };
}

/** "12 s", "1 min 05 s", "2 min", "1 h 02 min": the same in French and English. */
export function formatDuration(seconds: number): string {
  const total = Math.max(1, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (hours > 0) return minutes > 0 ? `${hours} h ${pad(minutes)} min` : `${hours} h`;
  if (minutes > 0) return rest > 0 ? `${minutes} min ${pad(rest)} s` : `${minutes} min`;
  return `${rest} s`;
}
