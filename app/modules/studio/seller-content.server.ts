import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { categories, contentSubmissions, profiles, uploads, user } from "../db/schema";

export type SubmissionStatus = (typeof contentSubmissions.$inferSelect)["status"];

/** The seller's submissions, newest first, with their files in order and the category. */
export async function listSellerSubmissions(db: Database, creatorId: string) {
  const rows = await db
    .select({ submission: contentSubmissions, category: categories })
    .from(contentSubmissions)
    .leftJoin(categories, eq(contentSubmissions.categoryId, categories.id))
    .where(and(eq(contentSubmissions.creatorId, creatorId), isNull(contentSubmissions.deletedAt)))
    .orderBy(desc(contentSubmissions.createdAt));
  return withFiles(db, rows);
}

export async function withFiles<T extends { submission: { id: string } }>(db: Database, rows: T[]) {
  const ids = rows.map((row) => row.submission.id);
  const files = ids.length
    ? await db
        .select()
        .from(uploads)
        .where(inArray(uploads.submissionId, ids))
        .orderBy(asc(uploads.position), asc(uploads.createdAt))
    : [];
  return rows.map((row) => ({
    ...row,
    files: files.filter(
      (file) => file.submissionId === row.submission.id && file.purpose === "original",
    ),
    cover:
      files.find((file) => file.submissionId === row.submission.id && file.purpose === "cover") ??
      null,
  }));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SellerSubmission = Awaited<ReturnType<typeof listSellerSubmissions>>[number];

/** One submission with its files, if the viewer may edit it (its seller, or an admin). */
export async function findEditableSubmission(
  db: Database,
  viewer: { id: string; role: string },
  submissionId: string,
) {
  // An id from a URL or a form: anything but a UUID names nothing (and must not reach the query).
  if (!uuidPattern.test(submissionId)) return null;
  const rows = await db
    .select({ submission: contentSubmissions, category: categories })
    .from(contentSubmissions)
    .leftJoin(categories, eq(contentSubmissions.categoryId, categories.id))
    .where(and(eq(contentSubmissions.id, submissionId), isNull(contentSubmissions.deletedAt)));
  const row = rows[0];
  if (!row) return null;
  if (viewer.role !== "admin" && row.submission.creatorId !== viewer.id) return null;
  const [found] = await withFiles(db, [row]);
  return found ?? null;
}

/**
 * Counts by status and the approval rate: approved among the items an admin has decided on.
 * Items still waiting are not counted: they are neither approved nor refused yet.
 */
export async function sellerStats(db: Database, creatorId: string) {
  const rows = await db
    .select({ status: contentSubmissions.status, total: count() })
    .from(contentSubmissions)
    .where(and(eq(contentSubmissions.creatorId, creatorId), isNull(contentSubmissions.deletedAt)))
    .groupBy(contentSubmissions.status);
  const byStatus = { draft: 0, pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) byStatus[row.status] = row.total;
  const reviewed = byStatus.approved + byStatus.rejected;
  return {
    ...byStatus,
    total: reviewed + byStatus.pending + byStatus.draft,
    /** Percentage with one decimal, null before any item was decided on. */
    approvalRate: reviewed === 0 ? null : Math.round((byStatus.approved / reviewed) * 1000) / 10,
  };
}

/** Submissions sent per month (review dates), for the analytics chart. */
export async function submissionsPerMonth(db: Database, creatorId: string) {
  const month = sql<string>`to_char(date_trunc('month', ${contentSubmissions.submittedAt}), 'YYYY-MM')`;
  return db
    .select({
      month,
      submitted: count(),
      approved:
        sql<number>`count(*) filter (where ${contentSubmissions.status} = 'approved')`.mapWith(
          Number,
        ),
    })
    .from(contentSubmissions)
    .where(
      and(
        eq(contentSubmissions.creatorId, creatorId),
        isNull(contentSubmissions.deletedAt),
        sql`${contentSubmissions.submittedAt} is not null`,
      ),
    )
    .groupBy(month)
    .orderBy(month);
}

/** The public face of a seller: names, avatar, member-since year. */
export async function sellerProfile(db: Database, creatorId: string) {
  const [row] = await db
    .select({
      displayName: profiles.displayName,
      storeName: profiles.storeName,
      image: user.image,
      createdAt: user.createdAt,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, creatorId));
  return row ?? null;
}

/**
 * The seller's studio files that no product uses yet (complete originals without a submission),
 * oldest first: what can be added to an existing submission.
 */
export async function listUnusedStudioFiles(db: Database, ownerId: string) {
  return db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.ownerId, ownerId),
        eq(uploads.purpose, "original"),
        eq(uploads.status, "complete"),
        isNull(uploads.submissionId),
      ),
    )
    .orderBy(asc(uploads.createdAt));
}

/** Every category, for the product forms (the page names and orders them in its language). */
export async function listCategories(db: Database) {
  return db.select().from(categories).orderBy(asc(categories.position));
}
