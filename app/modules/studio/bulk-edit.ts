// The seller list's bulk edit, as the page and the server both name it.

/** Why a bulk edit was refused; the page shows `sellerDashboard.bulk.errors.<code>`. */
export type BulkEditErrorCode =
  | "nothingSelected"
  | "tooMany"
  | "nothingToChange"
  | "priceInvalid"
  | "categoryNotFound"
  | "tagsInvalid"
  | "notFound";

/** The bulk form's fields as typed, sent back with an error so that nothing is lost. */
export interface BulkEditValues {
  ids: string[];
  category: string;
  price: string;
  addTags_fr: string;
  addTags_en: string;
  removeTags: string;
}

/** A refused bulk edit as the page receives it. */
export interface BulkRefusal {
  ok: false;
  error: BulkEditErrorCode;
  status: number;
  values: BulkEditValues;
}

/** The category select's value for "no category" (its empty value means "unchanged"). */
export const noCategory = "none";
