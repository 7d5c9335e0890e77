import { and, asc, eq, gte, isNotNull } from "drizzle-orm";
import type { Services } from "../services";
import type { transactions } from "../db/schema";
import { earningsLedger, payoutAccounts, payouts } from "../db/schema";
import { connectProvider } from "./connect-provider.server";
import { sellerBalance } from "./ledger.server";

type App = Pick<Services, "db" | "env">;
type TransactionRow = typeof transactions.$inferSelect;

/**
 * A refunded line whose share had already been paid out: the share is taken back from the
 * seller's account (a transfer reversal) instead of leaving their balance below zero. What was
 * still waiting covers a refund first; only the part the balance cannot cover is reversed.
 * One reversal per refunded line, whatever the retries (idempotency key and unique ledger
 * entry both name the line). Runs as a job: a provider failure is retried, and a job that
 * keeps failing is shown to admins; the balance stays negative meanwhile, to be made up by the
 * next sales (decision 0032).
 */
export async function reverseShare(app: App, sellerId: string, line: TransactionRow) {
  const provider = connectProvider(app);
  const plan = await app.db.transaction(async (tx) => {
    // The account row is the seller's payout lock: no payout is written meanwhile.
    const [account] = await tx
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, sellerId))
      .for("update");
    if (!account || account.provider !== provider.name) return null;
    const balance = await sellerBalance(tx, sellerId);
    if (balance >= 0) return null;
    const [sale] = await tx
      .select({ createdAt: earningsLedger.createdAt })
      .from(earningsLedger)
      .where(and(eq(earningsLedger.kind, "sale"), eq(earningsLedger.transactionId, line.id)));
    if (!sale) return null;
    // The first transfer made after the sale was credited is the one that carried it.
    const [payout] = await tx
      .select()
      .from(payouts)
      .where(
        and(
          eq(payouts.sellerId, sellerId),
          eq(payouts.provider, provider.name),
          eq(payouts.status, "paid"),
          isNotNull(payouts.providerTransferId),
          gte(payouts.createdAt, sale.createdAt),
        ),
      )
      .orderBy(asc(payouts.createdAt))
      .limit(1);
    if (!payout?.providerTransferId) return null;
    const amountCents = Math.min(-balance, line.sellerShareCents, payout.amountCents);
    return { transferId: payout.providerTransferId, amountCents };
  });
  if (!plan) return;
  await provider.reverseTransfer(
    { transferId: plan.transferId, amountCents: plan.amountCents, transactionId: line.id },
    `reversal-${line.id}`,
  );
  await app.db
    .insert(earningsLedger)
    .values({
      sellerId,
      kind: "transfer_reversal",
      amountCents: plan.amountCents,
      transactionId: line.id,
    })
    .onConflictDoNothing();
}
