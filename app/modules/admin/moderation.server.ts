import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
} from "drizzle-orm";
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
import { contentKinds, type ContentKind } from "../studio/content-kind";

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

/**
 * A file of a pending submission, with the derived file the admin can open and how the
 * original is shown to judge it (`/admin/originals/:id`): an image, a player, or a document.
 */
export type ModerationFile = FileTile & {
  review: "preview" | "clip" | "audio" | null;
  original: "image" | "video" | "audio" | "document";
};

function originalViewer(mime: string): ModerationFile["original"] {
  if (mime.startsWith("video/")) return "video";
  if (mime.startsWith("audio/")) return "audio";
  // Browsers show these at full size; other images (TIFF, EPS…) open as documents.
  if (/^image\/(jpeg|png|gif|webp|avif|svg\+xml|bmp)$/.test(mime)) return "image";
  return "document";
}

function moderationFile(upload: typeof uploads.$inferSelect): ModerationFile {
  const { derivatives } = upload;
  return {
    ...fileTile(upload),
    original: originalViewer(upload.detectedMime ?? ""),
    review: derivatives.preview
      ? "preview"
      : derivatives.clip
        ? "clip"
        : derivatives.audio
          ? "audio"
          : null,
  };
}

/** The moderation list's filters, read from the page's address (a bad value is ignored). */
export interface ModerationFilters {
  kind?: ContentKind;
  /** Part of the seller's name, shop name or e-mail. */
  seller?: string;
  /** Submitted on or after / on or before these days (YYYY-MM-DD, UTC). */
  from?: string;
  to?: string;
  /** Only items sent again after a rejection. */
  resubmitted?: boolean;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: string | null) =>
  value && dayPattern.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
    ? value
    : undefined;

export function moderationFiltersFrom(params: URLSearchParams): ModerationFilters {
  const kind = params.get("kind");
  const seller = params.get("seller")?.trim().slice(0, 100);
  return {
    ...((contentKinds as readonly string[]).includes(kind ?? "")
      ? { kind: kind as ContentKind }
      : {}),
    ...(seller ? { seller } : {}),
    ...(validDay(params.get("from")) ? { from: params.get("from")! } : {}),
    ...(validDay(params.get("to")) ? { to: params.get("to")! } : {}),
    ...(params.get("resubmitted") === "1" ? { resubmitted: true } : {}),
  };
}

function filterConditions(filters: ModerationFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.kind) conditions.push(eq(contentSubmissions.kind, filters.kind));
  if (filters.seller) {
    const pattern = `%${filters.seller.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(profiles.displayName, pattern),
        ilike(profiles.storeName, pattern),
        ilike(user.email, pattern),
      )!,
    );
  }
  if (filters.from)
    conditions.push(gte(contentSubmissions.submittedAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) {
    const next = new Date(`${filters.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    conditions.push(lt(contentSubmissions.submittedAt, next));
  }
  if (filters.resubmitted)
    conditions.push(
      or(
        isNotNull(contentSubmissions.rejectionCode),
        isNotNull(contentSubmissions.rejectionReason),
      )!,
    );
  return conditions;
}

/** Pending submissions, newest first, 50 a page, with their files and seller. */
export async function listPendingSubmissions(
  db: Database,
  locale: Locale,
  page: number,
  filters: ModerationFilters = {},
) {
  const pending = and(
    eq(contentSubmissions.status, "pending"),
    isNull(contentSubmissions.deletedAt),
    ...filterConditions(filters),
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
    db
      .select({ total: count() })
      .from(contentSubmissions)
      .leftJoin(profiles, eq(profiles.userId, contentSubmissions.creatorId))
      .leftJoin(user, eq(user.id, contentSubmissions.creatorId))
      .where(pending),
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

interface Moved {
  id: string;
  titleFr: string;
  titleEn: string;
  creatorId: string;
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
  const moved = await transition(dependencies, admin, submissionId, decision);
  await tellSellers(dependencies, [moved], decision);
  return { id: moved.id, status: statusOf(decision) };
}

/** Most submissions one bulk decision may carry (two list pages). */
export const bulkModerationMax = 100;

/**
 * The same decision for several pending submissions, each through the same guarded transition
 * as one by one (and its own audit row). Those another admin already decided, or that no longer
 * exist, are counted as refused. Each seller gets one e-mail for all of theirs.
 */
export async function moderateSubmissions(
  dependencies: ModerationDependencies,
  admin: Viewer,
  submissionIds: readonly string[],
  decision: Decision,
): Promise<{ decided: number; refused: number; status: "approved" | "rejected" }> {
  const ids = [...new Set(submissionIds)].slice(0, bulkModerationMax);
  if (ids.length === 0) throw new AdminError("nothingSelected");
  const moved: Moved[] = [];
  let refused = 0;
  for (const id of ids) {
    try {
      moved.push(await transition(dependencies, admin, id, decision));
    } catch (error) {
      if (!(error instanceof AdminError)) throw error;
      refused += 1;
    }
  }
  await tellSellers(dependencies, moved, decision);
  return { decided: moved.length, refused, status: statusOf(decision) };
}

const statusOf = (decision: Decision) =>
  decision.decision === "approve" ? ("approved" as const) : ("rejected" as const);

/** The guarded update, its audit row and the catalogue event; no e-mail. */
async function transition(
  dependencies: ModerationDependencies,
  admin: Viewer,
  submissionId: string,
  decision: Decision,
): Promise<Moved> {
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
  return moved;
}

/** One e-mail per seller for the submissions just decided, after the commits. */
async function tellSellers(
  dependencies: ModerationDependencies,
  moved: readonly Moved[],
  decision: Decision,
) {
  const bySeller = new Map<string, Moved[]>();
  for (const item of moved)
    bySeller.set(item.creatorId, [...(bySeller.get(item.creatorId) ?? []), item]);
  for (const [creatorId, items] of bySeller) {
    await tellSeller(dependencies, creatorId, items, decision).catch((error: unknown) => {
      // The decision stands; the seller still sees it on the dashboard.
      logger().error(
        { err: error, submissionIds: items.map((item) => item.id) },
        "moderation e-mail failed",
      );
    });
  }
}

/** Why the items were rejected, the admin's note if any, and what the seller can do next. */
function rejectionParagraphs(
  t: ReturnType<typeof getT>,
  decision: Extract<Decision, { decision: "reject" }>,
): string[] {
  return [
    t("admin.email.reason", { reason: t(`admin.reasons.${decision.code}`) }),
    ...(decision.note ? [t("admin.email.note", { note: decision.note })] : []),
    t("admin.email.rejectedHint"),
  ];
}

/** The e-mail to the seller, in the seller's own language: one item, or the list of several. */
async function tellSeller(
  { db, env }: ModerationDependencies,
  creatorId: string,
  items: readonly Moved[],
  decision: Decision,
) {
  const [seller] = await db
    .select({ email: user.email, name: profiles.displayName, locale: profiles.locale })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, creatorId));
  if (!seller) return;
  const locale: Locale = seller.locale ?? "fr";
  const t = getT(locale);
  // The seller's language first, the other where only that one is written (decision 0049).
  const titleOf = (item: Moved) =>
    inLocale(bilingual(item.titleFr, item.titleEn), locale).trim() || t("sellerDashboard.untitled");
  const paragraphs = [t("admin.email.greeting", { name: seller.name ?? seller.email })];
  if (items.length > 1) {
    const approve = decision.decision === "approve";
    paragraphs.push(
      t(approve ? "admin.email.approvedManyBody" : "admin.email.rejectedManyBody", {
        count: items.length,
      }),
      ...items.map((item) => `• ${titleOf(item)}`),
    );
    if (decision.decision === "reject") paragraphs.push(...rejectionParagraphs(t, decision));
    await enqueueMail(db, {
      message: {
        to: seller.email,
        ...renderEmail({
          subject: t(
            approve ? "admin.email.approvedManySubject" : "admin.email.rejectedManySubject",
            {
              count: items.length,
            },
          ),
          paragraphs,
          link: `${env.baseUrl}/${locale}/seller-dashboard`,
        }),
      },
    });
    return;
  }
  const submission = items[0]!;
  const title = titleOf(submission);
  if (decision.decision === "approve") {
    paragraphs.push(t("admin.email.approvedBody", { title }));
  } else {
    paragraphs.push(t("admin.email.rejectedBody", { title }), ...rejectionParagraphs(t, decision));
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
