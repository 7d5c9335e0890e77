import type { MediaKind } from "../media/media-kind";
import { allowedContentKinds, type ContentKind, defaultContentKind } from "../studio/content-kind";

/** Lower case, no accents, no plural "s": how tags and category names are compared. */
const fold = (text: string) =>
  text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/s$/, "");

/** Words that say a raster image is drawn, not shot (folded, singular). */
const drawnWords = new Set([
  "illustration",
  "dessin",
  "drawing",
  "clipart",
  "cartoon",
  "aquarelle",
  "watercolor",
  "watercolour",
]);

/**
 * The content kind proposed for a file: the kind docs/product.md ("Content kinds") gives its
 * media, except a raster image whose proposed tags say it is drawn, which is an illustration.
 */
export function proposedContentKind(media: MediaKind, tags: readonly string[]): ContentKind {
  const fallback = defaultContentKind(media);
  if (media !== "image" || !tags.some((tag) => drawnWords.has(fold(tag)))) return fallback;
  return allowedContentKinds(media).includes("illustration") ? "illustration" : fallback;
}

export interface CategoryChoice {
  id: string;
  kind: ContentKind;
  slug: string;
  nameFr: string;
  nameEn: string;
}

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
