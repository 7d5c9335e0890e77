import type { Viewer } from "../auth/roles";
import type { BulkRefusal } from "./bulk-edit";
import { BulkEditError, bulkEditValues, parseBulkEdit } from "./bulk-edit-form.server";
import { bulkEditSubmissions } from "./bulk-edit.server";
import type { StudioDependencies } from "./submissions.server";

export type BulkEditOutcome = { ok: true; updated: number; sentToReview: number } | BulkRefusal;

/**
 * The content tab's bulk edit from its form: applied, or refused with a code and the values as
 * typed, so the page can show the error and keep the selection and the fields.
 */
export async function bulkEditFromForm(
  dependencies: StudioDependencies,
  viewer: Viewer,
  form: FormData,
): Promise<BulkEditOutcome> {
  const values = bulkEditValues(form);
  try {
    const { ids, changes } = parseBulkEdit(values);
    return { ok: true, ...(await bulkEditSubmissions(dependencies, viewer, ids, changes)) };
  } catch (error) {
    if (error instanceof BulkEditError)
      return { ok: false, error: error.code, status: error.status, values };
    throw error;
  }
}
