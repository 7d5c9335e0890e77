import { randomUUID } from "node:crypto";
import type { Services } from "~/modules/services";
import type { contentSubmissions } from "~/modules/db/schema";
import { entitlements, orders, transactions, type LicenceId } from "~/modules/db/schema";
import { linePriceCents, orderTotals, splitCommission } from "~/modules/pricing/pricing";
import { defaultLicences } from "~/modules/pricing/licences.server";

type SubmissionRow = typeof contentSubmissions.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;
type TransactionStatus = TransactionRow["status"];

export interface SaleOptions {
  licenceId?: LicenceId;
  status?: TransactionStatus;
  commissionBps?: number;
  createdAt?: Date;
  /** Also grants the buyer the download (true by default for a succeeded sale). */
  withEntitlement?: boolean;
}

/**
 * A one-line order of `submission` by `buyerId`, as fulfilment would have recorded it: the
 * order, its transaction (succeeded by default) and the buyer's entitlement, with the default
 * licence prices and the given commission (15 % by default).
 */
export async function recordSale(
  { db }: Pick<Services, "db">,
  buyerId: string | null,
  submission: SubmissionRow,
  options: SaleOptions = {},
): Promise<{ orderId: string; transaction: TransactionRow }> {
  const licenceId = options.licenceId ?? "standard";
  const licence = defaultLicences.find((row) => row.id === licenceId)!;
  const status = options.status ?? "succeeded";
  const createdAt = options.createdAt ?? new Date();
  const amountCents = linePriceCents(submission.priceCents, licence.surchargeCents);
  const totals = orderTotals([amountCents], 2000);
  const commissionBps = options.commissionBps ?? 1500;
  const split = splitCommission(amountCents, commissionBps);
  const paid = status === "succeeded" || status === "refunded";
  const [order] = await db
    .insert(orders)
    .values({
      buyerId,
      status: status === "succeeded" ? "paid" : status === "refunded" ? "refunded" : "pending",
      ...totals,
      provider: "test",
      providerSessionId: `test_${randomUUID()}`,
      createdAt,
      paidAt: paid ? createdAt : null,
    })
    .returning();
  const [transaction] = await db
    .insert(transactions)
    .values({
      orderId: order!.id,
      buyerId,
      sellerId: submission.creatorId,
      submissionId: submission.id,
      licenceId,
      title: submission.titleFr,
      itemPriceCents: Math.max(submission.priceCents ?? 0, 0),
      licenceCents: licence.surchargeCents,
      amountCents,
      vatCents: totals.vatCents,
      commissionBps,
      ...split,
      status,
      createdAt,
      succeededAt: paid ? createdAt : null,
    })
    .returning();
  if (buyerId && (options.withEntitlement ?? status === "succeeded")) {
    await db.insert(entitlements).values({
      buyerId,
      submissionId: submission.id,
      licenceId,
      source: "purchase",
      transactionId: transaction!.id,
      certificateNumber: `VT-TEST-${randomUUID().slice(0, 8).toUpperCase()}`,
      createdAt,
    });
  }
  return { orderId: order!.id, transaction: transaction! };
}
