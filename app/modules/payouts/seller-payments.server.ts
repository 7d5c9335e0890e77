import type { Services } from "../services";
import { accountBadge, type AccountBadge } from "./account-status";
import { connectProvider } from "./connect-provider.server";
import { sellerEarningsTotals } from "./earnings-figures.server";
import { sellerBalance, sellerLedger, type LedgerLine } from "./ledger.server";
import { payoutAccountOf, refreshAccount } from "./payout-accounts.server";
import { payoutHistory } from "./payouts.server";

export interface SellerPaymentsView {
  provider: "test" | "stripe";
  account: {
    badge: AccountBadge;
    type: "express" | "standard";
    accountId: string;
    requirements: number;
  } | null;
  /** The state could not be read from the provider ('Erreur lors de la récupération du statut'). */
  statusError: boolean;
  balanceCents: number;
  paidOutCents: number;
  ledger: LedgerLine[];
  payouts: Array<{
    id: string;
    amountCents: number;
    status: "pending" | "paid" | "failed";
    failureCode: string | null;
    createdAt: Date;
    reference: string;
  }>;
  months: string[];
}

/** The last twelve months, newest first ("2026-11", …), for the statement picker. */
export function recentMonths(now = new Date(), count = 12): string[] {
  const months: string[] = [];
  for (let index = 0; index < count; index++) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - index, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months;
}

/**
 * Everything the payments tab shows, for the signed-in seller only. An account that is not
 * active yet is re-read from the provider on each visit (never trusted from a return URL).
 */
export async function sellerPaymentsView(
  app: Pick<Services, "db" | "env">,
  sellerId: string,
): Promise<SellerPaymentsView> {
  let account = await payoutAccountOf(app.db, sellerId);
  let statusError = false;
  if (account && accountBadge(account) !== "active") {
    try {
      account = await refreshAccount(app, sellerId);
    } catch {
      statusError = true;
    }
  }
  const [balanceCents, ledger, history, totals] = await Promise.all([
    sellerBalance(app.db, sellerId),
    sellerLedger(app.db, sellerId),
    payoutHistory(app.db, sellerId),
    sellerEarningsTotals(app.db, sellerId),
  ]);
  return {
    provider: connectProvider(app).name,
    account: account
      ? {
          badge: accountBadge(account),
          type: account.type,
          accountId: account.accountId,
          requirements:
            account.requirements.currentlyDue.length + account.requirements.pastDue.length,
        }
      : null,
    statusError,
    balanceCents,
    // Net of transfers taken back after refunds.
    paidOutCents: totals.paidOutCents,
    ledger,
    payouts: history.map((row) => ({
      id: row.id,
      amountCents: row.amountCents,
      status: row.status,
      failureCode: row.failureCode,
      createdAt: row.createdAt,
      reference: row.id.slice(0, 8).toUpperCase(),
    })),
    months: recentMonths(),
  };
}
