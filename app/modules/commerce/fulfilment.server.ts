import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Services } from "../services";
import {
  cartItems,
  entitlements,
  exclusiveHolds,
  orders,
  paymentEvents,
  transactions,
} from "../db/schema";
import type { PaymentEvent } from "../payments/provider.server";
import { certificateNumber } from "./certificate.server";
import {
  closeAsRefunded,
  enqueueLostExclusiveRefund,
  exclusivesStillHeld,
} from "./lost-exclusive.server";
import { enqueuePurchaseMails } from "./purchase-mails.server";
import { closePendingOrder } from "./open-orders.server";
import { enqueueOwnedRefund, type OwnedRefund } from "./owned-refund.server";
import { fulfilCreditPurchase } from "../credits/purchase.server";
import { nextInvoiceNumber } from "../billing/invoice-number.server";
// Payouts: the sellers' earnings ledger, refunds and transfers.
import { applyEarlyRefund, creditSales, refundPayment } from "../payouts/ledger.server";
import {
  enqueueConnectEvent,
  enqueueRefundConsequences,
  enqueueSellerPayouts,
} from "../payouts/after-payment.server";
import type { DatabaseTransaction as Tx } from "../db/client.server";

type OrderRow = typeof orders.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;

/** What a handled event leads to once its database transaction has committed. */
interface Outcome {
  duplicate: boolean;
  paidOrder?: OrderRow;
  exclusiveSubmissionIds: string[];
  /** Lines refunded by this event (payouts: reversed shares, e-mails). */
  refunded: Array<typeof transactions.$inferSelect>;
  /** A payment for an exclusive licence another order took meanwhile: refunded after commit. */
  lostExclusiveOrder?: OrderRow;
  /** Lines the buyer already owned when their payment arrived: refunded after commit. */
  ownedRefund?: OwnedRefund;
}

/** Marks a pending order paid and grants its lines: runs at most once per order. */
async function fulfil(tx: Tx, provider: string, event: PaymentEvent, outcome: Outcome) {
  if (!event.sessionId) return;
  const now = new Date();
  // The guard `status = 'pending'` makes a second delivery, a reload or a racing request a no-op.
  const [order] = await tx
    .update(orders)
    .set({ status: "paid", paidAt: now, providerPaymentId: event.paymentId })
    .where(
      and(
        eq(orders.provider, provider),
        eq(orders.providerSessionId, event.sessionId),
        eq(orders.status, "pending"),
      ),
    )
    .returning();
  if (!order) return;
  const pending = await tx.select().from(transactions).where(eq(transactions.orderId, order.id));
  // An exclusive licence taken over while this buyer was paying: refunded, never granted.
  if (!(await exclusivesStillHeld(tx, order.id, pending))) {
    await closeAsRefunded(tx, order.id);
    outcome.lostExclusiveOrder = order;
    return;
  }
  // Each line's right, unless the buyer already owns it (two tabs both reached the provider):
  // the partial unique index refuses the second right, even from a parallel payment.
  const granted: TransactionRow[] = [];
  const alreadyOwned: TransactionRow[] = [];
  for (const line of pending) {
    if (!order.buyerId || !line.submissionId) {
      granted.push(line);
      continue;
    }
    const rows = await tx
      .insert(entitlements)
      .values({
        buyerId: order.buyerId,
        submissionId: line.submissionId,
        licenceId: line.licenceId,
        source: "purchase" as const,
        transactionId: line.id,
        certificateNumber: certificateNumber(now),
      })
      .onConflictDoNothing({
        target: [entitlements.buyerId, entitlements.submissionId, entitlements.licenceId],
        where: sql`revoked_at is null`,
      })
      .returning({ id: entitlements.id });
    (rows.length > 0 ? granted : alreadyOwned).push(line);
  }
  if (alreadyOwned.length > 0 && granted.length === 0) {
    // Everything in it was owned already: nothing granted, nothing credited, all refunded.
    await closeAsRefunded(tx, order.id);
    outcome.ownedRefund = { order, lines: alreadyOwned, whole: true };
    return;
  }
  if (alreadyOwned.length > 0) {
    await tx
      .update(transactions)
      .set({ status: "refunded" })
      .where(
        inArray(
          transactions.id,
          alreadyOwned.map((line) => line.id),
        ),
      );
    outcome.ownedRefund = { order, lines: alreadyOwned, whole: false };
  }
  const lines =
    granted.length > 0
      ? await tx
          .update(transactions)
          .set({ status: "succeeded", succeededAt: now, providerPaymentId: event.paymentId })
          .where(
            inArray(
              transactions.id,
              granted.map((line) => line.id),
            ),
          )
          .returning()
      : [];
  // Payouts: each seller's share enters the earnings ledger, once per line.
  await creditSales(tx, lines);
  if (order.buyerId && pending.some((line) => line.submissionId)) {
    // The cart empties when its order is paid (docs/product.md, "Cart and checkout"), not before.
    await tx.delete(cartItems).where(
      and(
        eq(cartItems.userId, order.buyerId),
        inArray(
          cartItems.submissionId,
          pending.flatMap((line) => (line.submissionId ? [line.submissionId] : [])),
        ),
      ),
    );
  }
  const sold = await tx
    .update(exclusiveHolds)
    .set({ soldAt: now })
    .where(and(eq(exclusiveHolds.orderId, order.id), isNull(exclusiveHolds.soldAt)))
    .returning({ submissionId: exclusiveHolds.submissionId });
  // Credits (decision record 0027): a paid order for a credit pack or a subscription grants it here, once.
  await fulfilCreditPurchase(tx, order, now);
  // Its invoice number, in this transaction: a rollback gives it back (decision record 0051).
  order.invoiceNumber = await nextInvoiceNumber(tx, now);
  await tx
    .update(orders)
    .set({ invoiceNumber: order.invoiceNumber })
    .where(eq(orders.id, order.id));
  outcome.paidOrder = order;
  outcome.exclusiveSubmissionIds = sold.map((row) => row.submissionId);
  // Payouts: a refund reported before this payment takes effect now.
  outcome.refunded.push(...(await applyEarlyRefund(tx, provider, order)));
}

/** A payment that failed or a session that expired: the order ends, its holds are released. */
async function close(tx: Tx, provider: string, event: PaymentEvent, status: "failed" | "expired") {
  if (!event.sessionId) return;
  await closePendingOrder(tx, { provider, sessionId: event.sessionId }, status);
}

async function ordersOfPayment(tx: Tx, provider: string, event: PaymentEvent) {
  const where = event.paymentId
    ? eq(orders.providerPaymentId, event.paymentId)
    : event.sessionId
      ? eq(orders.providerSessionId, event.sessionId)
      : null;
  if (!where) return [];
  return tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.provider, provider), where));
}

/**
 * A refund (payouts module): paid lines become refunded once, downloads stop at once, sellers'
 * shares are reversed; a refund seen before its payment waits for it.
 */
async function refund(tx: Tx, provider: string, event: PaymentEvent, outcome: Outcome) {
  outcome.refunded.push(...(await refundPayment(tx, provider, event)));
}

/** A dispute suspends the order's downloads; closing it in the seller's favour restores them. */
async function dispute(tx: Tx, provider: string, event: PaymentEvent, open: boolean) {
  for (const order of await ordersOfPayment(tx, provider, event)) {
    const lines = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.orderId, order.id));
    if (lines.length === 0) continue;
    const ids = lines.map((line) => line.id);
    if (open) {
      await tx
        .update(entitlements)
        .set({ suspendedReason: "dispute" })
        .where(inArray(entitlements.transactionId, ids));
    } else if (event.disputeLost) {
      await tx
        .update(entitlements)
        .set({ revokedAt: new Date() })
        .where(inArray(entitlements.transactionId, ids));
    } else {
      await tx
        .update(entitlements)
        .set({ suspendedReason: null })
        .where(inArray(entitlements.transactionId, ids));
    }
  }
}

/**
 * Handles one provider event exactly once: the event is recorded under a unique
 * (provider, event id) in the same transaction as its effects, so a delivery seen before is
 * acknowledged without effect, and the order's guarded update makes fulfilment run once per
 * payment whatever the event. Every consequence outside these tables (e-mails, the sellers'
 * transfers, refunds, connected-account updates) is a job queued in that same transaction: once
 * it commits, the event is answered and the worker carries them out, retrying each until done.
 */
export async function handlePaymentEvent(
  services: Pick<Services, "db" | "events">,
  provider: string,
  event: PaymentEvent,
): Promise<{ duplicate: boolean; paidOrderId: string | null }> {
  const outcome: Outcome = { duplicate: false, exclusiveSubmissionIds: [], refunded: [] };
  await services.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        provider,
        eventId: event.eventId,
        type: event.type,
        payload: event.payload,
        processedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) {
      outcome.duplicate = true;
      return;
    }
    await recordFacts(tx, provider, event, outcome);
    await enqueueConsequences(tx, provider, event, outcome);
  });
  for (const submissionId of outcome.exclusiveSubmissionIds) {
    services.events.publish({ type: "catalogue.changed", submissionId, change: "unpublished" });
  }
  return { duplicate: outcome.duplicate, paidOrderId: outcome.paidOrder?.id ?? null };
}

function recordFacts(tx: Tx, provider: string, event: PaymentEvent, outcome: Outcome) {
  switch (event.type) {
    case "checkout.completed":
      return fulfil(tx, provider, event, outcome);
    case "payment.failed":
      return close(tx, provider, event, "failed");
    case "checkout.expired":
      return close(tx, provider, event, "expired");
    case "charge.refunded":
      return refund(tx, provider, event, outcome);
    case "dispute.opened":
      return dispute(tx, provider, event, true);
    case "dispute.closed":
      return dispute(tx, provider, event, false);
    default:
      return;
  }
}

/** One job per consequence, in the event's transaction (each module queues its own). */
async function enqueueConsequences(
  tx: Tx,
  provider: string,
  event: PaymentEvent,
  outcome: Outcome,
) {
  if (outcome.paidOrder) {
    await enqueuePurchaseMails(tx, outcome.paidOrder);
    await enqueueSellerPayouts(tx, outcome.paidOrder.id);
  }
  if (outcome.lostExclusiveOrder) await enqueueLostExclusiveRefund(tx, outcome.lostExclusiveOrder);
  if (outcome.ownedRefund) await enqueueOwnedRefund(tx, outcome.ownedRefund);
  if (outcome.refunded.length > 0) await enqueueRefundConsequences(tx, outcome.refunded);
  await enqueueConnectEvent(tx, provider, event.eventId, event.payload);
}
