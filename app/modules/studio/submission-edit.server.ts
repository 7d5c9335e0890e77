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
import {
  assertCategory,
  autoApprove,
  attachCover,
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
 * Edits a submission (its seller or an admin). An approved one stays public (docs/product.md, "Moderation"); a
 * rejected one sent again goes back to pending, its last rejection reason kept for the reviewer
 * until the next decision.
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

  const { removed, status } = await dependencies.db.transaction(async (tx) => {
    await assertCategory(tx, input.fields.categoryId);
    const now = new Date();
    const review = submitting
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
      action: submitting ? "submission.resubmit" : "submission.update",
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
  if (status === "approved") {
    dependencies.events.publish({
      type: "catalogue.changed",
      submissionId,
      change: submission.status === "approved" ? "updated" : "approved",
    });
  }
  return { status };
}

/** Adds studio files of the submission's seller to it ('Fichiers ajoutés au contenu'). */
export async function addFilesToSubmission(
  dependencies: StudioDependencies,
  viewer: Viewer,
  submissionId: string,
  uploadIds: string[],
): Promise<number> {
  const { submission } = await editable(dependencies, viewer, submissionId);
  if (uploadIds.length === 0) throw new StudioError("noFiles");
  return dependencies.db.transaction(async (tx) => {
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
    await tx.insert(auditLog).values({
      actorId: viewer.id,
      action: "submission.addFiles",
      targetType: "content_submission",
      targetId: submissionId,
      after: { uploadIds },
    });
    return candidates.length;
  });
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
