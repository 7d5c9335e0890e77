import { and, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { earningsLedger, payouts, transactions } from "../db/schema";

/**
 * Figures read from the earnings ledger alone (decision 0024), so that what the seller's
 * analytics and the admin's payment tab show always adds up to the ledger:
 * earned − refunded = paid out + in flight + waiting.
 */
export interface EarningsTotals {
  /** Sellers' shares credited by sales. */
  earnedCents: number;
  /** Shares reversed by refunds (a positive amount). */
  refundedCents: number;
  /** Transfers that reached the sellers' accounts. */
  paidOutCents: number;
  /** Transfers asked of the provider with no answer yet. */
  inFlightCents: number;
  /**
   * The ledger's balance, not paid out yet (no active account, or a failed payout). A refund
   * after a payout can leave a seller below zero; the next sales make it up.
   */
  waitingCents: number;
  /** Platform commission on the sales credited, less the commission of refunded sales. */
  commissionCents: number;
  /** Gross amount of the sales credited (before commission, without VAT). */
  salesCents: number;
  /** Number of sales credited, less those refunded. */
  salesCount: number;
}

export interface EarningsMonth {
  month: string;
  salesCents: number;
  commissionCents: number;
  sharesCents: number;
  refundsCents: number;
  payoutsCents: number;
}

const monthOf = sql<string>`to_char(${earningsLedger.createdAt} at time zone 'UTC', 'YYYY-MM')`;

/** One row per ledger kind (and payout status): the sums the totals are made of. */
async function sumsByKind(db: Database, sellerId: string | null) {
  return db
    .select({
      kind: earningsLedger.kind,
      payoutStatus: payouts.status,
      amount: sql<number>`coalesce(sum(${earningsLedger.amountCents}), 0)::int`,
      gross: sql<number>`coalesce(sum(${transactions.amountCents}), 0)::int`,
      commission: sql<number>`coalesce(sum(${transactions.commissionCents}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(earningsLedger)
    .leftJoin(transactions, eq(transactions.id, earningsLedger.transactionId))
    .leftJoin(payouts, eq(payouts.id, earningsLedger.payoutId))
    .where(sellerId ? eq(earningsLedger.sellerId, sellerId) : undefined)
    .groupBy(earningsLedger.kind, payouts.status);
}

function totalsFrom(rows: Awaited<ReturnType<typeof sumsByKind>>): EarningsTotals {
  const pick = (kind: string, status?: string) =>
    rows.filter(
      (row) => row.kind === kind && (status === undefined || row.payoutStatus === status),
    );
  const sum = (list: typeof rows, field: "amount" | "gross" | "commission" | "count") =>
    list.reduce((total, row) => total + row[field], 0);
  const sales = pick("sale");
  const refunds = pick("refund");
  const earnedCents = sum(sales, "amount");
  const refundedCents = 0 - sum(refunds, "amount");
  // Net of transfers taken back after refunds.
  const paidOutCents =
    0 - sum(pick("payout", "paid"), "amount") - sum(pick("transfer_reversal"), "amount");
  const inFlightCents = 0 - sum(pick("payout", "pending"), "amount");
  return {
    earnedCents,
    refundedCents,
    paidOutCents,
    inFlightCents,
    // The balance: failed payouts cancel out with their payout_failed entry.
    waitingCents: rows.reduce((total, row) => total + row.amount, 0),
    commissionCents: sum(sales, "commission") - sum(refunds, "commission"),
    salesCents: sum(sales, "gross") - sum(refunds, "gross"),
    salesCount: sum(sales, "count") - sum(refunds, "count"),
  };
}

/** One seller's totals (only theirs: the seller id is the filter). */
export async function sellerEarningsTotals(
  db: Database,
  sellerId: string,
): Promise<EarningsTotals> {
  return totalsFrom(await sumsByKind(db, sellerId));
}

/** Every seller's totals together, for the admin's payment tab. */
export async function platformEarningsTotals(db: Database): Promise<EarningsTotals> {
  return totalsFrom(await sumsByKind(db, null));
}

/**
 * Month by month (the given months, "2026-11"), from the ledger: gross sales, commission and
 * shares of the sales credited, shares reversed, payouts (net of failed ones).
 */
export async function sellerEarningsByMonth(
  db: Database,
  sellerId: string,
  months: readonly string[],
): Promise<EarningsMonth[]> {
  const oldest = [...months].sort()[0];
  const rows = await db
    .select({
      month: monthOf,
      kind: earningsLedger.kind,
      amount: sql<number>`coalesce(sum(${earningsLedger.amountCents}), 0)::int`,
      gross: sql<number>`coalesce(sum(${transactions.amountCents}), 0)::int`,
      commission: sql<number>`coalesce(sum(${transactions.commissionCents}), 0)::int`,
    })
    .from(earningsLedger)
    .leftJoin(transactions, eq(transactions.id, earningsLedger.transactionId))
    .where(
      and(
        eq(earningsLedger.sellerId, sellerId),
        oldest ? gte(earningsLedger.createdAt, new Date(`${oldest}-01T00:00:00Z`)) : undefined,
      ),
    )
    .groupBy(monthOf, earningsLedger.kind);
  return months.map((month) => {
    const of = (kinds: string[]) =>
      rows.filter((row) => row.month === month && kinds.includes(row.kind));
    const sum = (list: typeof rows, field: "amount" | "gross" | "commission") =>
      list.reduce((total, row) => total + row[field], 0);
    return {
      month,
      salesCents: sum(of(["sale"]), "gross"),
      commissionCents: sum(of(["sale"]), "commission"),
      sharesCents: sum(of(["sale"]), "amount"),
      refundsCents: 0 - sum(of(["refund"]), "amount"),
      payoutsCents: 0 - sum(of(["payout", "payout_failed", "transfer_reversal"]), "amount"),
    };
  });
}

/** Per submission: sales kept (credited less refunded) and the seller's net share from them. */
export async function sellerEarningsBySubmission(
  db: Database,
  sellerId: string,
): Promise<Array<{ submissionId: string; sales: number; netCents: number }>> {
  const rows = await db
    .select({
      submissionId: transactions.submissionId,
      sales: sql<number>`(count(*) filter (where ${earningsLedger.kind} = 'sale') - count(*) filter (where ${earningsLedger.kind} = 'refund'))::int`,
      netCents: sql<number>`coalesce(sum(${earningsLedger.amountCents}), 0)::int`,
    })
    .from(earningsLedger)
    .innerJoin(transactions, eq(transactions.id, earningsLedger.transactionId))
    .where(eq(earningsLedger.sellerId, sellerId))
    .groupBy(transactions.submissionId);
  return rows.filter(
    (row): row is { submissionId: string; sales: number; netCents: number } =>
      row.submissionId !== null,
  );
}
