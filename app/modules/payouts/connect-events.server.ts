import { and, desc, eq } from "drizzle-orm";
import type { Services } from "../services";
import { payouts } from "../db/schema";
import { logger } from "../log/logger.server";
import { connectProvider } from "./connect-provider.server";
import { accountChanged } from "./payout-accounts.server";
import { returnFailedPayout } from "./payouts.server";

type App = Pick<Services, "db" | "env">;

/** The parts of a Stripe Connect event read here (its signature was checked before). */
export interface ConnectEventPayload {
  type?: unknown;
  account?: unknown;
  data?: { object?: { id?: unknown; amount?: unknown; failure_code?: unknown } };
}

/**
 * Connected-account events, beside the payment events fulfilment handles: `account.updated`
 * makes the account be read again from the provider (its body is not trusted), `payout.failed`
 * (the seller's bank refused the money) undoes the payout it names. Runs as a job queued with
 * the webhook's event record (once per event), retried until the provider answers.
 */
export async function handleConnectEvent(
  app: App,
  providerName: string,
  payload: ConnectEventPayload,
): Promise<void> {
  const object = payload.data?.object;
  if (payload.type === "account.updated" && typeof object?.id === "string") {
    await accountChanged(app, providerName, object.id);
    return;
  }
  if (
    payload.type === "payout.failed" &&
    typeof payload.account === "string" &&
    typeof object?.amount === "number"
  ) {
    const failureCode = typeof object.failure_code === "string" ? object.failure_code : null;
    await bankPayoutFailed(app, providerName, payload.account, object.amount, failureCode);
  }
}

/**
 * The seller's bank refused a payout of the connected account: the money went back to that
 * account's balance. Our transfer of that amount is taken back (a full reversal, its own
 * idempotency key) and marked failed with the bank's reason; the amount returns to the
 * seller's waiting balance, to be paid again once they fix their bank details. Without a
 * matching transfer, nothing is changed (logged).
 */
export async function bankPayoutFailed(
  app: App,
  providerName: string,
  accountId: string,
  amountCents: number,
  failureCode: string | null,
): Promise<void> {
  const [payout] = await app.db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.provider, providerName),
        eq(payouts.accountId, accountId),
        eq(payouts.status, "paid"),
        eq(payouts.amountCents, amountCents),
      ),
    )
    .orderBy(desc(payouts.settledAt))
    .limit(1);
  if (!payout?.providerTransferId || !payout.sellerId) {
    logger().warn({ accountId, amountCents }, "payout.failed without a matching transfer");
    return;
  }
  await connectProvider(app).reverseTransfer(
    { transferId: payout.providerTransferId, amountCents },
    `payout-failed-${payout.id}`,
  );
  await app.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(payouts)
      .set({
        status: "failed",
        failureCode: failureCode ?? "provider_error",
        settledAt: new Date(),
      })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, "paid")))
      .returning();
    if (failed) await returnFailedPayout(tx, payout);
  });
}
