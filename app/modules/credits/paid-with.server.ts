import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  creditPurchases,
  creditSpends,
  entitlements,
  subscriptions,
  type orders,
} from "../db/schema";
import { creditBalance } from "./ledger.server";
import { creditPacks, creditPlans } from "./plans";

/**
 * How the lines of a download order were paid when no money changed hands: the credits each
 * spent, or Infinity. A credit or Infinity download's order totals 0 and its line records only
 * what the sellers are owed, which is no price the buyer paid. Null for orders paid with money.
 */
export async function downloadPayment(
  db: Database,
  order: Pick<typeof orders.$inferSelect, "provider">,
  lineIds: string[],
): Promise<
  { kind: "infinity" } | { kind: "credits"; byLine: Map<string, number>; total: number } | null
> {
  if (order.provider === "infinity") return { kind: "infinity" };
  if (order.provider !== "credits" || lineIds.length === 0) return null;
  const rows = await db
    .select({ lineId: entitlements.transactionId, credits: creditSpends.credits })
    .from(creditSpends)
    .innerJoin(entitlements, eq(entitlements.id, creditSpends.entitlementId))
    .where(inArray(entitlements.transactionId, lineIds));
  const byLine = new Map(rows.map((row) => [row.lineId!, row.credits]));
  return { kind: "credits", byLine, total: rows.reduce((sum, row) => sum + row.credits, 0) };
}

export type CreditOrderOutcome =
  | { kind: "pack"; credits: number; balance: number }
  | { kind: "plan"; credits: number; balance: number; until: Date | null }
  | { kind: "infinity"; until: Date | null };

/**
 * What a paid pack or subscription order gave its buyer, for the payment result page: the
 * credits added and the balance now, or how long the subscription runs. Null for other orders.
 */
export async function creditOrderOutcome(
  db: Database,
  orderId: string,
  userId: string,
): Promise<CreditOrderOutcome | null> {
  const [purchase] = await db
    .select({ purchase: creditPurchases, subscription: subscriptions })
    .from(creditPurchases)
    .leftJoin(subscriptions, eq(subscriptions.id, creditPurchases.subscriptionId))
    .where(and(eq(creditPurchases.orderId, orderId), eq(creditPurchases.userId, userId)));
  if (!purchase) return null;
  if (purchase.purchase.kind === "pack") {
    const pack = creditPacks.find((row) => row.id === purchase.purchase.productId);
    if (!pack) return null;
    return { kind: "pack", credits: pack.credits, balance: await creditBalance(db, userId) };
  }
  const until = purchase.subscription?.currentPeriodEnd ?? null;
  const plan = creditPlans.find((row) => row.id === purchase.purchase.productId);
  if (plan) {
    return { kind: "plan", credits: plan.credits, balance: await creditBalance(db, userId), until };
  }
  return { kind: "infinity", until };
}
