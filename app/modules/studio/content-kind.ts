import type { MediaKind } from "../media/media-kind";

export const contentKinds = ["photo", "video", "audio", "illustration", "vector", "ebook"] as const;
export type ContentKind = (typeof contentKinds)[number];

/**
 * The product kind proposed for a file (docs/product.md, "Content kinds"): raster images are photos (the
 * seller may choose illustration), svg/eps/ai are vectors, PDFs are ebooks.
 */
export function defaultContentKind(media: MediaKind): ContentKind {
  switch (media) {
    case "video":
      return "video";
    case "audio":
      return "audio";
    case "vector":
      return "vector";
    case "document":
      return "ebook";
    case "model":
      return "illustration";
    default:
      return "photo";
  }
}

/** Kinds a seller may pick for a file of this media kind. */
export function allowedContentKinds(media: MediaKind): readonly ContentKind[] {
  switch (media) {
    case "image":
      return ["photo", "illustration"];
    case "vector":
      return ["vector", "illustration"];
    case "model":
      return ["illustration"];
    default:
      return [defaultContentKind(media)];
  }
}
