import type { ContentKind } from "./content-kind";

/** The fields a proposal may fill, each with its own "replace" control on the page. */
export const proposalFields = ["title", "description", "tags", "categoryId", "kind"] as const;
export type ProposalField = (typeof proposalFields)[number];

export function isProposalField(value: unknown): value is ProposalField {
  return (proposalFields as readonly unknown[]).includes(value);
}

/** The part of a product's form a proposal speaks about. */
export interface ProposalValues {
  title: string;
  description: string;
  tags: string[];
  categoryId: string;
  kind: ContentKind;
}

/** Whether a field holds nothing the seller wrote or chose. */
function isEmpty(values: ProposalValues, field: ProposalField, kindChosen: boolean): boolean {
  switch (field) {
    case "title":
    case "description":
      return values[field].trim() === "";
    case "tags":
      return values.tags.length === 0;
    case "categoryId":
      return values.categoryId === "";
    case "kind":
      return !kindChosen;
  }
}

/**
 * A proposal never destroys work: it fills the fields that are empty, and replaces a filled one
 * only when the seller asked for that field. `kindChosen` says whether the kind is the seller's
 * choice (a saved draft, or changed in the form) rather than the default. Returns the new values
 * and the fields it wrote.
 */
export function mergeProposal(
  current: ProposalValues,
  proposal: ProposalValues,
  replace: ReadonlySet<ProposalField>,
  kindChosen: boolean,
): { values: ProposalValues; filled: ProposalField[] } {
  const values: ProposalValues = { ...current, tags: [...current.tags] };
  const filled: ProposalField[] = [];
  for (const field of proposalFields) {
    if (!replace.has(field) && !isEmpty(current, field, kindChosen)) continue;
    const next = proposal[field];
    // A proposal without a value for the field (no category of that kind) leaves it alone.
    if (next === "" || (Array.isArray(next) && next.length === 0)) continue;
    if (JSON.stringify(next) === JSON.stringify(current[field])) continue;
    Object.assign(values, { [field]: next });
    filled.push(field);
  }
  return { values, filled };
}
