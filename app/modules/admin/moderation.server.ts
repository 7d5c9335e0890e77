import { and, asc, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Viewer } from "../auth/roles";
import type { Database } from "../db/client.server";
import { auditLog, categories, contentSubmissions, profiles, uploads, user } from "../db/schema";
import type { EventBus } from "../events/event-bus.server";
import { getT } from "../i18n/i18n";
import { bilingual, inLocale, tagsInLocale } from "../i18n/bilingual-text";
import type { Locale } from "../i18n/locale";
import { logger } from "../log/logger.server";
import { renderEmail } from "../mail/render-email.server";
import { categoryName, fileTile, type FileTile } from "../studio/submission-view";
import { AdminError } from "./admin-error";
import { adminPageSize, paged } from "./pagination";
import { isRejectionCode, rejectionNoteMax, type RejectionCode } from "./rejection-reasons";
import { enqueueMail } from "../mail/mail-jobs.server";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ModerationDependencies {
  db: Database;
  events: EventBus;
  env: { baseUrl: string };
}

/** One pending submission as the moderation tab shows it. */
export interface PendingSubmission {
  id: string;
  title: string;
  description: string;
  kind: string;
  priceCents: number | null;
  tags: string[];
  categoryName: string | null;
  creatorName: string | null;
  creatorEmail: string | null;
  submittedAt: Date;
  /** The previous rejection, when the seller sent it again after one. */
  previousRejection: { code: string | null; note: string | null } | null;
  files: ModerationFile[];
  cover: ModerationFile | null;
}

/** A file of a pending submission, with the derived file the admin can open to review it. */
export type ModerationFile = FileTile & { review: "preview" | "clip" | "audio" | null };

function moderationFile(upload: typeof uploads.$inferSelect): ModerationFile {
  const { derivatives } = upload;
  return {
    ...fileTile(upload),
    review: derivatives.preview
      ? "preview"
      : derivatives.clip
        ? "clip"
        : derivatives.audio
          ? "audio"
          : null,
  };
}

/** Pending submissions, newest first, 50 a page, with their files and seller. */
export async function listPendingSubmissions(db: Database, locale: Locale, page: number) {
  const pending = and(
    eq(contentSubmissions.status, "pending"),
    isNull(contentSubmissions.deletedAt),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        submission: contentSubmissions,
        category: categories,
        displayName: profiles.displayName,
        storeName: profiles.storeName,
        email: user.email,
      })
      .from(contentSubmissions)
      .leftJoin(categories, eq(contentSubmissions.categoryId, categories.id))
      .leftJoin(profiles, eq(profiles.userId, contentSubmissions.creatorId))
      .leftJoin(user, eq(user.id, contentSubmissions.creatorId))
      .where(pending)
      .orderBy(desc(contentSubmissions.submittedAt), desc(contentSubmissions.createdAt))
      .limit(adminPageSize)
      .offset((page - 1) * adminPageSize),
    db.select({ total: count() }).from(contentSubmissions).where(pending),
  ]);
  const ids = rows.map((row) => row.submission.id);
  const files = ids.length
    ? await db
        .select()
        .from(uploads)
        .where(inArray(uploads.submissionId, ids))
        .orderBy(asc(uploads.position), asc(uploads.createdAt))
    : [];
  const items: PendingSubmission[] = rows.map(({ submission, category, ...creator }) => {
    const own = files.filter((file) => file.submissionId === submission.id);
    const cover = own.find((file) => file.purpose === "cover");
    return {
      id: submission.id,
      // The admin's language first, the other where the seller wrote only that (decision 0049).
      title: inLocale(bilingual(submission.titleFr, submission.titleEn), locale),
      description: inLocale(bilingual(submission.descriptionFr, submission.descriptionEn), locale),
      kind: submission.kind,
      priceCents: submission.priceCents,
      tags: tagsInLocale(bilingual(submission.tagsFr, submission.tagsEn), locale),
      categoryName: category ? categoryName(category, locale) : null,
      creatorName: creator.storeName?.trim() || creator.displayName?.trim() || null,
      creatorEmail: creator.email,
      submittedAt: submission.submittedAt ?? submission.createdAt,
      previousRejection:
        submission.rejectionCode || submission.rejectionReason
          ? { code: submission.rejectionCode, note: submission.rejectionReason }
          : null,
      files: own.filter((file) => file.purpose === "original").map(moderationFile),
      cover: cover ? moderationFile(cover) : null,
    };
  });
  return paged(items, totals?.total ?? 0, page);
}

type Decision =
  { decision: "approve" } | { decision: "reject"; code: RejectionCode; note: string | null };

/** Reads and checks a rejection's reason from a form: a known code, optional bounded text. */
export function rejectionFrom(code: unknown, note: unknown): Decision {
  if (!isRejectionCode(code)) throw new AdminError("invalidReason");
  const text = typeof note === "string" ? note.trim() : "";
  if (text.length > rejectionNoteMax) throw new AdminError("invalidReason");
  return { decision: "reject", code, note: text === "" ? null : text };
}

/**
 * Moves one pending submission to approved or rejected. The update itself checks that the
 * submission is still pending, so of two admins deciding at once exactly one wins; the other
 * gets `alreadyModerated`. The audit row is written in the same transaction as the change.
 * The seller is told by e-mail after the commit.
 */
export async function moderateSubmission(
  dependencies: ModerationDependencies,
  admin: Viewer,
  submissionId: string,
  decision: Decision,
): Promise<{ id: string; status: "approved" | "rejected" }> {
  if (admin.role !== "admin") throw new AdminError("notFound", 404);
  if (!uuidPattern.test(submissionId)) throw new AdminError("notFound", 404);
  const { db } = dependencies;
  const now = new Date();
  const values =
    decision.decision === "approve"
      ? {
          status: "approved" as const,
          approvedAt: now,
          approvedBy: admin.id,
          rejectionCode: null,
          rejectionReason: null,
        }
      : {
          status: "rejected" as const,
          approvedAt: null,
          approvedBy: null,
          rejectionCode: decision.code,
          rejectionReason: decision.note,
        };
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(contentSubmissions)
      .set(values)
      .where(
        and(
          eq(contentSubmissions.id, submissionId),
          eq(contentSubmissions.status, "pending"),
          isNull(contentSubmissions.deletedAt),
        ),
      )
      .returning({
        id: contentSubmissions.id,
        titleFr: contentSubmissions.titleFr,
        titleEn: contentSubmissions.titleEn,
        creatorId: contentSubmissions.creatorId,
      });
    if (!row) {
      const exists = await tx.query.contentSubmissions.findFirst({
        where: and(eq(contentSubmissions.id, submissionId), isNull(contentSubmissions.deletedAt)),
        columns: { id: true },
      });
      throw exists ? new AdminError("alreadyModerated", 409) : new AdminError("notFound", 404);
    }
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: decision.decision === "approve" ? "submission.approve" : "submission.reject",
      targetType: "content_submission",
      targetId: row.id,
      before: { status: "pending", titleFr: row.titleFr, titleEn: row.titleEn },
      after: {
        status: values.status,
        ...(decision.decision === "reject"
          ? { rejectionCode: decision.code, rejectionReason: decision.note }
          : {}),
      },
    });
    return row;
  });
  dependencies.events.publish({
    type: "catalogue.changed",
    submissionId: moved.id,
    change: values.status,
  });
  await tellSeller(dependencies, moved, decision).catch((error: unknown) => {
    // The decision stands; the seller still sees it on the dashboard.
    logger().error({ err: error, submissionId: moved.id }, "moderation e-mail failed");
  });
  return { id: moved.id, status: values.status };
}

/** The e-mail to the seller, in the seller's own language. */
async function tellSeller(
  { db, env }: ModerationDependencies,
  submission: { id: string; titleFr: string; titleEn: string; creatorId: string },
  decision: Decision,
) {
  const [seller] = await db
    .select({ email: user.email, name: profiles.displayName, locale: profiles.locale })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, submission.creatorId));
  if (!seller) return;
  const locale: Locale = seller.locale ?? "fr";
  const t = getT(locale);
  const title =
    inLocale(bilingual(submission.titleFr, submission.titleEn), locale).trim() ||
    t("sellerDashboard.untitled");
  const paragraphs = [t("admin.email.greeting", { name: seller.name ?? seller.email })];
  if (decision.decision === "approve") {
    paragraphs.push(t("admin.email.approvedBody", { title }));
  } else {
    paragraphs.push(t("admin.email.rejectedBody", { title }));
    paragraphs.push(t("admin.email.reason", { reason: t(`admin.reasons.${decision.code}`) }));
    if (decision.note) paragraphs.push(t("admin.email.note", { note: decision.note }));
    paragraphs.push(t("admin.email.rejectedHint"));
  }
  await enqueueMail(db, {
    message: {
      to: seller.email,
      ...renderEmail({
        subject:
          decision.decision === "approve"
            ? t("admin.email.approvedSubject", { title })
            : t("admin.email.rejectedSubject", { title }),
        paragraphs,
        link: `${env.baseUrl}/${locale}/seller-dashboard/content/${submission.id}`,
      }),
    },
  });
}
