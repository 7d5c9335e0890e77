import type Sharp from "sharp";
import { loadSharp } from "./sharp.server";

/**
 * The Vitrine mark (app/components/shell/logo.tsx) in the light theme's accent colours: an
 * indigo rounded square with a white V, readable over both dark and light pictures.
 */
export const vitrineLogoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="8" fill="#484dd2"/>' +
  '<path d="M8 9h4.2l3.8 10.6L19.8 9H24l-6 15h-4z" fill="#fcfcfc"/>' +
  "</svg>";

/** The preview watermark (decision record 0007): a 120 px logo turned 45°, every 200 px, at 30 %. */
export const watermarkSpec = { tileSize: 200, logoSize: 120, angle: 45, opacity: 0.3 } as const;
/** The thumbnail's corner mark: at most 80 px, bottom-right, half transparent. */
export const cornerLogoSpec = { maxSize: 80, share: 0.2, minSize: 16, opacity: 0.5 } as const;

/** The logo's inner markup, to nest it in another SVG at any size. */
function logoBody(logoSvg: string): string {
  return logoSvg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
}

function transparentCanvas(sharp: typeof Sharp, width: number, height: number) {
  return sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  });
}

/** True when some pixel of the PNG is not fully transparent. */
async function hasInk(png: Buffer): Promise<boolean> {
  const { channels } = await (await loadSharp())(png).stats();
  const alpha = channels[3];
  return alpha !== undefined && alpha.max > 0;
}

async function logoTile(logoSvg: string): Promise<Buffer> {
  const { tileSize, logoSize, angle, opacity } = watermarkSpec;
  const offset = (tileSize - logoSize) / 2;
  const centre = tileSize / 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${tileSize}" height="${tileSize}">` +
    `<g opacity="${opacity}" transform="rotate(${angle} ${centre} ${centre})">` +
    `<svg x="${offset}" y="${offset}" width="${logoSize}" height="${logoSize}" viewBox="0 0 32 32">` +
    `${logoBody(logoSvg)}</svg></g></svg>`;
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  if (!(await hasInk(png))) throw new Error("the logo rendered as an empty image");
  return png;
}

/** "VITRINE" set by Pango (not librsvg), so it still works where the logo cannot be drawn. */
async function textTile(): Promise<Buffer> {
  const { tileSize, angle, opacity } = watermarkSpec;
  const sharp = await loadSharp();
  const text = await sharp({
    text: {
      text: '<span foreground="#484dd2" font_weight="bold">VITRINE</span>',
      font: "sans 26",
      dpi: 72,
      rgba: true,
    },
  })
    .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .resize(tileSize, tileSize, { fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer();
  const png = await transparentCanvas(sharp, tileSize, tileSize)
    .composite([{ input: text, gravity: "centre" }])
    .ensureAlpha()
    .linear([1, 1, 1, opacity], [0, 0, 0, 0])
    .png()
    .toBuffer();
  if (!(await hasInk(png))) throw new Error("the text watermark rendered as an empty image");
  return png;
}

/**
 * Renders the 200 px watermark tile: the logo, or the word VITRINE when the logo cannot be
 * rendered. Exported for tests; callers use `watermarkTile()`, which renders it once.
 */
export async function renderWatermarkTile(
  logoSvg = vitrineLogoSvg,
): Promise<{ png: Buffer; source: "logo" | "text" }> {
  try {
    return { png: await logoTile(logoSvg), source: "logo" };
  } catch {
    return { png: await textTile(), source: "text" };
  }
}

let cachedTile: Promise<Buffer> | undefined;

/** The watermark tile, rasterised once per process and shared by every preview and clip. */
export function watermarkTile(): Promise<Buffer> {
  if (!cachedTile) {
    cachedTile = renderWatermarkTile().then(({ png }) => png);
    // A failure is not kept: the next preview tries again.
    cachedTile.catch(() => (cachedTile = undefined));
  }
  return cachedTile;
}

const cornerLogos = new Map<number, Promise<Buffer>>();

/** The side of the corner mark for a thumbnail of this size. */
export function cornerLogoSize(width: number, height: number): number {
  const { maxSize, share, minSize } = cornerLogoSpec;
  const side = Math.min(width, height);
  return Math.min(maxSize, side, Math.max(minSize, Math.round(side * share)));
}

/** The half-transparent logo of a given side, cached by size (thumbnails share a few sizes). */
export function cornerLogo(size: number): Promise<Buffer> {
  let logo = cornerLogos.get(size);
  if (!logo) {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">` +
      `<g opacity="${cornerLogoSpec.opacity}">${logoBody(vitrineLogoSvg)}</g></svg>`;
    logo = loadSharp().then((sharp) => sharp(Buffer.from(svg)).png().toBuffer());
    logo.catch(() => cornerLogos.delete(size));
    cornerLogos.set(size, logo);
  }
  return logo;
}

/**
 * The tile to repeat over an image of this size: the cached tile, or its centre when the image
 * is smaller than a tile (sharp refuses an overlay bigger than its base, even tiled).
 */
export async function watermarkTileFor(width: number, height: number): Promise<Buffer> {
  const { tileSize } = watermarkSpec;
  const tile = await watermarkTile();
  if (width >= tileSize && height >= tileSize) return tile;
  const cropWidth = Math.min(width, tileSize);
  const cropHeight = Math.min(height, tileSize);
  const sharp = await loadSharp();
  return sharp(tile)
    .extract({
      left: Math.floor((tileSize - cropWidth) / 2),
      top: Math.floor((tileSize - cropHeight) / 2),
      width: cropWidth,
      height: cropHeight,
    })
    .png()
    .toBuffer();
}

/**
 * A transparent PNG of the given size covered with the watermark tile, for ffmpeg to lay over
 * a video (ffmpeg has no filter that tiles an image).
 */
export async function watermarkOverlay(width: number, height: number): Promise<Buffer> {
  const tile = await watermarkTileFor(width, height);
  return transparentCanvas(await loadSharp(), width, height)
    .composite([{ input: tile, tile: true }])
    .png()
    .toBuffer();
}
