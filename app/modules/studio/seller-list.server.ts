import { everSold } from "./sales.server";
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { categories, contentSubmissions, transactions } from "../db/schema";
import type { Locale } from "../i18n/locale";
import { withFiles } from "./seller-content.server";
import { sellerListPageSize, type SellerListQuery } from "./seller-list";

/** Kept sales of a submission (refunded ones do not count, as on the analytics tab). */
const salesCount = sql<number>`(select count(*) from ${transactions} where ${transactions.submissionId} = ${contentSubmissions.id} and ${transactions.status} = 'succeeded')`;

/** The title the page shows, for sorting: the page's language, else the other one (0049). */
function shownTitle(locale: Locale): SQL {
  const [first, second] =
    locale === "fr"
      ? [contentSubmissions.titleFr, contentSubmissions.titleEn]
      : [contentSubmissions.titleEn, contentSubmissions.titleFr];
  return sql`lower(coalesce(nullif(${first}, ''), ${second}))`;
}

function orderOf(query: SellerListQuery, locale: Locale): SQL[] {
  // Newest first breaks every tie, then the id, so a page never repeats or skips an item.
  const tie = [desc(contentSubmissions.createdAt), desc(contentSubmissions.id)];
  switch (query.sort) {
    case "newest":
      return tie;
    case "oldest":
      return [asc(contentSubmissions.createdAt), asc(contentSubmissions.id)];
    case "title":
      return [asc(shownTitle(locale)), ...tie];
    case "price":
      return [asc(sql`coalesce(${contentSubmissions.priceCents}, 0)`), ...tie];
    case "sales":
      return [desc(salesCount), ...tie];
  }
}

function conditionsOf(creatorId: string, query: SellerListQuery): SQL[] {
  const conditions: SQL[] = [
    eq(contentSubmissions.creatorId, creatorId),
    isNull(contentSubmissions.deletedAt),
  ];
  if (query.status) conditions.push(eq(contentSubmissions.status, query.status));
  if (query.kind) conditions.push(eq(contentSubmissions.kind, query.kind));
  if (query.q) {
    // Both languages' titles, whatever the page's language: a seller finds an item by either.
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(contentSubmissions.titleFr, pattern), ilike(contentSubmissions.titleEn, pattern))!,
    );
  }
  return conditions;
}

/**
 * One page of the seller's own items, searched, filtered and sorted in the database, with the
 * total for the pager. A page past the end answers the last page.
 */
export async function sellerListPage(
  db: Database,
  creatorId: string,
  query: SellerListQuery,
  locale: Locale,
) {
  const where = and(...conditionsOf(creatorId, query));
  const [counted] = await db.select({ total: count() }).from(contentSubmissions).where(where);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / sellerListPageSize));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      submission: contentSubmissions,
      category: categories,
      sales: salesCount,
      sold: everSold(contentSubmissions.id),
    })
    .from(contentSubmissions)
    .leftJoin(categories, eq(contentSubmissions.categoryId, categories.id))
    .where(where)
    .orderBy(...orderOf(query, locale))
    .limit(sellerListPageSize)
    .offset((page - 1) * sellerListPageSize);
  return { rows: await withFiles(db, rows), total, page, pageCount };
}
