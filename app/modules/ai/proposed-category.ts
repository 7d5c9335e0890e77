import type { MediaKind } from "../media/media-kind";
import { allowedContentKinds, type ContentKind, defaultContentKind } from "../studio/content-kind";

/** Raster types cameras write: anything else (PNG, GIF, BMP) is more often drawn than shot. */
const cameraTypes = new Set([
  "image/jpeg",
  "image/tiff",
  "image/heic",
  "image/heif",
  "image/avif",
  "image/webp",
]);

/**
 * The content kind proposed for a file: a camera type is a photo, another raster image an
 * illustration; other media keep the kind docs/product.md ("Content kinds") gives them.
 */
export function proposedContentKind(media: MediaKind, mime: string): ContentKind {
  if (media !== "image") return defaultContentKind(media);
  const kind: ContentKind = cameraTypes.has(mime.toLowerCase()) ? "photo" : "illustration";
  return allowedContentKinds(media).includes(kind) ? kind : defaultContentKind(media);
}

export interface CategoryChoice {
  id: string;
  kind: ContentKind;
  slug: string;
  nameFr: string;
  nameEn: string;
}

const fold = (text: string) =>
  text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/s$/, "");

/**
 * The category proposed for a product: among the categories of its kind (in the admin's
 * order), the first whose name or slug is one of the proposed tags, else the first of that kind.
 * Empty when no category has that kind.
 */
export function proposedCategory(
  categories: readonly CategoryChoice[],
  kind: ContentKind,
  tags: readonly string[],
): string {
  const ofKind = categories.filter((category) => category.kind === kind);
  const tagKeys = new Set(tags.map(fold));
  const named = ofKind.find((category) =>
    [category.slug, category.nameFr, category.nameEn].some((name) => tagKeys.has(fold(name))),
  );
  return (named ?? ofKind[0])?.id ?? "";
}
