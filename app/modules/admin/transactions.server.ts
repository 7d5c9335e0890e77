import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.server";
import { contentSubmissions, profiles, transactions, user, type LicenceId } from "../db/schema";
import { adminPageSize, paged } from "./pagination";
import type { TransactionFilters } from "./transaction-filters";

/** One transaction as the admin sees it; null party or content means it was deleted. */
export interface AdminTransaction {
  id: string;
  /** The order it belongs to: refunds are made from the order's page. */
  orderId: string;
  createdAt: Date;
  status: string;
  licenceId: LicenceId;
  buyer: { name: string; email: string } | null;
  seller: { name: string; email: string } | null;
  /** The submission's title, or null when the content no longer exists. */
  title: string | null;
  amountCents: number;
  vatCents: number;
  commissionCents: number;
  sellerShareCents: number;
  commissionBps: number;
  providerPaymentId: string | null;
}

/** Longest export: far above any real month, and bounded so a request cannot exhaust memory. */
export const csvRowLimit = 50_000;

const buyerUser = alias(user, "buyer_user");
const buyerProfile = alias(profiles, "buyer_profile");
const sellerUser = alias(user, "seller_user");
const sellerProfile = alias(profiles, "seller_profile");

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

function conditions(filters: TransactionFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.status) parts.push(eq(transactions.status, filters.status));
  if (filters.from) parts.push(gte(transactions.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) {
    const end = new Date(`${filters.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    parts.push(lt(transactions.createdAt, end));
  }
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    parts.push(
      or(
        ilike(transactions.title, pattern),
        ilike(buyerUser.email, pattern),
        ilike(buyerProfile.displayName, pattern),
        ilike(sellerUser.email, pattern),
        ilike(sellerProfile.displayName, pattern),
        ilike(sellerProfile.storeName, pattern),
      )!,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

function baseQuery(db: Database) {
  return db
    .select({
      transaction: transactions,
      buyerEmail: buyerUser.email,
      buyerName: buyerProfile.displayName,
      sellerEmail: sellerUser.email,
      sellerName: sellerProfile.displayName,
      sellerStore: sellerProfile.storeName,
      submissionId: contentSubmissions.id,
    })
    .from(transactions)
    .leftJoin(buyerUser, eq(buyerUser.id, transactions.buyerId))
    .leftJoin(buyerProfile, eq(buyerProfile.userId, transactions.buyerId))
    .leftJoin(sellerUser, eq(sellerUser.id, transactions.sellerId))
    .leftJoin(sellerProfile, eq(sellerProfile.userId, transactions.sellerId))
    .leftJoin(contentSubmissions, eq(contentSubmissions.id, transactions.submissionId));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

function view(row: Row): AdminTransaction {
  const { transaction } = row;
  return {
    id: transaction.id,
    orderId: transaction.orderId,
    createdAt: transaction.createdAt,
    status: transaction.status,
    licenceId: transaction.licenceId,
    buyer: row.buyerEmail ? { name: row.buyerName ?? row.buyerEmail, email: row.buyerEmail } : null,
    seller: row.sellerEmail
      ? {
          name: row.sellerStore?.trim() || row.sellerName || row.sellerEmail,
          email: row.sellerEmail,
        }
      : null,
    title: row.submissionId ? transaction.title : null,
    amountCents: transaction.amountCents,
    vatCents: transaction.vatCents,
    commissionCents: transaction.commissionCents,
    sellerShareCents: transaction.sellerShareCents,
    commissionBps: transaction.commissionBps,
    providerPaymentId: transaction.providerPaymentId,
  };
}

/** Every transaction matching the filters, newest first, 50 a page, with the filtered totals. */
export async function listTransactions(db: Database, filters: TransactionFilters, page: number) {
  const where = conditions(filters);
  const [rows, [totals]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(adminPageSize)
      .offset((page - 1) * adminPageSize),
    db
      .select({
        total: count(),
        amount: sql<number>`coalesce(sum(${transactions.amountCents}), 0)`.mapWith(Number),
        commission: sql<number>`coalesce(sum(${transactions.commissionCents}), 0)`.mapWith(Number),
      })
      .from(transactions)
      .leftJoin(buyerUser, eq(buyerUser.id, transactions.buyerId))
      .leftJoin(buyerProfile, eq(buyerProfile.userId, transactions.buyerId))
      .leftJoin(sellerUser, eq(sellerUser.id, transactions.sellerId))
      .leftJoin(sellerProfile, eq(sellerProfile.userId, transactions.sellerId))
      .where(where),
  ]);
  return {
    ...paged(rows.map(view), totals?.total ?? 0, page),
    amountCents: totals?.amount ?? 0,
    commissionCents: totals?.commission ?? 0,
  };
}

/** Every matching transaction for the CSV export (at most `csvRowLimit`). */
export async function exportTransactions(db: Database, filters: TransactionFilters) {
  const rows = await baseQuery(db)
    .where(conditions(filters))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(csvRowLimit);
  return rows.map(view);
}
