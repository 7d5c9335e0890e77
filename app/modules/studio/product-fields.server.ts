import { z } from "~/modules/validation/zod";
import { contentKinds } from "./content-kind";
import { parseEuros } from "./pricing";
import {
  bilingualFieldName,
  maxDescriptionLength,
  maxTitleLength,
  type StudioErrorCode,
} from "./product-form";
import { maxTagLength, maxTags } from "./tags";

// The server's checks of a product's fields (zod stays off the pages, decision record 0048).

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
 * A product's fields as the form sends them. Title, description and tags come in both languages
 * (decision 0049); an empty one is "not written".
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
