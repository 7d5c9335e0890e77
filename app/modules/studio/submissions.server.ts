import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Viewer } from "../auth/roles";
import type { Database, DatabaseTransaction as Transaction } from "../db/client.server";
import { auditLog, categories, contentSubmissions, platformSettings, uploads } from "../db/schema";
import { mediaKindOf } from "../media/media-kind";
import type { EventBus } from "../events/event-bus.server";
import { removeUpload, type FileStorage } from "../storage/file-storage.server";
import { allowedContentKinds } from "./content-kind";
import type { ProductFields } from "./product-fields.server";
import { saveBlocker, type SaveIntent } from "./product-form";
import { StudioError } from "./studio-error";

export interface StudioDependencies {
  db: Database;
  storage: FileStorage;
  events: EventBus;
}

/** Whether publishing approves at once (admin setting, default off). */
export async function autoApprove(db: Database | Transaction): Promise<boolean> {
  const settings = await db.query.platformSettings.findFirst({
    where: eq(platformSettings.id, 1),
  });
  return settings?.autoApproveOnPublish ?? false;
}

/** Refuses a category id that names no category (the form's select can be tampered with). */
export async function assertCategory(tx: Database | Transaction, categoryId: string | null) {
  if (!categoryId) return;
  const found = await tx.query.categories.findFirst({ where: eq(categories.id, categoryId) });
  if (!found) throw new StudioError("categoryNotFound");
}

/** The submission's status and approval fields once its seller sends it (again) to review. */
export async function submittedState(tx: Transaction) {
  const now = new Date();
  return (await autoApprove(tx))
    ? { status: "approved" as const, submittedAt: now, approvedAt: now, approvedBy: null }
    : { status: "pending" as const, submittedAt: now, approvedAt: null, approvedBy: null };
}

/**
 * Attaches an ebook cover (the seller's own complete cover upload) to a submission, replacing
 * and deleting the previous one. Returns the ids whose files must be removed after commit.
 */
export async function attachCover(
  tx: Transaction,
  viewer: Viewer,
  submissionId: string,
  coverUploadId: string,
): Promise<string[]> {
  const cover = await tx.query.uploads.findFirst({
    where: and(eq(uploads.id, coverUploadId), eq(uploads.ownerId, viewer.id)),
  });
  if (!cover || cover.purpose !== "cover" || cover.status !== "complete")
    throw new StudioError("coverInvalid");
  if (cover.submissionId === submissionId) return [];
  if (cover.submissionId) throw new StudioError("coverInvalid");
  const previous = await tx
    .delete(uploads)
    .where(and(eq(uploads.submissionId, submissionId), eq(uploads.purpose, "cover")))
    .returning({ id: uploads.id });
  await tx.update(uploads).set({ submissionId }).where(eq(uploads.id, coverUploadId));
  return previous.map((row) => row.id);
}

async function hasCover(tx: Transaction, submissionId: string | null, coverUploadId?: string) {
  if (coverUploadId) return true;
  if (!submissionId) return false;
  const cover = await tx.query.uploads.findFirst({
    where: and(eq(uploads.submissionId, submissionId), eq(uploads.purpose, "cover")),
  });
  return Boolean(cover);
}

/** The product's text as its per-language columns (decision 0049). */
export function textColumns(fields: Pick<ProductFields, "title" | "description" | "tags">) {
  return {
    titleFr: fields.title.fr,
    titleEn: fields.title.en,
    descriptionFr: fields.description.fr,
    descriptionEn: fields.description.en,
    tagsFr: fields.tags.fr,
    tagsEn: fields.tags.en,
  };
}

function record(tx: Transaction, viewer: Viewer, action: string, id: string, after: unknown) {
  return tx
    .insert(auditLog)
    .values({ actorId: viewer.id, action, targetType: "content_submission", targetId: id, after });
}

/**
 * Saves the product made from one of the seller's studio files, as a draft or sent to review.
 * The first save creates the submission; later saves update it while it is still a draft.
 */
export async function saveStudioProduct(
  { db, storage, events }: StudioDependencies,
  viewer: Viewer,
  input: {
    uploadId: string;
    intent: SaveIntent;
    fields: ProductFields;
    coverUploadId?: string;
    /** Set by an automatic proposal: the seller has not looked at these values yet. */
    proposalUnreviewed?: boolean;
    /** The bulk publish: a draft the seller never looked at is not published by it. */
    requireReviewed?: boolean;
  },
): Promise<{ submissionId: string; status: "draft" | "pending" | "approved" }> {
  const removed: string[] = [];
  const result = await db.transaction(async (tx) => {
    const upload = await tx.query.uploads.findFirst({
      where: and(
        eq(uploads.id, input.uploadId),
        eq(uploads.ownerId, viewer.id),
        eq(uploads.purpose, "original"),
        eq(uploads.status, "complete"),
      ),
    });
    if (!upload) throw new StudioError("notFound", 404);
    const current = upload.submissionId
      ? await tx.query.contentSubmissions.findFirst({
          where: eq(contentSubmissions.id, upload.submissionId),
        })
      : undefined;
    if (current && current.status !== "draft") throw new StudioError("alreadySubmitted", 409);
    if (input.requireReviewed && current?.proposalUnreviewed)
      throw new StudioError("proposalUnreviewed");

    const { fields } = input;
    const media = mediaKindOf(upload.detectedMime ?? "", upload.fileName);
    if (!allowedContentKinds(media).includes(fields.kind)) throw new StudioError("kindNotAllowed");
    const blocker = saveBlocker(
      fields,
      input.intent,
      await hasCover(tx, current?.id ?? null, input.coverUploadId),
    );
    if (blocker) throw new StudioError(blocker);
    if (input.intent === "publish" && upload.processingStatus === "failed")
      throw new StudioError("processingFailed");
    await assertCategory(tx, fields.categoryId);

    const values = {
      ...textColumns(fields),
      categoryId: fields.categoryId,
      kind: fields.kind,
      priceCents: fields.price,
      // Any save by the seller is the seller's own; only an automatic proposal sets the flag.
      proposalUnreviewed: input.proposalUnreviewed ?? false,
      ...(input.intent === "publish" ? await submittedState(tx) : { status: "draft" as const }),
    };
    const [saved] = current
      ? await tx
          .update(contentSubmissions)
          .set(values)
          .where(eq(contentSubmissions.id, current.id))
          .returning()
      : await tx
          .insert(contentSubmissions)
          .values({ ...values, creatorId: viewer.id })
          .returning();
    if (!current) {
      await tx.update(uploads).set({ submissionId: saved!.id }).where(eq(uploads.id, upload.id));
    }
    if (input.coverUploadId) {
      removed.push(...(await attachCover(tx, viewer, saved!.id, input.coverUploadId)));
    }
    await record(
      tx,
      viewer,
      input.intent === "publish" ? "submission.publish" : "submission.save",
      saved!.id,
      {
        status: saved!.status,
      },
    );
    return { submissionId: saved!.id, status: saved!.status as "draft" | "pending" | "approved" };
  });
  await Promise.all(removed.map((id) => removeUpload(storage, id)));
  if (result.status === "approved") {
    events.publish({
      type: "catalogue.changed",
      submissionId: result.submissionId,
      change: "approved",
    });
  }
  return result;
}

/** A seller's own upload that is not yet part of a submitted product. */
export async function findStudioUpload(db: Database, viewer: Viewer, uploadId: string) {
  const [row] = await db
    .select({ upload: uploads, submission: contentSubmissions })
    .from(uploads)
    .leftJoin(contentSubmissions, eq(uploads.submissionId, contentSubmissions.id))
    .where(
      and(
        eq(uploads.id, uploadId),
        eq(uploads.ownerId, viewer.id),
        or(isNull(uploads.submissionId), eq(contentSubmissions.status, "draft")),
      ),
    );
  return row;
}

/** The seller's studio: complete original uploads not yet sent to review, oldest first. */
export async function listStudioFiles(db: Database, ownerId: string) {
  const rows = await db
    .select({ upload: uploads, submission: contentSubmissions })
    .from(uploads)
    .leftJoin(contentSubmissions, eq(uploads.submissionId, contentSubmissions.id))
    .where(
      and(
        eq(uploads.ownerId, ownerId),
        eq(uploads.purpose, "original"),
        eq(uploads.status, "complete"),
        or(isNull(uploads.submissionId), eq(contentSubmissions.status, "draft")),
      ),
    )
    .orderBy(asc(uploads.createdAt));
  const draftIds = rows.flatMap((row) => (row.submission ? [row.submission.id] : []));
  const covers = draftIds.length
    ? await db
        .select()
        .from(uploads)
        .where(and(inArray(uploads.submissionId, draftIds), eq(uploads.purpose, "cover")))
    : [];
  return rows.map((row) => ({
    ...row,
    cover: covers.find((cover) => cover.submissionId === row.submission?.id) ?? null,
  }));
}

/** One product of the bulk publish: the file and the fields its form holds. */
export interface ProductDraft {
  uploadId: string;
  fields: ProductFields;
  coverUploadId?: string;
}

/**
 * Publishes every product whose form is ready (title, description, an ebook's cover, and not an
 * automatic proposal the seller never looked at); others are left as they are. Refused when
 * none is ready.
 */
export async function publishReadyProducts(
  dependencies: StudioDependencies,
  viewer: Viewer,
  drafts: ProductDraft[],
): Promise<{ published: number; skipped: number }> {
  let published = 0;
  for (const draft of drafts) {
    try {
      await saveStudioProduct(dependencies, viewer, {
        ...draft,
        intent: "publish",
        requireReviewed: true,
      });
      published += 1;
    } catch (error) {
      if (!(error instanceof StudioError)) throw error;
    }
  }
  if (published === 0) throw new StudioError("noneReady");
  return { published, skipped: drafts.length - published };
}

/** The seller looked at a draft's proposal (opened or edited it): it may go out in bulk now. */
export async function markProposalReviewed(db: Database, viewer: Viewer, uploadId: string) {
  const found = await findStudioUpload(db, viewer, uploadId);
  if (!found?.submission?.proposalUnreviewed) return;
  await db
    .update(contentSubmissions)
    .set({ proposalUnreviewed: false })
    .where(
      and(eq(contentSubmissions.id, found.submission.id), eq(contentSubmissions.status, "draft")),
    );
}
