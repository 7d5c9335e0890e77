import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Viewer } from "../auth/roles";
import { auditLog, contentSubmissions } from "../db/schema";
import { locales } from "../i18n/locale";
import { BulkEditError, type BulkChanges } from "./bulk-edit-form.server";
import { isMaterialChange } from "./material-change";
import { assertCategory, submittedState, type StudioDependencies } from "./submissions.server";
import { StudioError } from "./studio-error";
import { moderatedFieldsOf, publishStatusChange } from "./submission-edit.server";
import { maxTags } from "./tags";

type SubmissionRow = typeof contentSubmissions.$inferSelect;

const lower = (tag: string) => tag.toLocaleLowerCase();

/**
 * The tags of one language after the bulk edit: removed ones dropped (any case), then added ones
 * appended unless already there. Going past the limit is refused rather than silently cut.
 */
function editedTags(current: readonly string[], add: readonly string[], remove: readonly string[]) {
  const removed = new Set(remove.map(lower));
  const result = current.filter((tag) => !removed.has(lower(tag)));
  const seen = new Set(result.map(lower));
  for (const tag of add) {
    if (seen.has(lower(tag))) continue;
    seen.add(lower(tag));
    result.push(tag);
  }
  if (result.length > maxTags) throw new BulkEditError("tagsInvalid");
  return result;
}

/** A row's columns once the changes are applied (only the fields the seller chose to change). */
function edited(row: SubmissionRow, changes: BulkChanges) {
  const tags = Object.fromEntries(
    locales.map((locale) => [
      locale,
      editedTags(
        locale === "fr" ? row.tagsFr : row.tagsEn,
        changes.addTags[locale],
        changes.removeTags,
      ),
    ]),
  ) as Record<(typeof locales)[number], string[]>;
  return {
    categoryId: changes.categoryId === undefined ? row.categoryId : changes.categoryId,
    priceCents: changes.priceCents === undefined ? row.priceCents : changes.priceCents,
    tagsFr: tags.fr,
    tagsEn: tags.en,
  };
}

/**
 * Applies one set of changes to several of the seller's own items, all or none: an id that is
 * not one of the viewer's items (someone else's, deleted, made up) refuses the whole edit, as
 * the edit page does for one item. A material change (category, keywords) sends a published item
 * back to moderation; a price change alone keeps it on sale (docs/product.md, "Moderation";
 * decision record 0057).
 */
export async function bulkEditSubmissions(
  dependencies: StudioDependencies,
  viewer: Viewer,
  submissionIds: readonly string[],
  changes: BulkChanges,
): Promise<{ updated: number; sentToReview: number }> {
  const ids = [...new Set(submissionIds)];
  const results = await dependencies.db.transaction(async (tx) => {
    if (changes.categoryId) {
      try {
        await assertCategory(tx, changes.categoryId);
      } catch (error) {
        if (error instanceof StudioError) throw new BulkEditError("categoryNotFound");
        throw error;
      }
    }
    const rows = await tx
      .select()
      .from(contentSubmissions)
      .where(
        and(
          inArray(contentSubmissions.id, ids),
          eq(contentSubmissions.creatorId, viewer.id),
          isNull(contentSubmissions.deletedAt),
        ),
      )
      .for("update");
    if (rows.length !== ids.length) throw new BulkEditError("notFound");
    const changed: {
      id: string;
      before: SubmissionRow["status"];
      after: SubmissionRow["status"];
    }[] = [];
    for (const row of rows) {
      const next = edited(row, changes);
      const material =
        row.status === "approved" &&
        isMaterialChange(moderatedFieldsOf(row), {
          ...moderatedFieldsOf(row),
          categoryId: next.categoryId,
          tags: { fr: next.tagsFr, en: next.tagsEn },
        });
      const review = material ? await submittedState(tx) : null;
      await tx
        .update(contentSubmissions)
        .set({ ...next, ...review })
        .where(eq(contentSubmissions.id, row.id));
      const status = review?.status ?? row.status;
      await tx.insert(auditLog).values({
        actorId: viewer.id,
        action: "submission.bulkUpdate",
        targetType: "content_submission",
        targetId: row.id,
        before: { status: row.status, priceCents: row.priceCents, categoryId: row.categoryId },
        after: { status, priceCents: next.priceCents, categoryId: next.categoryId },
      });
      changed.push({ id: row.id, before: row.status, after: status });
    }
    return changed;
  });
  for (const { id, before, after } of results) publishStatusChange(dependencies, id, before, after);
  return {
    updated: results.length,
    sentToReview: results.filter(
      ({ before, after }) => before === "approved" && after !== "approved",
    ).length,
  };
}
