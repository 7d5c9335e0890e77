import { and, count, countDistinct, eq, gte, isNotNull, isNull, sql, sum } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { contentSubmissions, transactions, user } from "../db/schema";
import { lastMonths } from "../studio/submission-view";

/** The overview's figures (counts of users, items and sales, plus money and sellers). */
export interface PlatformStats {
  totalUsers: number;
  submissions: {
    draft: number;
    pending: number;
    approved: number;
    rejected: number;
    total: number;
  };
  /** Sum of succeeded lines before VAT, in cents. */
  revenueCents: number;
  commissionCents: number;
  /** Distinct sellers with at least one succeeded transaction. */
  activeSellers: number;
  salesCount: number;
}

/** One month of the overview's charts. */
export interface PlatformMonth {
  month: string;
  revenueCents: number;
  commissionCents: number;
  sales: number;
  newUsers: number;
  submitted: number;
}

const succeeded = eq(transactions.status, "succeeded");

export async function platformStats(db: Database): Promise<PlatformStats> {
  const [[users], byStatus, [money]] = await Promise.all([
    db.select({ total: count() }).from(user),
    db
      .select({ status: contentSubmissions.status, total: count() })
      .from(contentSubmissions)
      .where(isNull(contentSubmissions.deletedAt))
      .groupBy(contentSubmissions.status),
    db
      .select({
        revenue: sum(transactions.amountCents).mapWith(Number),
        commission: sum(transactions.commissionCents).mapWith(Number),
        sellers: countDistinct(transactions.sellerId),
        sales: count(),
      })
      .from(transactions)
      .where(succeeded),
  ]);
  const submissions = { draft: 0, pending: 0, approved: 0, rejected: 0, total: 0 };
  for (const row of byStatus) {
    submissions[row.status] = row.total;
    submissions.total += row.total;
  }
  return {
    totalUsers: users?.total ?? 0,
    submissions,
    revenueCents: money?.revenue ?? 0,
    commissionCents: money?.commission ?? 0,
    activeSellers: money?.sellers ?? 0,
    salesCount: money?.sales ?? 0,
  };
}

function monthOf(column: unknown) {
  return sql<string>`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;
}

/** The last twelve calendar months (UTC), oldest first, every month present. */
export async function platformMonths(db: Database, now = new Date()): Promise<PlatformMonth[]> {
  const months = lastMonths(now);
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  const saleMonth = monthOf(transactions.succeededAt);
  const userMonth = monthOf(user.createdAt);
  const submittedMonth = monthOf(contentSubmissions.submittedAt);
  const [sales, users, submitted] = await Promise.all([
    db
      .select({
        month: saleMonth,
        revenue: sum(transactions.amountCents).mapWith(Number),
        commission: sum(transactions.commissionCents).mapWith(Number),
        sales: count(),
      })
      .from(transactions)
      .where(
        and(succeeded, isNotNull(transactions.succeededAt), gte(transactions.succeededAt, since)),
      )
      .groupBy(saleMonth),
    db
      .select({ month: userMonth, total: count() })
      .from(user)
      .where(gte(user.createdAt, since))
      .groupBy(userMonth),
    db
      .select({ month: submittedMonth, total: count() })
      .from(contentSubmissions)
      .where(gte(contentSubmissions.submittedAt, since))
      .groupBy(submittedMonth),
  ]);
  return months.map((month) => {
    const sale = sales.find((row) => row.month === month);
    return {
      month,
      revenueCents: sale?.revenue ?? 0,
      commissionCents: sale?.commission ?? 0,
      sales: sale?.sales ?? 0,
      newUsers: users.find((row) => row.month === month)?.total ?? 0,
      submitted: submitted.find((row) => row.month === month)?.total ?? 0,
    };
  });
}
