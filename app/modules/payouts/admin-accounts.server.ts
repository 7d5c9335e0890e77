import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { payoutAccounts, profiles, user } from "../db/schema";
import { accountBadge, type AccountBadge } from "./account-status";

/** How many sellers' accounts the admin's payment tab lists, most recently changed first. */
export const adminAccountListLimit = 50;

export interface AdminPayoutAccount {
  sellerName: string;
  sellerEmail: string;
  provider: string;
  badge: AccountBadge;
  updatedAt: Date;
}

/** Sellers' payout accounts with their badge state, for the admin's payment-provider tab. */
export async function listPayoutAccounts(db: Database): Promise<AdminPayoutAccount[]> {
  const rows = await db
    .select({
      account: payoutAccounts,
      email: user.email,
      storeName: profiles.storeName,
      displayName: profiles.displayName,
    })
    .from(payoutAccounts)
    .innerJoin(user, eq(user.id, payoutAccounts.userId))
    .leftJoin(profiles, eq(profiles.userId, payoutAccounts.userId))
    .orderBy(desc(payoutAccounts.updatedAt))
    .limit(adminAccountListLimit);
  return rows.map(({ account, email, storeName, displayName }) => ({
    sellerName: storeName?.trim() || displayName || email,
    sellerEmail: email,
    provider: account.provider,
    badge: accountBadge(account),
    updatedAt: account.updatedAt,
  }));
}
