import { and, desc, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { creditGrants, subscriptions } from "../db/schema";
import { formatDate } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import {
  activeInfinity,
  creditBalance,
  creditCost,
  infinityDownloadsToday,
  readCreditSettings,
} from "./ledger.server";
import { creditReceipts } from "./credit-receipts.server";
import { creditPlans } from "./plans";

/** What the buyer dashboard's credits tab shows: balance, grants, subscriptions, usage. */
export async function creditsOverview(db: Database, userId: string, locale: Locale) {
  const now = new Date();
  const [balance, grants, subs, settings, infinity, usedToday, receipts] = await Promise.all([
    creditBalance(db, userId, now),
    db
      .select()
      .from(creditGrants)
      .where(eq(creditGrants.userId, userId))
      .orderBy(desc(creditGrants.createdAt))
      .limit(50),
    db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, "pending")))
      .orderBy(desc(subscriptions.createdAt)),
    readCreditSettings(db),
    activeInfinity(db, userId, now),
    infinityDownloadsToday(db, userId, now),
    creditReceipts(db, userId, locale),
  ]);
  return {
    balance,
    grants: grants.map((grant) => ({
      id: grant.id,
      source: grant.source,
      credits: grant.credits,
      remaining: grant.remaining,
      expired: grant.expiresAt <= now,
      expires: formatDate(locale, grant.expiresAt),
    })),
    subscriptions: subs
      .filter(
        (row) =>
          row.status === "past_due" ||
          (row.status === "active" && row.currentPeriodEnd && row.currentPeriodEnd > now),
      )
      .map((row) => ({
        id: row.id,
        planId: row.planId,
        credits: creditPlans.find((plan) => plan.id === row.planId)?.credits ?? null,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        /** A renewal payment failed: the dashboard says so instead of a renewal date. */
        pastDue: row.status === "past_due",
        periodEnd: formatDate(locale, row.currentPeriodEnd ?? now),
      })),
    receipts,
    infinity: infinity ? { used: usedToday, limit: settings.infinityDailyLimit } : null,
  };
}

export type CreditsOverview = Awaited<ReturnType<typeof creditsOverview>>;

/**
 * What the product page needs to show the credit and Infinity buttons for a signed-in buyer
 * (the lead passes it to `CreditDownloadForms`); null for visitors.
 */
export async function creditDownloadState(
  db: Database,
  userId: string | null,
  kind: "photo" | "video" | "audio" | "illustration" | "vector" | "ebook",
) {
  if (!userId) return null;
  const [balance, settings, infinity] = await Promise.all([
    creditBalance(db, userId),
    readCreditSettings(db),
    activeInfinity(db, userId),
  ]);
  return { balance, cost: creditCost(settings, kind), infinity: Boolean(infinity) };
}
