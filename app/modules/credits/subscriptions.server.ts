import { and, eq } from "drizzle-orm";
import type { Database, DatabaseTransaction as Tx } from "../db/client.server";
import { subscriptionInvoices, subscriptions } from "../db/schema";
import { grantCredits } from "./ledger.server";
import { creditPlans, subscriptionPriceCents, type BillingInterval } from "./plans";

type SubscriptionRow = typeof subscriptions.$inferSelect;

function addInterval(from: Date, interval: BillingInterval): Date {
  const end = new Date(from);
  if (interval === "year") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** A subscription waiting for its first payment (the provider's page is opened next). */
export async function createPendingSubscription(
  db: Database,
  input: { userId: string; planId: string; interval: BillingInterval; provider: string },
): Promise<SubscriptionRow> {
  const priceCents = subscriptionPriceCents(input.planId, input.interval);
  if (priceCents === null) throw new Error(`unknown plan ${input.planId}`);
  const [row] = await db
    .insert(subscriptions)
    .values({ ...input, priceCents, status: "pending" })
    .returning();
  return row!;
}

/**
 * One paid period (the first payment or a renewal), exactly once per invoice: the invoice row
 * is unique, and only the call that inserts it activates or extends the subscription and grants
 * the plan's credits (valid one month; a yearly plan grants its monthly credits each month of
 * the period as the provider's monthly renewals arrive — the test provider renews monthly).
 */
export async function recordSubscriptionPayment(
  db: Database | Tx,
  input: { subscriptionId: string; invoiceRef: string; now?: Date },
): Promise<{ applied: boolean }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, input.subscriptionId))
      .for("update");
    if (!subscription || subscription.status === "canceled") return { applied: false };
    const periodStart =
      subscription.currentPeriodEnd && subscription.currentPeriodEnd > now
        ? subscription.currentPeriodEnd
        : now;
    const periodEnd = addInterval(periodStart, subscription.interval);
    const inserted = await tx
      .insert(subscriptionInvoices)
      .values({
        subscriptionId: subscription.id,
        invoiceRef: input.invoiceRef,
        amountCents: subscription.priceCents,
        periodStart,
        periodEnd,
      })
      .onConflictDoNothing()
      .returning({ id: subscriptionInvoices.id });
    if (inserted.length === 0) return { applied: false };
    await tx
      .update(subscriptions)
      .set({ status: "active", currentPeriodEnd: periodEnd, updatedAt: now })
      .where(eq(subscriptions.id, subscription.id));
    const plan = creditPlans.find((row) => row.id === subscription.planId);
    if (plan) {
      const monthlyValue = Math.round(
        subscription.interval === "year" ? subscription.priceCents / 12 : subscription.priceCents,
      );
      const expiresAt = addInterval(periodStart > now ? periodStart : now, "month");
      await grantCredits(tx, {
        userId: subscription.userId,
        source: "plan",
        sourceRef: `invoice:${input.invoiceRef}`,
        credits: plan.credits,
        valueCents: monthlyValue,
        expiresAt,
      });
    }
    return { applied: true };
  });
}

/** Cancels at the end of the paid period: nothing more is charged, access lasts until then. */
export async function cancelAtPeriodEnd(db: Database, userId: string, subscriptionId: string) {
  const rows = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, "active"),
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/** The buyer's active subscriptions, newest first. */
export async function activeSubscriptions(db: Database, userId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")));
}
