import { loadSharp } from "./sharp.server";
import { thumbnailSpec } from "./raster.server";

/**
 * Generated thumbnails for what has no picture of its own: audio (its waveform), documents and
 * 3D models (an icon and the format's name). Drawn as SVG and rendered by sharp; the labels
 * need a sans-serif font on the machine (Debian's Ghostscript brings some), the shapes do not.
 */
const tileWidth = thumbnailSpec.maxSize;
const tileHeight = 300;
const accent = "#484dd2";
const accentDark = "#2b2e80";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function svgDocument(body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${tileWidth}" height="${tileHeight}" ` +
    `viewBox="0 0 ${tileWidth} ${tileHeight}">${body}</svg>`
  );
}

async function renderJpeg(svg: string, file: string): Promise<void> {
  const sharp = await loadSharp();
  await sharp(Buffer.from(svg))
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: thumbnailSpec.quality })
    .toFile(file);
}

/** Two beamed eighth notes, about 110 × 100 px, top-left at (x, y). */
function musicNote(x: number, y: number): string {
  return (
    `<g fill="#ffffff" transform="translate(${x} ${y})">` +
    '<ellipse cx="22" cy="86" rx="20" ry="14" transform="rotate(-20 22 86)"/>' +
    '<ellipse cx="88" cy="74" rx="20" ry="14" transform="rotate(-20 88 74)"/>' +
    '<rect x="36" y="10" width="7" height="76"/><rect x="102" y="0" width="7" height="74"/>' +
    '<path d="M36 10 L109 0 L109 18 L36 28 Z"/></g>'
  );
}

/** The audio thumbnail: the track's waveform as bars under a music note. */
export async function writeAudioTile(waveform: number[], file: string): Promise<void> {
  const loudest = Math.max(...waveform, 0);
  const left = 20;
  const span = tileWidth - 2 * left;
  const step = span / Math.max(1, waveform.length);
  const middle = 225;
  const maxHalf = 55;
  const bars = waveform
    .map((peak, i) => {
      const half = Math.max(1, (loudest > 0 ? peak / loudest : 0) * maxHalf);
      return (
        `<rect x="${(left + i * step).toFixed(1)}" y="${(middle - half).toFixed(1)}" ` +
        `width="${Math.max(1, step * 0.6).toFixed(1)}" height="${(2 * half).toFixed(1)}" rx="1"/>`
      );
    })
    .join("");
  const svg = svgDocument(
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">' +
      `<stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="${accentDark}"/>` +
      "</linearGradient></defs>" +
      `<rect width="${tileWidth}" height="${tileHeight}" fill="url(#bg)"/>` +
      musicNote(145, 30) +
      `<g fill="#ffffff" fill-opacity="0.85">${bars}</g>`,
  );
  await renderJpeg(svg, file);
}

const icons = {
  /** A page with a folded corner. */
  document:
    `<path d="M145 40 H223 L255 72 V210 H145 Z" fill="#ffffff" stroke="${accent}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M223 40 V72 H255" fill="none" stroke="${accent}" stroke-width="6" stroke-linejoin="round"/>`,
  /** A cube seen from above. */
  model:
    `<g fill="none" stroke="${accent}" stroke-width="6" stroke-linejoin="round">` +
    '<path d="M200 40 L265 75 L265 160 L200 195 L135 160 L135 75 Z"/>' +
    '<path d="M135 75 L200 110 L265 75 M200 110 V195"/></g>',
} as const;

/** A neutral thumbnail: an icon and a short label such as "PDF" or "GLB". */
export async function writeFileTile(
  icon: keyof typeof icons,
  label: string,
  file: string,
): Promise<void> {
  const svg = svgDocument(
    `<rect width="${tileWidth}" height="${tileHeight}" fill="#eef0f8"/>` +
      icons[icon] +
      `<text x="${tileWidth / 2}" y="262" text-anchor="middle" font-family="sans-serif" ` +
      `font-size="36" font-weight="700" fill="${accentDark}">${escapeXml(label.slice(0, 8))}</text>`,
  );
  await renderJpeg(svg, file);
}
