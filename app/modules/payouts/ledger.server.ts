import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database, DatabaseTransaction as Tx } from "../db/client.server";
import {
  earningsLedger,
  entitlements,
  orders,
  payouts,
  refundNotices,
  transactions,
} from "../db/schema";

type TransactionRow = typeof transactions.$inferSelect;

/**
 * Credits each seller's share of lines that have just been paid (called by fulfilment in its
 * transaction). The unique (kind, transaction) index makes a second call a no-op.
 */
export async function creditSales(tx: Tx | Database, lines: TransactionRow[]): Promise<void> {
  const credited = lines.filter((line) => line.sellerId && line.status === "succeeded");
  if (credited.length === 0) return;
  await tx
    .insert(earningsLedger)
    .values(
      credited.map((line) => ({
        sellerId: line.sellerId,
        kind: "sale" as const,
        amountCents: line.sellerShareCents,
        transactionId: line.id,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Refunds paid lines of an order (all of them, or the given ones): each line moves from
 * succeeded to refunded once (a guarded update), its download right ends at once and the
 * seller's share is reversed in the ledger. The order becomes refunded when no paid line is
 * left. Returns the lines refunded by this call (none when they already were).
 */
export async function applyRefund(
  tx: Tx,
  orderId: string,
  transactionIds?: readonly string[],
): Promise<TransactionRow[]> {
  const now = new Date();
  const lines = await tx
    .update(transactions)
    .set({ status: "refunded" })
    .where(
      and(
        eq(transactions.orderId, orderId),
        eq(transactions.status, "succeeded"),
        transactionIds ? inArray(transactions.id, [...transactionIds]) : undefined,
      ),
    )
    .returning();
  if (lines.length > 0) {
    const ids = lines.map((line) => line.id);
    await tx
      .update(entitlements)
      .set({ revokedAt: now })
      .where(and(inArray(entitlements.transactionId, ids), isNull(entitlements.revokedAt)));
    const sellerLines = lines.filter((line) => line.sellerId);
    if (sellerLines.length > 0) {
      await tx
        .insert(earningsLedger)
        .values(
          sellerLines.map((line) => ({
            sellerId: line.sellerId,
            kind: "refund" as const,
            amountCents: -line.sellerShareCents,
            transactionId: line.id,
          })),
        )
        .onConflictDoNothing();
    }
  }
  const [stillPaid] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(eq(transactions.orderId, orderId), eq(transactions.status, "succeeded")));
  if ((stillPaid?.count ?? 0) === 0) {
    await tx
      .update(orders)
      .set({ status: "refunded" })
      .where(and(eq(orders.id, orderId), eq(orders.status, "paid")));
  }
  return lines;
}

/**
 * A provider's refund event for a payment: refunds its paid orders; when the payment is not
 * recorded yet (the refund event came first), keeps a notice that fulfilment applies later.
 */
export async function refundPayment(
  tx: Tx,
  provider: string,
  event: { eventId: string; paymentId: string | null; sessionId: string | null },
): Promise<TransactionRow[]> {
  const references = [event.paymentId, event.sessionId].filter((value): value is string =>
    Boolean(value),
  );
  if (references.length === 0) return [];
  const found = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.provider, provider),
        or(
          event.paymentId ? eq(orders.providerPaymentId, event.paymentId) : undefined,
          event.sessionId ? eq(orders.providerSessionId, event.sessionId) : undefined,
        ),
      ),
    );
  const paid = found.filter((order) => order.status === "paid" || order.status === "refunded");
  if (paid.length === 0) {
    await tx
      .insert(refundNotices)
      .values({ provider, reference: references[0]!, eventId: event.eventId })
      .onConflictDoNothing();
    return [];
  }
  const refunded: TransactionRow[] = [];
  for (const order of paid) refunded.push(...(await applyRefund(tx, order.id)));
  return refunded;
}

/** Applies a refund that arrived before this order's payment (called right after fulfilment). */
export async function applyEarlyRefund(
  tx: Tx,
  provider: string,
  order: { id: string; providerPaymentId: string | null; providerSessionId: string | null },
): Promise<TransactionRow[]> {
  const references = [order.providerPaymentId, order.providerSessionId].filter(
    (value): value is string => Boolean(value),
  );
  if (references.length === 0) return [];
  const notices = await tx
    .update(refundNotices)
    .set({ appliedAt: new Date() })
    .where(
      and(
        eq(refundNotices.provider, provider),
        inArray(refundNotices.reference, references),
        isNull(refundNotices.appliedAt),
      ),
    )
    .returning({ id: refundNotices.id });
  if (notices.length === 0) return [];
  return applyRefund(tx, order.id);
}

/** A seller's balance: everything credited minus everything reversed or paid out. */
export async function sellerBalance(db: Database | Tx, sellerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${earningsLedger.amountCents}), 0)::int` })
    .from(earningsLedger)
    .where(eq(earningsLedger.sellerId, sellerId));
  return row?.total ?? 0;
}

export interface LedgerLine {
  id: string;
  kind: (typeof earningsLedger.$inferSelect)["kind"];
  amountCents: number;
  createdAt: Date;
  title: string | null;
  licenceId: string | null;
  saleCents: number | null;
  commissionCents: number | null;
  commissionBps: number | null;
  payoutStatus: string | null;
}

/** The newest entries of one seller's ledger (only theirs: the seller id is the filter). */
export async function sellerLedger(
  db: Database,
  sellerId: string,
  limit = 50,
): Promise<LedgerLine[]> {
  return db
    .select({
      id: earningsLedger.id,
      kind: earningsLedger.kind,
      amountCents: earningsLedger.amountCents,
      createdAt: earningsLedger.createdAt,
      title: transactions.title,
      licenceId: transactions.licenceId,
      saleCents: transactions.amountCents,
      commissionCents: transactions.commissionCents,
      commissionBps: transactions.commissionBps,
      payoutStatus: payouts.status,
    })
    .from(earningsLedger)
    .leftJoin(transactions, eq(transactions.id, earningsLedger.transactionId))
    .leftJoin(payouts, eq(payouts.id, earningsLedger.payoutId))
    .where(eq(earningsLedger.sellerId, sellerId))
    .orderBy(desc(earningsLedger.createdAt), desc(earningsLedger.id))
    .limit(limit);
}

/** First instant of a month ("2026-11") and of the next one, in UTC. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new RangeError(`not a month: ${month}`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (index < 0 || index > 11) throw new RangeError(`not a month: ${month}`);
  return { start: new Date(Date.UTC(year, index, 1)), end: new Date(Date.UTC(year, index + 1, 1)) };
}

export interface MonthlyStatement {
  month: string;
  /** Sales credited in the month: gross line amounts, commission and the seller's share. */
  salesCents: number;
  commissionCents: number;
  sharesCents: number;
  refundsCents: number;
  payoutsCents: number;
  /** Sum of every ledger entry of the month. */
  netCents: number;
  entries: Array<LedgerLine & { transactionId: string | null; payoutId: string | null }>;
}

/** One seller's month, from the ledger (each entry joined to its sale or payout). */
export async function monthlyStatement(
  db: Database,
  sellerId: string,
  month: string,
): Promise<MonthlyStatement> {
  const { start, end } = monthBounds(month);
  const entries = await db
    .select({
      id: earningsLedger.id,
      kind: earningsLedger.kind,
      amountCents: earningsLedger.amountCents,
      createdAt: earningsLedger.createdAt,
      transactionId: earningsLedger.transactionId,
      payoutId: earningsLedger.payoutId,
      title: transactions.title,
      licenceId: transactions.licenceId,
      saleCents: transactions.amountCents,
      commissionCents: transactions.commissionCents,
      commissionBps: transactions.commissionBps,
      payoutStatus: payouts.status,
    })
    .from(earningsLedger)
    .leftJoin(transactions, eq(transactions.id, earningsLedger.transactionId))
    .leftJoin(payouts, eq(payouts.id, earningsLedger.payoutId))
    .where(
      and(
        eq(earningsLedger.sellerId, sellerId),
        gte(earningsLedger.createdAt, start),
        lt(earningsLedger.createdAt, end),
      ),
    )
    .orderBy(earningsLedger.createdAt, earningsLedger.id);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const sales = entries.filter((entry) => entry.kind === "sale");
  return {
    month,
    salesCents: sum(sales.map((entry) => entry.saleCents ?? 0)),
    commissionCents: sum(sales.map((entry) => entry.commissionCents ?? 0)),
    sharesCents: sum(sales.map((entry) => entry.amountCents)),
    refundsCents: sum(
      entries.filter((entry) => entry.kind === "refund").map((entry) => entry.amountCents),
    ),
    payoutsCents: sum(
      entries
        .filter((entry) => ["payout", "payout_failed", "transfer_reversal"].includes(entry.kind))
        .map((entry) => entry.amountCents),
    ),
    netCents: sum(entries.map((entry) => entry.amountCents)),
    entries,
  };
}
