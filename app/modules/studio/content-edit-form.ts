import type { Bilingual } from "../i18n/bilingual-text";
import type { Locale } from "../i18n/locale";
import type { StudioErrorCode } from "./product-form";

// The edit page of one item: its form's fields and what its action answers.

export type EditField = "title" | "description" | "categoryId" | "kind" | "tags" | "price";
export type EditErrorCode = StudioErrorCode | "tagsInvalid";

/** The form's values as typed, sent back with an error so that nothing is lost. */
export interface EditValues {
  title: Bilingual<string>;
  description: Bilingual<string>;
  tags: Bilingual<string[]>;
  categoryId: string;
  kind: string;
  price: string;
}

export type ContentEditResult =
  | { form: "edit"; error: EditErrorCode; field: EditField | null; values: EditValues }
  | { form: "addFiles"; error: StudioErrorCode; selected: string[] };

/** The text box of a language's keywords typed but not yet made chips (no JavaScript). */
export const newTagsField = (lang: Locale) => `newTags_${lang}`;
