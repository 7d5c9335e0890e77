import type { Bilingual } from "../i18n/bilingual-text";
import { parseEuros } from "./pricing";
import { noCategory, type BulkEditErrorCode, type BulkEditValues } from "./bulk-edit";
import { addTags } from "./tags";

export class BulkEditError extends Error {
  constructor(
    readonly code: BulkEditErrorCode,
    readonly status = code === "notFound" ? 404 : 400,
  ) {
    super(code);
    this.name = "BulkEditError";
  }
}

/** What a bulk edit changes; `undefined` leaves a field as each item has it. */
export interface BulkChanges {
  /** A category id, null for "no category". */
  categoryId?: string | null;
  /** Cents; null is free. */
  priceCents?: number | null;
  addTags: Bilingual<string[]>;
  /** Removed from both languages, whatever their case. */
  removeTags: string[];
}

/** The most items one bulk edit may change: one page of the list. */
export const maxBulkItems = 100;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function bulkEditValues(form: FormData): BulkEditValues {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    ids: form.getAll("ids").map(String),
    category: text("category"),
    price: text("price"),
    addTags_fr: text("addTags_fr"),
    addTags_en: text("addTags_en"),
    removeTags: text("removeTags"),
  };
}

/**
 * Reads the bulk form: the selected items and the changes. Empty fields change nothing; a price
 * of 0 makes the items free. Throws a BulkEditError for input the edit cannot apply.
 */
export function parseBulkEdit(values: BulkEditValues): { ids: string[]; changes: BulkChanges } {
  const ids = [...new Set(values.ids)];
  if (ids.length === 0) throw new BulkEditError("nothingSelected");
  if (ids.length > maxBulkItems) throw new BulkEditError("tooMany");
  // An id that is not a UUID names nothing of the seller's: the same refusal as a foreign one.
  if (!ids.every((id) => uuidPattern.test(id))) throw new BulkEditError("notFound");
  const changes: BulkChanges = {
    addTags: { fr: addTags([], values.addTags_fr), en: addTags([], values.addTags_en) },
    removeTags: addTags([], values.removeTags),
  };
  if (values.category === noCategory) changes.categoryId = null;
  else if (values.category !== "") {
    if (!uuidPattern.test(values.category)) throw new BulkEditError("categoryNotFound");
    changes.categoryId = values.category;
  }
  if (values.price.trim() !== "") {
    const cents = parseEuros(values.price);
    if (cents === undefined) throw new BulkEditError("priceInvalid");
    changes.priceCents = cents;
  }
  const typedTags = [...changes.addTags.fr, ...changes.addTags.en, ...changes.removeTags];
  if (
    changes.categoryId === undefined &&
    changes.priceCents === undefined &&
    typedTags.length === 0
  )
    throw new BulkEditError("nothingToChange");
  return { ids, changes };
}
