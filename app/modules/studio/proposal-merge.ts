import type { ContentKind } from "./content-kind";

/** The fields a proposal may replace, each with its own "replace" control on the page. */
export const proposalFields = ["title", "description", "tags", "categoryId", "kind"] as const;
export type ProposalField = (typeof proposalFields)[number];

export function isProposalField(value: unknown): value is ProposalField {
  return (proposalFields as readonly unknown[]).includes(value);
}

/**
 * The part of a product's form a proposal speaks about: the text per language (decision 0049),
 * named as the studio form names its fields, then the category and the kind.
 */
export interface ProposalValues {
  title_fr: string;
  title_en: string;
  description_fr: string;
  description_en: string;
  tags_fr: string[];
  tags_en: string[];
  categoryId: string;
  kind: ContentKind;
}

/** One value a proposal may write; each language of the text is filled on its own. */
export type ProposalSlot = keyof ProposalValues;

/** The slots in the order they are filled, each with the "replace" control that covers it. */
const slots: ReadonlyArray<readonly [ProposalSlot, ProposalField]> = [
  ["title_fr", "title"],
  ["title_en", "title"],
  ["description_fr", "description"],
  ["description_en", "description"],
  ["tags_fr", "tags"],
  ["tags_en", "tags"],
  ["categoryId", "categoryId"],
  ["kind", "kind"],
];

/** Whether a slot holds nothing the seller wrote or chose. */
function isEmpty(values: ProposalValues, slot: ProposalSlot, kindChosen: boolean): boolean {
  if (slot === "kind") return !kindChosen;
  const value = values[slot];
  return Array.isArray(value) ? value.length === 0 : value.trim() === "";
}

/**
 * A proposal never destroys work: it fills the values that are empty (each language on its own,
 * so a French title the seller typed stays while an empty English one is filled), and replaces a
 * filled one only when the seller asked for that field (both languages of it). `kindChosen` says
 * whether the kind is the seller's choice (a saved draft, or changed in the form) rather than the
 * default. Returns the new values and the slots it wrote.
 */
export function mergeProposal(
  current: ProposalValues,
  proposal: ProposalValues,
  replace: ReadonlySet<ProposalField>,
  kindChosen: boolean,
): { values: ProposalValues; filled: ProposalSlot[] } {
  const values: ProposalValues = {
    ...current,
    tags_fr: [...current.tags_fr],
    tags_en: [...current.tags_en],
  };
  const filled: ProposalSlot[] = [];
  for (const [slot, field] of slots) {
    if (!replace.has(field) && !isEmpty(current, slot, kindChosen)) continue;
    const next = proposal[slot];
    // A proposal without a value for the slot (no category of that kind) leaves it alone.
    if (next === "" || (Array.isArray(next) && next.length === 0)) continue;
    if (JSON.stringify(next) === JSON.stringify(current[slot])) continue;
    Object.assign(values, { [slot]: next });
    filled.push(slot);
  }
  return { values, filled };
}
