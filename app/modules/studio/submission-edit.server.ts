import { and, eq, inArray, isNull, max } from "drizzle-orm";
import type { Viewer } from "../auth/roles";
import { auditLog, contentSubmissions, uploads } from "../db/schema";
import { bilingual, type Bilingual } from "../i18n/bilingual-text";
import { mediaKindOf } from "../media/media-kind";
import { removeUpload } from "../storage/file-storage.server";
import { allowedContentKinds } from "./content-kind";
import type { ProductFields } from "./product-fields.server";
import { saveBlocker } from "./product-form";
import { submissionHasSales } from "./sales.server";
import { findEditableSubmission, type SubmissionStatus } from "./seller-content.server";
import { StudioError } from "./studio-error";
import { isMaterialChange, type ModeratedFields } from "./material-change";
import {
  assertCategory,
  autoApprove,
  attachCover,
  submittedState,
  textColumns,
  type StudioDependencies,
} from "./submissions.server";

/** `save` keeps the status; `submit` sends a draft or a rejected submission to review. */
export type EditIntent = "save" | "submit";

async function editable(dependencies: StudioDependencies, viewer: Viewer, submissionId: string) {
  const found = await findEditableSubmission(dependencies.db, viewer, submissionId);
  if (!found) throw new StudioError("notFound", 404);
  return found;
}

/**
 * Edits a submission (its seller or an admin). An approved one stays public after a price change,
 * and goes back to moderation after a material change (`isMaterialChange`; docs/product.md,
 * "Moderation"); a rejected one sent again goes back to pending, its last rejection reason kept
 * for the reviewer until the next decision.
 */
export async function updateSubmission(
  dependencies: StudioDependencies,
  viewer: Viewer,
  submissionId: string,
  input: { fields: ProductFields; intent: EditIntent; coverUploadId?: string },
): Promise<{ status: SubmissionStatus }> {
  const found = await editable(dependencies, viewer, submissionId);
  const { submission } = found;
  const first = found.files[0];
  if (
    first &&
    !allowedContentKinds(mediaKindOf(first.detectedMime ?? "", first.fileName)).includes(
      input.fields.kind,
    )
  )
    throw new StudioError("kindNotAllowed");
  const submitting =
    input.intent === "submit" &&
    (submission.status === "draft" || submission.status === "rejected");
  const blocker = saveBlocker(
    input.fields,
    submission.status === "draft" && !submitting ? "draft" : "publish",
    Boolean(found.cover) || Boolean(input.coverUploadId),
  );
  if (blocker) throw new StudioError(blocker);
  const changedAfterApproval =
    submission.status === "approved" &&
    (Boolean(input.coverUploadId && input.coverUploadId !== found.cover?.id) ||
      isMaterialChange(moderatedFieldsOf(submission), input.fields));

  const { removed, status } = await dependencies.db.transaction(async (tx) => {
    await assertCategory(tx, input.fields.categoryId);
    const now = new Date();
    const review = changedAfterApproval
      ? await submittedState(tx)
      : submitting
        ? (await autoApprove(tx))
          ? {
              status: "approved" as const,
              submittedAt: now,
              approvedAt: now,
              approvedBy: null,
              rejectionCode: null,
              rejectionReason: null,
            }
          : { status: "pending" as const, submittedAt: now }
        : {};
    await tx
      .update(contentSubmissions)
      .set({
        ...textColumns(input.fields),
        categoryId: input.fields.categoryId,
        kind: input.fields.kind,
        priceCents: input.fields.price,
        ...review,
      })
      .where(eq(contentSubmissions.id, submissionId));
    await tx.insert(auditLog).values({
      actorId: viewer.id,
      action: submitting
        ? "submission.resubmit"
        : changedAfterApproval
          ? "submission.changedAfterApproval"
          : "submission.update",
      targetType: "content_submission",
      targetId: submissionId,
      before: { status: submission.status, priceCents: submission.priceCents },
      after: { status: review.status ?? submission.status, priceCents: input.fields.price },
    });
    return {
      removed: input.coverUploadId
        ? await attachCover(
            tx,
            { ...viewer, id: submission.creatorId },
            submissionId,
            input.coverUploadId,
          )
        : [],
      status: review.status ?? submission.status,
    };
  });
  await Promise.all(removed.map((id) => removeUpload(dependencies.storage, id)));
  publishStatusChange(dependencies, submissionId, submission.status, status);
  return { status };
}

/** Tells the catalogue (caches, live counts) that an item's public face changed. */
export function publishStatusChange(
  dependencies: Pick<StudioDependencies, "events">,
  submissionId: string,
  before: SubmissionStatus,
  after: SubmissionStatus,
) {
  if (after === "approved")
    dependencies.events.publish({
      type: "catalogue.changed",
      submissionId,
      change: before === "approved" ? "updated" : "approved",
    });
  else if (before === "approved")
    dependencies.events.publish({ type: "catalogue.changed", submissionId, change: "unpublished" });
}

/** A stored submission's moderated fields, to compare an edit with. */
export function moderatedFieldsOf(
  submission: typeof contentSubmissions.$inferSelect,
): ModeratedFields {
  return {
    title: bilingual(submission.titleFr, submission.titleEn),
    description: bilingual(submission.descriptionFr, submission.descriptionEn),
    tags: bilingual(submission.tagsFr, submission.tagsEn),
    categoryId: submission.categoryId,
    kind: submission.kind,
  };
}

/**
 * Adds studio files of the submission's seller to it ('Fichiers ajoutés au contenu'). New files
 * on a published item are a material change: it goes back to moderation.
 */
export async function addFilesToSubmission(
  dependencies: StudioDependencies,
  viewer: Viewer,
  submissionId: string,
  uploadIds: string[],
): Promise<number> {
  const { submission } = await editable(dependencies, viewer, submissionId);
  if (uploadIds.length === 0) throw new StudioError("noFiles");
  const { added, status } = await dependencies.db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        and(
          inArray(uploads.id, uploadIds),
          eq(uploads.ownerId, submission.creatorId),
          eq(uploads.purpose, "original"),
          eq(uploads.status, "complete"),
          isNull(uploads.submissionId),
        ),
      );
    if (candidates.length !== new Set(uploadIds).size) throw new StudioError("filesInvalid");
    const [last] = await tx
      .select({ position: max(uploads.position) })
      .from(uploads)
      .where(eq(uploads.submissionId, submissionId));
    let position = (last?.position ?? 0) + 1;
    for (const { id } of candidates) {
      await tx.update(uploads).set({ submissionId, position }).where(eq(uploads.id, id));
      position += 1;
    }
    const review = submission.status === "approved" ? await submittedState(tx) : null;
    if (review)
      await tx
        .update(contentSubmissions)
        .set(review)
        .where(eq(contentSubmissions.id, submissionId));
    await tx.insert(auditLog).values({
      actorId: viewer.id,
      action: "submission.addFiles",
      targetType: "content_submission",
      targetId: submissionId,
      before: { status: submission.status },
      after: { uploadIds, status: review?.status ?? submission.status },
    });
    return { added: candidates.length, status: review?.status ?? submission.status };
  });
  publishStatusChange(dependencies, submissionId, submission.status, status);
  return added;
}

/**
 * Deletes a submission (its seller or an admin). One that was sold is only hidden, so buyers keep
 * their downloads (docs/product.md, "Moderation"); otherwise its rows and files go.
 */
export async function deleteSubmission(
  dependencies: StudioDependencies,
  viewer: Viewer,
  submissionId: string,
): Promise<{ title: Bilingual<string>; hidden: boolean }> {
  const found = await editable(dependencies, viewer, submissionId);
  const { db, storage } = dependencies;
  const hidden = await db.transaction(async (tx) => {
    const sold = await submissionHasSales(tx, submissionId);
    if (sold) {
      await tx
        .update(contentSubmissions)
        .set({ deletedAt: new Date() })
        .where(eq(contentSubmissions.id, submissionId));
    } else {
      await tx.delete(contentSubmissions).where(eq(contentSubmissions.id, submissionId));
    }
    await tx.insert(auditLog).values({
      actorId: viewer.id,
      action: sold ? "submission.hide" : "submission.delete",
      targetType: "content_submission",
      targetId: submissionId,
      before: {
        titleFr: found.submission.titleFr,
        titleEn: found.submission.titleEn,
        status: found.submission.status,
      },
    });
    return sold;
  });
  if (!hidden) {
    const files = [...found.files, ...(found.cover ? [found.cover] : [])];
    await Promise.all(files.map((file) => removeUpload(storage, file.id)));
  }
  dependencies.events.publish({ type: "catalogue.changed", submissionId, change: "deleted" });
  return { title: bilingual(found.submission.titleFr, found.submission.titleEn), hidden };
}
