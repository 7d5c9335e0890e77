import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { contentSubmissions, entitlements } from "../db/schema";
import { sellerEarningsTotals } from "../payouts/earnings-figures.server";

/** What a seller's portfolio counts of their business, all read from what was recorded. */
export interface ShopFigures {
  /** Sales credited to the seller's ledger, less those refunded (decision record 0024). */
  sales: number;
  /** The seller's shares of those sales, net of refunds, in cents. */
  earnedCents: number;
  /**
   * Downloads granted on the seller's items, however paid (a sale, credits, Infinity, a free
   * item) and not withdrawn by a refund: the same count as a product page's.
   */
  downloads: number;
}

export async function shopFigures(db: Database, sellerId: string): Promise<ShopFigures> {
  const [totals, [granted]] = await Promise.all([
    sellerEarningsTotals(db, sellerId),
    db
      .select({ downloads: sql<number>`count(*)::int` })
      .from(entitlements)
      .innerJoin(contentSubmissions, eq(contentSubmissions.id, entitlements.submissionId))
      .where(and(eq(contentSubmissions.creatorId, sellerId), isNull(entitlements.revokedAt))),
  ]);
  return {
    sales: totals.salesCount,
    earnedCents: totals.earnedCents - totals.refundedCents,
    downloads: granted?.downloads ?? 0,
  };
}
