import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { contentSubmissions, licences, type LicenceId } from "../db/schema";
import { commissionRateBps } from "./commission.server";
import { linePriceCents, splitCommission } from "./pricing";
import { titleIn } from "../catalogue/localized-title.server";

/** What one cart line costs, read from the database at this moment (never from the browser). */
export interface LineQuote {
  submissionId: string;
  sellerId: string;
  title: string;
  licenceId: LicenceId;
  itemPriceCents: number;
  surchargeCents: number;
  lineCents: number;
  commissionBps: number;
  commissionCents: number;
  sellerShareCents: number;
}

/**
 * Prices one item under one licence from the item's price, the licence catalogue and the
 * commission setting. Null when the item is not on public sale (not approved, or deleted) or
 * the licence does not exist. Whether an exclusive licence is still available is the
 * checkout's concern.
 */
export async function quoteLine(
  db: Database,
  submissionId: string,
  licenceId: string,
): Promise<LineQuote | null> {
  const [row] = await db
    .select({
      submissionId: contentSubmissions.id,
      sellerId: contentSubmissions.creatorId,
      // The title kept with the sale: the default language's, or English when only that exists.
      title: titleIn("fr"),
      priceCents: contentSubmissions.priceCents,
      licenceId: licences.id,
      surchargeCents: licences.surchargeCents,
    })
    .from(contentSubmissions)
    .innerJoin(licences, eq(licences.id, licenceId as LicenceId))
    .where(
      and(
        eq(contentSubmissions.id, submissionId),
        eq(contentSubmissions.status, "approved"),
        isNull(contentSubmissions.deletedAt),
      ),
    );
  if (!row) return null;
  const commissionBps = await commissionRateBps(db);
  const lineCents = linePriceCents(row.priceCents, row.surchargeCents);
  return {
    submissionId: row.submissionId,
    sellerId: row.sellerId,
    title: row.title,
    licenceId: row.licenceId,
    itemPriceCents: Math.max(row.priceCents ?? 0, 0),
    surchargeCents: row.surchargeCents,
    lineCents,
    commissionBps,
    ...splitCommission(lineCents, commissionBps),
  };
}
