/**
 * The reasons an admin may give for a rejection, as stable codes (stored on the submission and
 * in the audit log) that each page and e-mail translates; free text may complete any of them.
 */
export const rejectionCodes = [
  "quality",
  "rights",
  "inappropriate",
  "metadata",
  "duplicate",
  "technical",
  "other",
] as const;

export type RejectionCode = (typeof rejectionCodes)[number];

export function isRejectionCode(value: unknown): value is RejectionCode {
  return typeof value === "string" && (rejectionCodes as readonly string[]).includes(value);
}

/** Longest free text kept with a rejection. */
export const rejectionNoteMax = 1000;
