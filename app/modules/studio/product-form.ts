import { z } from "~/modules/validation/zod";
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

/** A product's fields as the form sends them; the same schema checks them in the browser. */
export const productFieldsSchema = z.object({
  title: z
    .string()
    .trim()
    .max(maxTitleLength, "titleTooLong" satisfies StudioErrorCode),
  description: z
    .string()
    .trim()
    .max(maxDescriptionLength, "descriptionTooLong" satisfies StudioErrorCode),
  categoryId: z
    .union([z.literal(""), z.uuid()])
    .transform((value) => (value === "" ? null : value)),
  kind: z.enum(contentKinds),
  tags: z.array(z.string().trim().min(1).max(maxTagLength)).max(maxTags),
  price: z
    .string()
    .transform((value) => parseEuros(value))
    .refine((value) => value !== undefined, "priceInvalid" satisfies StudioErrorCode)
    .transform((value) => value ?? null),
});

export type ProductFieldsInput = z.input<typeof productFieldsSchema>;
export type ProductFields = z.output<typeof productFieldsSchema>;

export type SaveIntent = "draft" | "publish";

/**
 * What stops a save (docs/product.md, "Moderation"): a draft needs a title; publishing needs a title and a
 * description, and an ebook its cover.
 */
export function saveBlocker(
  fields: Pick<ProductFields, "title" | "description"> & { kind: ContentKind },
  intent: SaveIntent,
  hasCover: boolean,
): StudioErrorCode | null {
  if (intent === "draft") return fields.title === "" ? "titleRequired" : null;
  if (fields.title === "" || fields.description === "") return "titleAndDescriptionRequired";
  if (fields.kind === "ebook" && !hasCover) return "coverRequired";
  return null;
}

/** Reads the product fields from a submitted form (tags arrive as repeated `tags` entries). */
export function productFieldsFrom(form: FormData) {
  return productFieldsSchema.safeParse({
    title: String(form.get("title") ?? ""),
    description: String(form.get("description") ?? ""),
    categoryId: String(form.get("categoryId") ?? ""),
    kind: String(form.get("kind") ?? ""),
    tags: form.getAll("tags").map(String),
    price: String(form.get("price") ?? ""),
  });
}
