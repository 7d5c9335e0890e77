import { z } from "~/modules/validation/zod";
import { contentKinds } from "./content-kind";
import { parseEuros } from "./pricing";
import { maxDescriptionLength, maxTitleLength, type StudioErrorCode } from "./product-form";
import { maxTagLength, maxTags } from "./tags";

// The server's checks of a product's fields (zod stays off the pages, decision record 0048).

/** A product's fields as the form sends them. */
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
