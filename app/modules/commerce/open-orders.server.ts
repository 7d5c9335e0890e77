import { createHash } from "node:crypto";
import type { OrderAmounts } from "../billing/billing.server";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Database, DatabaseTransaction as Tx } from "../db/client.server";
import { creditPurchases, exclusiveHolds, orders, subscriptions, transactions } from "../db/schema";
import type { LineQuote } from "../pricing/quote.server";
import { exclusiveHoldMinutes } from "./on-sale.server";

type OrderRow = typeof orders.$inferSelect;

/**
 * How long a provider's payment page stays open: a minute over the hold, because Stripe wants
 * an expiry at least 30 minutes after the session is created, which is a moment after the order.
 */
export const checkoutSessionMinutes = exclusiveHoldMinutes + 1;

/** A pending order's page is offered again to the same cart while this much of it is left. */
const reuseMinutes = exclusiveHoldMinutes - 5;

/** The end of an order's payment page, sent to the provider (the same for every request). */
export function checkoutExpiresAt(order: Pick<OrderRow, "createdAt">): Date {
  const end = order.createdAt.getTime() + checkoutSessionMinutes * 60_000;
  return new Date(Math.floor(end / 1000) * 1000);
}

/**
 * What an order charges and to whom it is invoiced, as a key: the same lines, total and billing
 * details give the same key (new billing details make a new order, with its own invoice).
 */
export function checkoutKey(quotes: readonly LineQuote[], amounts: OrderAmounts): string {
  const lines = quotes
    .map((quote) => `${quote.submissionId}:${quote.licenceId}:${quote.lineCents}`)
    .sort();
  return createHash("sha256")
    .update([...lines, `total:${amounts.totalCents}`, JSON.stringify(amounts.billing)].join("|"))
    .digest("hex");
}

/**
 * The buyer's open order for these exact lines, or a new one written by `create` in the same
 * transaction. An order too old to be offered again gives up its key first. Parallel requests
 * meet on the partial unique index `orders_open_checkout_idx`: one inserts, the others wait for
 * its commit and then find its order.
 */
export async function openOrder(
  db: Database,
  input: {
    buyerId: string;
    provider: string;
    key: string;
    totals: OrderAmounts;
  },
  create: (tx: Tx, orderId: string) => Promise<void>,
): Promise<{ order: OrderRow; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ checkoutKey: null })
      .where(
        and(
          eq(orders.buyerId, input.buyerId),
          eq(orders.checkoutKey, input.key),
          eq(orders.status, "pending"),
          lte(orders.createdAt, sql`now() - make_interval(mins => ${reuseMinutes})`),
        ),
      );
    const [inserted] = await tx
      .insert(orders)
      .values({
        buyerId: input.buyerId,
        provider: input.provider,
        checkoutKey: input.key,
        ...input.totals,
      })
      .onConflictDoNothing({
        target: [orders.buyerId, orders.checkoutKey],
        where: sql`status = 'pending' and checkout_key is not null`,
      })
      .returning();
    if (inserted) {
      await create(tx, inserted.id);
      return { order: inserted, created: true };
    }
    const [existing] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.buyerId, input.buyerId),
          eq(orders.checkoutKey, input.key),
          eq(orders.status, "pending"),
        ),
      );
    if (!existing) throw new Error("open order vanished");
    return { order: existing, created: false };
  });
}

/**
 * Ends a pending order that will not be paid (payment failed, session expired or abandoned):
 * guarded on `pending`, so it runs once; its lines close, its exclusive holds are released and
 * a subscription waiting for it is dropped. Returns whether this call ended it.
 */
export async function closePendingOrder(
  tx: Tx,
  where: { orderId: string } | { provider: string; sessionId: string },
  status: "failed" | "expired",
): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status, checkoutKey: null })
    .where(
      and(
        "orderId" in where
          ? eq(orders.id, where.orderId)
          : and(eq(orders.provider, where.provider), eq(orders.providerSessionId, where.sessionId)),
        eq(orders.status, "pending"),
      ),
    )
    .returning({ id: orders.id });
  if (!order) return false;
  await tx
    .update(transactions)
    .set({ status: status === "failed" ? "failed" : "canceled" })
    .where(eq(transactions.orderId, order.id));
  await tx.delete(exclusiveHolds).where(eq(exclusiveHolds.orderId, order.id));
  const [purchase] = await tx
    .select({ subscriptionId: creditPurchases.subscriptionId })
    .from(creditPurchases)
    .where(eq(creditPurchases.orderId, order.id));
  if (purchase?.subscriptionId) {
    await tx
      .update(subscriptions)
      .set({ status: "canceled", updatedAt: new Date() })
      .where(
        and(eq(subscriptions.id, purchase.subscriptionId), eq(subscriptions.status, "pending")),
      );
  }
  return true;
}
