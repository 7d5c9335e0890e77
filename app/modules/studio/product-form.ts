import type { ContentKind } from "./content-kind";

/** Stable codes of studio refusals; the page maps them to `studio.errors.*`. */
export type StudioErrorCode =
  | "titleRequired"
  | "titleAndDescriptionRequired"
  | "coverRequired"
  | "titleTooLong"
  | "descriptionTooLong"
  | "priceInvalid"
  | "kindNotAllowed"
  | "categoryNotFound"
  | "notFound"
  | "alreadySubmitted"
  | "processingFailed"
  | "coverInvalid"
  | "noneReady"
  | "proposalUnreviewed"
  | "noFiles"
  | "filesInvalid";

export const maxTitleLength = 120;
export const maxDescriptionLength = 5000;

export type SaveIntent = "draft" | "publish";

/**
 * What stops a save (docs/product.md, "Moderation"): a draft needs a title; publishing needs a title and a
 * description, and an ebook its cover.
 */
export function saveBlocker(
  fields: { title: string; description: string; kind: ContentKind },
  intent: SaveIntent,
  hasCover: boolean,
): StudioErrorCode | null {
  if (intent === "draft") return fields.title === "" ? "titleRequired" : null;
  if (fields.title === "" || fields.description === "") return "titleAndDescriptionRequired";
  if (fields.kind === "ebook" && !hasCover) return "coverRequired";
  return null;
}
