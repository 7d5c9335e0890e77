import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { withTitlesIn } from "../catalogue/localized-title.server";
import { orders, transactions, uploads } from "../db/schema";
import type { Locale } from "../i18n/locale";

export type OrderRow = typeof orders.$inferSelect;

/** The viewer's order behind a provider session id; another buyer's order is never found. */
export async function buyerOrderBySession(
  db: Database,
  buyerId: string,
  sessionId: string,
  provider?: string,
): Promise<OrderRow | null> {
  if (!sessionId || sessionId.length > 200) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.providerSessionId, sessionId),
        eq(orders.buyerId, buyerId),
        provider ? eq(orders.provider, provider) : undefined,
      ),
    );
  return order ?? null;
}

/** An order's lines, each item titled in the reader's language (decision 0049). */
export async function orderLines(db: Database, orderId: string, locale: Locale) {
  const lines = await db
    .select()
    .from(transactions)
    .where(eq(transactions.orderId, orderId))
    .orderBy(asc(transactions.createdAt));
  return withTitlesIn(db, lines, locale);
}

/** The originals of the given submissions, as download links name them. */
export async function originalsOf(db: Database, submissionIds: string[]) {
  if (submissionIds.length === 0) return [];
  return db
    .select({ id: uploads.id, submissionId: uploads.submissionId, fileName: uploads.fileName })
    .from(uploads)
    .where(
      and(
        inArray(uploads.submissionId, submissionIds),
        eq(uploads.purpose, "original"),
        eq(uploads.status, "complete"),
      ),
    )
    .orderBy(asc(uploads.position));
}
