import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Services } from "../services";
import type { DatabaseTransaction as Tx } from "../db/client.server";
import { earningsLedger, orders, payoutAccounts, payouts, transactions } from "../db/schema";
import { accountBadge } from "./account-status";
import { connectProvider } from "./connect-provider.server";
import { sellerBalance } from "./ledger.server";

type App = Pick<Services, "db" | "env">;
export type PayoutRow = typeof payouts.$inferSelect;

/**
 * Pays a seller's whole positive balance to their active account. The payouts and their ledger
 * debits are written first, in one transaction that holds the account row (two calls cannot pay
 * the same money twice); each transfer is then asked of the provider with the payout's own
 * idempotency key. A failed transfer gives the money back to the balance; a transfer whose
 * answer never came stays pending and is asked again later with the same key.
 *
 * After a sale paid by card (`paidOrderId`), the seller's share of that order is a payout of
 * its own, funded by that payment (Stripe's source_transaction), and what else was waiting is
 * another. Returns the first payout made, if any.
 */
export async function payOutSeller(
  app: App,
  sellerId: string,
  options: { paidOrderId?: string } = {},
): Promise<PayoutRow | null> {
  const provider = connectProvider(app);
  const created = await app.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, sellerId))
      .for("update");
    if (!account || account.provider !== provider.name || accountBadge(account) !== "active") {
      return [];
    }
    const balance = await sellerBalance(tx, sellerId);
    if (balance <= 0) return [];
    const source = options.paidOrderId
      ? await cardPaymentShare(tx, options.paidOrderId, sellerId)
      : null;
    const funded = source ? Math.min(balance, source.shareCents) : 0;
    const parts = [
      { amountCents: funded, sourcePaymentId: source?.paymentId ?? null },
      { amountCents: balance - funded, sourcePaymentId: null },
    ].filter((part) => part.amountCents > 0);
    const rows: PayoutRow[] = [];
    for (const part of parts) {
      const id = randomUUID();
      const [payout] = await tx
        .insert(payouts)
        .values({
          id,
          sellerId,
          provider: provider.name,
          accountId: account.accountId,
          amountCents: part.amountCents,
          idempotencyKey: `payout-${id}`,
          sourcePaymentId: part.sourcePaymentId,
        })
        .returning();
      await tx
        .insert(earningsLedger)
        .values({ sellerId, kind: "payout", amountCents: -part.amountCents, payoutId: id });
      rows.push(payout!);
    }
    return rows;
  });
  const settled: PayoutRow[] = [];
  for (const payout of created) settled.push(await settlePayout(app, payout));
  return settled[0] ?? null;
}

/** The seller's share of a paid order and the card payment behind it, if it was paid by card. */
async function cardPaymentShare(tx: Tx, orderId: string, sellerId: string) {
  const [row] = await tx
    .select({
      paymentId: orders.providerPaymentId,
      shareCents: sql<number>`coalesce(sum(${transactions.sellerShareCents}), 0)::int`,
    })
    .from(orders)
    .innerJoin(transactions, eq(transactions.orderId, orders.id))
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "paid"),
        eq(transactions.sellerId, sellerId),
        eq(transactions.status, "succeeded"),
      ),
    )
    .groupBy(orders.providerPaymentId);
  if (!row?.paymentId || row.shareCents <= 0) return null;
  return { paymentId: row.paymentId, shareCents: row.shareCents };
}

/**
 * A payout that failed gives its amount back to the seller's balance: one ledger line per
 * payout (unique), so a failure reported twice returns it once.
 */
export async function returnFailedPayout(tx: Tx, payout: PayoutRow): Promise<void> {
  await tx
    .insert(earningsLedger)
    .values({
      sellerId: payout.sellerId,
      kind: "payout_failed",
      amountCents: payout.amountCents,
      payoutId: payout.id,
    })
    .onConflictDoNothing();
}

/** Asks the provider for the payout's transfer (same key every time) and records the answer. */
export async function settlePayout(app: App, payout: PayoutRow): Promise<PayoutRow> {
  const provider = connectProvider(app);
  let result;
  try {
    result = await provider.createTransfer(
      {
        amountCents: payout.amountCents,
        destination: payout.accountId,
        payoutId: payout.id,
        sourcePaymentId: payout.sourcePaymentId,
      },
      payout.idempotencyKey,
    );
  } catch {
    // No answer (timeouts after the SDK's own retries): the payout stays pending.
    return payout;
  }
  return app.db.transaction(async (tx) => {
    const now = new Date();
    if (result.status === "paid") {
      const [row] = await tx
        .update(payouts)
        .set({ status: "paid", providerTransferId: result.id, settledAt: now })
        .where(and(eq(payouts.id, payout.id), eq(payouts.status, "pending")))
        .returning();
      return row ?? payout;
    }
    const [row] = await tx
      .update(payouts)
      .set({
        status: "failed",
        providerTransferId: result.id || null,
        failureCode: result.failureCode ?? "provider_error",
        settledAt: now,
      })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, "pending")))
      .returning();
    if (row) await returnFailedPayout(tx, payout);
    return row ?? payout;
  });
}

/** Payouts left pending (no answer from the provider), asked again with their own keys. */
export async function retryPendingPayouts(app: App, sellerId: string): Promise<PayoutRow[]> {
  const pending = await app.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.sellerId, sellerId), eq(payouts.status, "pending")));
  const settled: PayoutRow[] = [];
  for (const payout of pending) settled.push(await settlePayout(app, payout));
  return settled;
}

/** A seller's payouts, newest first (only theirs). */
export async function payoutHistory(db: Services["db"], sellerId: string, limit = 20) {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.sellerId, sellerId))
    .orderBy(desc(payouts.createdAt))
    .limit(limit);
}
