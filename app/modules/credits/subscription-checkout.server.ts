import type { OrderAmounts } from "../billing/billing.server";
import { and, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import type { Services } from "../services";
import type { Database } from "../db/client.server";
import { creditPurchases, orders, subscriptions } from "../db/schema";
import { closePendingOrder } from "../commerce/open-orders.server";
import { exclusiveHoldMinutes } from "../commerce/on-sale.server";
import { paymentProvider } from "../payments/payments.server";
import { CreditError } from "./ledger.server";
import { creditPlans, subscriptionPriceCents, type BillingInterval } from "./plans";

type OrderRow = typeof orders.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Infinity and the credit plans are two kinds: a buyer holds at most one of each. */
function sameKind(planId: string) {
  return planId === "infinity"
    ? eq(subscriptions.planId, "infinity")
    : sql`${subscriptions.planId} <> 'infinity'`;
}

/** A waiting subscription's page is offered again while this much of it is left. */
const reuseMinutes = exclusiveHoldMinutes - 5;

/**
 * The subscription the buyer holds of this plan's kind: active (even cancelled at period end,
 * until that end) or past due (the provider is still retrying a renewal).
 */
export async function heldSubscription(
  db: Database,
  userId: string,
  planId: string,
  now = new Date(),
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        sameKind(planId),
        or(
          eq(subscriptions.status, "past_due"),
          and(eq(subscriptions.status, "active"), gt(subscriptions.currentPeriodEnd, now)),
        ),
      ),
    );
  return row ?? null;
}

interface Stale {
  subscriptionId: string;
  orderId: string | null;
  sessionId: string | null;
}

/** What the pricing pages show of a held subscription (instead of 'S'abonner'). */
export interface HeldSubscriptionView {
  planId: string;
  interval: BillingInterval;
  /** Credits a month; null for Infinity. */
  credits: number | null;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  pastDue: boolean;
}

export async function heldSubscriptionView(
  db: Database,
  userId: string | null,
  planId: string,
): Promise<HeldSubscriptionView | null> {
  if (!userId) return null;
  const row = await heldSubscription(db, userId, planId);
  if (!row) return null;
  return {
    planId: row.planId,
    interval: row.interval,
    credits: creditPlans.find((plan) => plan.id === row.planId)?.credits ?? null,
    periodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    pastDue: row.status === "past_due",
  };
}

type Attempt =
  { order: OrderRow; subscription: SubscriptionRow; created: boolean } | { stale: Stale } | "raced";

/**
 * The pending order of a subscription's first period: refused while the buyer holds one of
 * the same kind, the open one reused for the same plan and interval, a stale or different one
 * closed first. The partial unique index `subscriptions_one_per_kind_idx` (pending, active or
 * past due, per buyer and kind) makes two parallel requests meet: one inserts, the other waits
 * for its commit, then reuses its order.
 */
export async function openSubscriptionOrder(
  services: Services,
  input: {
    userId: string;
    planId: string;
    interval: BillingInterval;
    provider: string;
    totals: OrderAmounts;
  },
): Promise<{ order: OrderRow; subscription: SubscriptionRow; created: boolean }> {
  const priceCents = subscriptionPriceCents(input.planId, input.interval);
  if (priceCents === null) throw new Error(`unknown plan ${input.planId}`);
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const result: Attempt = await services.db.transaction(async (tx) => {
      const now = new Date();
      // A test-provider period that ran out, or one cancelled at its end, is over: without a
      // renewal to wait for, it no longer holds the buyer's place.
      await tx
        .update(subscriptions)
        .set({ status: "canceled", updatedAt: now })
        .where(
          and(
            eq(subscriptions.userId, input.userId),
            sameKind(input.planId),
            eq(subscriptions.status, "active"),
            lte(subscriptions.currentPeriodEnd, now),
            or(eq(subscriptions.provider, "test"), eq(subscriptions.cancelAtPeriodEnd, true)),
          ),
        );
      const [current] = await tx
        .select({ subscription: subscriptions, order: orders })
        .from(subscriptions)
        .leftJoin(creditPurchases, eq(creditPurchases.subscriptionId, subscriptions.id))
        .leftJoin(orders, eq(orders.id, creditPurchases.orderId))
        .where(
          and(
            eq(subscriptions.userId, input.userId),
            sameKind(input.planId),
            inArray(subscriptions.status, ["pending", "active", "past_due"]),
          ),
        );
      if (current && current.subscription.status !== "pending") {
        throw new CreditError("alreadySubscribed");
      }
      if (current) {
        const { subscription, order } = current;
        const fresh =
          order?.status === "pending" &&
          order.createdAt.getTime() > now.getTime() - reuseMinutes * 60_000;
        if (
          order &&
          fresh &&
          subscription.planId === input.planId &&
          subscription.interval === input.interval
        ) {
          return { order, subscription, created: false };
        }
        return {
          stale: {
            subscriptionId: subscription.id,
            orderId: order?.id ?? null,
            sessionId: order?.providerSessionId ?? null,
          },
        };
      }
      const [subscription] = await tx
        .insert(subscriptions)
        .values({
          userId: input.userId,
          planId: input.planId,
          interval: input.interval,
          provider: input.provider,
          priceCents,
          status: "pending",
        })
        .onConflictDoNothing()
        .returning();
      if (!subscription) return "raced";
      const [order] = await tx
        .insert(orders)
        .values({ buyerId: input.userId, provider: input.provider, ...input.totals })
        .returning();
      await tx.insert(creditPurchases).values({
        orderId: order!.id,
        userId: input.userId,
        kind: "subscription",
        productId: input.planId,
        subscriptionId: subscription.id,
      });
      return { order: order!, subscription, created: true };
    });
    if (result === "raced") continue;
    if ("stale" in result) {
      await closeStale(services, result.stale);
      continue;
    }
    return result;
  }
  throw new CreditError("alreadySubscribed");
}

/**
 * Drops a waiting subscription the buyer left (another plan chosen, or its page too old): its
 * payment page is closed at the provider first; one the buyer paid after all is kept, and its
 * completion makes it the buyer's subscription.
 */
async function closeStale(services: Services, stale: Stale) {
  if (stale.sessionId) {
    const outcome = await paymentProvider(services).expireCheckoutSession(stale.sessionId);
    if (outcome === "paid") throw new CreditError("alreadySubscribed");
  }
  await services.db.transaction(async (tx) => {
    if (stale.orderId) {
      await closePendingOrder(tx, { orderId: stale.orderId }, "expired");
    }
    // Without an order (its request failed half-way), the subscription goes by itself.
    await tx
      .update(subscriptions)
      .set({ status: "canceled", updatedAt: new Date() })
      .where(and(eq(subscriptions.id, stale.subscriptionId), eq(subscriptions.status, "pending")));
  });
}
