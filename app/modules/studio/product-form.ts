import type { Bilingual } from "../i18n/bilingual-text";
import { locales, type Locale } from "../i18n/locale";
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

/** A product's text as the save rules read it: both languages, either may be empty. */
type ProductText = { title: Bilingual<string>; description: Bilingual<string> };

/** Whether a language has both a title and a description. */
function complete(fields: ProductText, locale: Locale) {
  return fields.title[locale].trim() !== "" && fields.description[locale].trim() !== "";
}

/**
 * What stops a save (docs/product.md, "Moderation"; decision 0049 for the languages): a draft
 * needs a title in at least one language; publishing needs a title and a description in at least
 * one language (the other may stay empty: pages then show the written one), and an ebook its
 * cover.
 */
export function saveBlocker(
  fields: ProductText & { kind: ContentKind },
  intent: SaveIntent,
  hasCover: boolean,
): StudioErrorCode | null {
  if (intent === "draft")
    return locales.some((locale) => fields.title[locale].trim() !== "") ? null : "titleRequired";
  if (!locales.some((locale) => complete(fields, locale))) return "titleAndDescriptionRequired";
  if (fields.kind === "ebook" && !hasCover) return "coverRequired";
  return null;
}

/** The form field holding a language's title, description or tags (`title_fr`, `tags_en`, …). */
export function bilingualFieldName(field: "title" | "description" | "tags", locale: Locale) {
  return `${field}_${locale}`;
}
