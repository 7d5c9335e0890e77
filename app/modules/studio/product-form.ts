import { z } from "~/modules/validation/zod";
import { locales, type Locale } from "../i18n/locale";
import { contentKinds, type ContentKind } from "./content-kind";
import { parseEuros } from "./pricing";
import { maxTagLength, maxTags } from "./tags";

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

const titleSchema = z
  .string()
  .trim()
  .max(maxTitleLength, "titleTooLong" satisfies StudioErrorCode);
const descriptionSchema = z
  .string()
  .trim()
  .max(maxDescriptionLength, "descriptionTooLong" satisfies StudioErrorCode);
const tagsSchema = z.array(z.string().trim().min(1).max(maxTagLength)).max(maxTags);

/**
 * A product's fields as the form sends them; the same schema checks them in the browser. Title,
 * description and tags come in both languages (decision 0049); an empty one is "not written".
 */
export const productFieldsSchema = z.object({
  title: z.object({ fr: titleSchema, en: titleSchema }),
  description: z.object({ fr: descriptionSchema, en: descriptionSchema }),
  categoryId: z
    .union([z.literal(""), z.uuid()])
    .transform((value) => (value === "" ? null : value)),
  kind: z.enum(contentKinds),
  tags: z.object({ fr: tagsSchema, en: tagsSchema }),
  price: z
    .string()
    .transform((value) => parseEuros(value))
    .refine((value) => value !== undefined, "priceInvalid" satisfies StudioErrorCode)
    .transform((value) => value ?? null),
});

export type ProductFieldsInput = z.input<typeof productFieldsSchema>;
export type ProductFields = z.output<typeof productFieldsSchema>;

export type SaveIntent = "draft" | "publish";

/** Whether a language has both a title and a description. */
function complete(fields: Pick<ProductFields, "title" | "description">, locale: Locale) {
  return fields.title[locale].trim() !== "" && fields.description[locale].trim() !== "";
}

/**
 * What stops a save (docs/product.md, "Moderation"; decision 0049 for the languages): a draft
 * needs a title in at least one language; publishing needs a title and a description in at least
 * one language (the other may stay empty: pages then show the written one), and an ebook its
 * cover.
 */
export function saveBlocker(
  fields: Pick<ProductFields, "title" | "description"> & { kind: ContentKind },
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

/** Reads the product fields from a submitted form (tags arrive as repeated `tags_fr`/`tags_en`). */
export function productFieldsFrom(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  const both = (field: "title" | "description") => ({
    fr: text(bilingualFieldName(field, "fr")),
    en: text(bilingualFieldName(field, "en")),
  });
  return productFieldsSchema.safeParse({
    title: both("title"),
    description: both("description"),
    categoryId: text("categoryId"),
    kind: text("kind"),
    tags: {
      fr: form.getAll(bilingualFieldName("tags", "fr")).map(String),
      en: form.getAll(bilingualFieldName("tags", "en")).map(String),
    },
    price: text("price"),
  });
}
