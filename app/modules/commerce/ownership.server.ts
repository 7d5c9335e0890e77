import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Database, DatabaseTransaction as Tx } from "../db/client.server";
import { entitlements, type LicenceId } from "../db/schema";

/** A right the buyer holds: one item under one licence, with its certificate. */
export interface OwnedLicence {
  submissionId: string;
  licenceId: LicenceId;
  certificateNumber: string;
}

/**
 * The one rule for "already owns this item under this licence": an entitlement that is not
 * revoked. A suspended one (open dispute) still counts, as the dispute may be won. The cart,
 * checkout, product page and credit downloads all ask here; the database's partial unique
 * index on the same condition (`entitlements_owned_licence_idx`) stops a second grant that
 * arrives anyway.
 */
export async function ownedLicences(
  db: Database | Tx,
  buyerId: string,
  submissionIds: readonly string[],
): Promise<OwnedLicence[]> {
  if (submissionIds.length === 0) return [];
  return db
    .select({
      submissionId: entitlements.submissionId,
      licenceId: entitlements.licenceId,
      certificateNumber: entitlements.certificateNumber,
    })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.buyerId, buyerId),
        inArray(entitlements.submissionId, [...submissionIds]),
        isNull(entitlements.revokedAt),
      ),
    );
}

export async function ownsLicence(
  db: Database | Tx,
  buyerId: string,
  submissionId: string,
  licenceId: LicenceId,
): Promise<boolean> {
  const owned = await ownedLicences(db, buyerId, [submissionId]);
  return owned.some((row) => row.licenceId === licenceId);
}

/**
 * The one rule for "may download under this entitlement": neither revoked (refunded) nor
 * suspended (open dispute). As a query condition for the download route and the buyer's
 * figures, and as a test on a row for the buyer's lists.
 */
export function downloadable(): SQL {
  return and(isNull(entitlements.revokedAt), isNull(entitlements.suspendedReason))!;
}

export function isDownloadable(row: {
  revokedAt: Date | null;
  suspendedReason: string | null;
}): boolean {
  return !row.revokedAt && !row.suspendedReason;
}
