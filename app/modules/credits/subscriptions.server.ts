import { and, eq } from "drizzle-orm";
import { enqueueMail } from "../mail/mail-jobs.server";
import { subscriptionReceiptMail } from "./credit-receipts.server";
import type { Database, DatabaseTransaction as Tx } from "../db/client.server";
import { subscriptionInvoices, subscriptions } from "../db/schema";
import { orderTotals } from "../pricing/pricing";
import { buyerVat } from "../billing/billing.server";
import { nextInvoiceNumber } from "../billing/invoice-number.server";
import { grantCredits } from "./ledger.server";
import {
  addMonths,
  creditPlans,
  monthKey,
  subscriptionPriceCents,
  type BillingInterval,
} from "./plans";

type SubscriptionRow = typeof subscriptions.$inferSelect;

function addInterval(from: Date, interval: BillingInterval): Date {
  return addMonths(from, interval === "year" ? 12 : 1);
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
 * One month of a credit plan's credits, valid one month, once per subscription and calendar
 * month (the grant's source reference): a monthly renewal and the yearly plans' monthly sweep
 * may both reach the same month, and a delivery seen twice, without granting twice.
 */
export async function grantPlanMonth(
  db: Database | Tx,
  subscription: SubscriptionRow,
  monthStart: Date,
  expiresAt: Date,
): Promise<boolean> {
  const plan = creditPlans.find((row) => row.id === subscription.planId);
  if (!plan) return false;
  return grantCredits(db, {
    userId: subscription.userId,
    source: "plan",
    sourceRef: `plan:${subscription.id}:${monthKey(monthStart)}`,
    credits: plan.credits,
    // What the buyer paid for this month's credits, before VAT (sellers' rule, 0026).
    valueCents: Math.round(
      subscription.interval === "year" ? subscription.priceCents / 12 : subscription.priceCents,
    ),
    expiresAt,
  });
}

/**
 * One paid period (the first payment or a renewal), exactly once per invoice: the invoice row
 * is unique, and only the call that inserts it activates or extends the subscription and
 * grants the period's first month of credits (a yearly plan's other eleven months come from
 * the monthly sweep, monthly-grants.server.ts). The provider's own period is used when it
 * gives one (Stripe's invoice line); otherwise the period follows the previous one.
 */
export async function recordSubscriptionPayment(
  db: Database | Tx,
  input: {
    subscriptionId: string;
    invoiceRef: string;
    now?: Date;
    period?: { start: Date; end: Date };
    /** Queue the subscriber's receipt with the payment (all but the checkout's first period). */
    receipt?: boolean;
  },
): Promise<{ applied: boolean; invoiceId: string | null }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, input.subscriptionId))
      .for("update");
    if (!subscription || subscription.status === "canceled") {
      return { applied: false, invoiceId: null };
    }
    const periodStart =
      input.period?.start ??
      (subscription.currentPeriodEnd && subscription.currentPeriodEnd > now
        ? subscription.currentPeriodEnd
        : now);
    const periodEnd = input.period?.end ?? addInterval(periodStart, subscription.interval);
    // VAT by the subscriber's billing details (decision record 0052).
    const { billing, vat } = await buyerVat(tx, subscription.userId);
    const totals = orderTotals([subscription.priceCents], vat.rateBps);
    const [invoice] = await tx
      .insert(subscriptionInvoices)
      .values({
        subscriptionId: subscription.id,
        invoiceRef: input.invoiceRef,
        amountCents: totals.subtotalCents,
        vatCents: totals.vatCents,
        totalCents: totals.totalCents,
        vatRateBps: vat.rateBps,
        vatScheme: vat.scheme,
        billing,
        periodStart,
        periodEnd,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: subscriptionInvoices.id });
    if (!invoice) return { applied: false, invoiceId: null };
    // A renewal is its own invoice; the first period is invoiced with its order (0051).
    if (input.receipt !== false) {
      await tx
        .update(subscriptionInvoices)
        .set({ invoiceNumber: await nextInvoiceNumber(tx, now) })
        .where(eq(subscriptionInvoices.id, invoice.id));
    }
    const currentPeriodEnd =
      subscription.currentPeriodEnd && subscription.currentPeriodEnd > periodEnd
        ? subscription.currentPeriodEnd
        : periodEnd;
    await tx
      .update(subscriptions)
      .set({ status: "active", currentPeriodEnd, updatedAt: now })
      .where(eq(subscriptions.id, subscription.id));
    // A period paid ahead (the test provider's simulated renewal) is granted now, from now.
    const from = periodStart > now ? periodStart : now;
    await grantPlanMonth(tx, subscription, periodStart, addMonths(from, 1));
    // The subscriber's receipt exists with the payment, once.
    if (input.receipt !== false)
      await enqueueMail(
        tx,
        subscriptionReceiptMail(invoice.id),
        `subscription-receipt:${invoice.id}`,
      );
    return { applied: true, invoiceId: invoice.id };
  });
}

/** Marks the buyer's own active subscription to end with its paid period. */
export async function markCancelAtPeriodEnd(
  db: Database,
  userId: string,
  subscriptionId: string,
): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, updatedAt: new Date() })
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

/** The buyer's own active subscription (cancellation, simulated renewals), or null. */
export async function ownActiveSubscription(
  db: Database,
  userId: string,
  subscriptionId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, "active"),
      ),
    );
  return row ?? null;
}
