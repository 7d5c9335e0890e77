import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { withTitlesIn } from "../catalogue/localized-title.server";
import type { Database } from "../db/client.server";
import { creditSpends, entitlements, orders, transactions, uploads, user } from "../db/schema";
import type { Locale } from "../i18n/locale";
import { downloadable } from "./ownership.server";

/**
 * A buyer's purchases (one per entitlement), newest first, titled in the reader's language and
 * optionally filtered by title (in either language, or as it was sold).
 */
export async function listPurchases(db: Database, buyerId: string, locale: Locale, search = "") {
  const query = search.trim().slice(0, 100);
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      entitlementId: entitlements.id,
      submissionId: entitlements.submissionId,
      licenceId: entitlements.licenceId,
      certificateNumber: entitlements.certificateNumber,
      /** How it was paid: "purchase" (money), "free", "credits" or "subscription" (Infinity). */
      source: entitlements.source,
      /** The credits a credit download spent (its line's amount is only the sellers' share). */
      credits: creditSpends.credits,
      createdAt: entitlements.createdAt,
      revokedAt: entitlements.revokedAt,
      suspendedReason: entitlements.suspendedReason,
      title: transactions.title,
      amountCents: transactions.amountCents,
      orderStatus: orders.status,
      // Payouts: the order's receipt (/:lang/receipts/:orderId) is linked from the dashboard.
      orderId: orders.id,
    })
    .from(entitlements)
    .leftJoin(transactions, eq(transactions.id, entitlements.transactionId))
    .leftJoin(orders, eq(orders.id, transactions.orderId))
    .leftJoin(creditSpends, eq(creditSpends.entitlementId, entitlements.id))
    .where(
      and(
        eq(entitlements.buyerId, buyerId),
        query
          ? or(
              ilike(transactions.title, pattern),
              sql`exists (select 1 from content_submissions cs where cs.id = ${entitlements.submissionId} and (cs.title_fr ilike ${pattern} or cs.title_en ilike ${pattern}))`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(entitlements.createdAt));
  return withTitlesIn(db, rows, locale);
}

/** The four overview figures. */
export async function purchaseStats(db: Database, buyerId: string) {
  const [row] = await db
    .select({
      purchases: sql<number>`count(distinct ${orders.id})::int`,
      spentCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int`,
    })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.status, "paid")));
  const [rights] = await db
    .select({
      licences: sql<number>`count(*)::int`,
      downloads: sql<number>`count(*) filter (where ${downloadable()})::int`,
    })
    .from(entitlements)
    .where(eq(entitlements.buyerId, buyerId));
  return {
    purchases: row?.purchases ?? 0,
    spentCents: row?.spentCents ?? 0,
    licences: rights?.licences ?? 0,
    downloads: rights?.downloads ?? 0,
  };
}

/** A certificate, for its holder or an admin, its item titled in the reader's language. */
export async function findCertificate(
  db: Database,
  number: string,
  viewer: { id: string; role: string },
  locale: Locale,
) {
  const [row] = await db
    .select({
      number: entitlements.certificateNumber,
      buyerId: entitlements.buyerId,
      buyerName: user.name,
      licenceId: entitlements.licenceId,
      createdAt: entitlements.createdAt,
      revokedAt: entitlements.revokedAt,
      submissionId: entitlements.submissionId,
      title: transactions.title,
    })
    .from(entitlements)
    .innerJoin(user, eq(user.id, entitlements.buyerId))
    .leftJoin(transactions, eq(transactions.id, entitlements.transactionId))
    .where(eq(entitlements.certificateNumber, number));
  if (!row || (row.buyerId !== viewer.id && viewer.role !== "admin")) return null;
  const [titled] = await withTitlesIn(db, [row], locale);
  return titled ?? null;
}

/** What the downloads list shows of each purchased item's files: format, size and a picture. */
export async function purchasedFiles(db: Database, submissionIds: string[]) {
  if (submissionIds.length === 0) return [];
  const rows = await db
    .select({
      id: uploads.id,
      submissionId: uploads.submissionId,
      purpose: uploads.purpose,
      fileName: uploads.fileName,
      size: uploads.size,
      mime: uploads.detectedMime,
      format: sql<string | null>`${uploads.metadata}->>'format'`,
      thumbnail: sql<boolean>`(${uploads.derivatives}->>'thumbnail') is not null`,
      poster: sql<boolean>`(${uploads.derivatives}->>'poster') is not null`,
    })
    .from(uploads)
    .where(and(inArray(uploads.submissionId, submissionIds), eq(uploads.status, "complete")))
    .orderBy(sql`(${uploads.purpose} = 'cover') desc`, asc(uploads.position));
  return rows;
}
