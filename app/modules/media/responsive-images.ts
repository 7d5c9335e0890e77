// The WebP copies of an image's pictures, by width, for phones (decision record 0048): cards
// get copies of the thumbnail, the product page copies of the watermarked still (an image's
// preview, a video's poster). Shared by the pipeline, which writes them, and the pages, which
// name them in srcset. AVIF is left out: on our two cores it took ten times WebP's time.

/** Widths of the card copies; they fit in a square like the thumbnail (400 px). */
export const cardWidths = [320, 640] as const;
/** Widths of the still copies; the JPEG preview stays the fallback at up to 1280 px. */
export const stillWidths = [640, 960, 1280] as const;

export type CardVariant = `card-${(typeof cardWidths)[number]}`;
export type StillVariant = `still-${(typeof stillWidths)[number]}`;

export const cardVariants = cardWidths.map((width) => `card-${width}` as CardVariant);
export const stillVariants = stillWidths.map((width) => `still-${width}` as StillVariant);

/** WebP quality: at 75 a photo is about 40 % of the same JPEG at 85, with no visible loss. */
export const webpQuality = 75;

/** A srcset naming the copies an upload has (a small image lacks the wider ones). */
export function srcSet(
  uploadId: string,
  variants: ReadonlyArray<CardVariant | StillVariant>,
): string {
  return variants
    .map((variant) => `/media/${uploadId}/${variant} ${variant.split("-")[1]}w`)
    .join(", ");
}
