import { and, asc, count, desc, eq, gt, gte, isNull, sql } from "drizzle-orm";
import type { Database, DatabaseTransaction as Tx } from "../db/client.server";
import { applyRefund, creditSales } from "../payouts/ledger.server";
import { commissionRateBps } from "../pricing/commission.server";
import {
  contentSubmissions,
  creditGrants,
  creditSettings,
  creditSpendParts,
  creditSpends,
  creditWallets,
  entitlements,
  infinityDownloads,
  orders,
  subscriptionInvoices,
  subscriptions,
  transactions,
} from "../db/schema";
import { splitCommission } from "../pricing/pricing";
import { certificateNumber } from "../commerce/certificate.server";
import { notHeldExclusively } from "../commerce/on-sale.server";
import { ownsLicence } from "../commerce/ownership.server";
import { bilingual, inLocale } from "../i18n/bilingual-text";

type Kind = (typeof contentSubmissions.$inferSelect)["kind"];
export type CreditSettingsRow = typeof creditSettings.$inferSelect;

/** Why a credit or Infinity download was refused: translated under credits.errors. */
export type CreditErrorCode =
  | "notFound"
  | "insufficientCredits"
  | "noInfinity"
  | "dailyLimit"
  | "alreadyOwned"
  | "alreadySubscribed";

export class CreditError extends Error {
  override name = "CreditError";
  constructor(readonly code: CreditErrorCode) {
    super(code);
  }
}

export const defaultCreditSettings = {
  photoCost: 2,
  illustrationCost: 2,
  vectorCost: 2,
  videoCost: 25,
  audioCost: 25,
  ebookCost: 5,
  infinityDailyLimit: 50,
};

export async function readCreditSettings(db: Database | Tx) {
  const [row] = await db.select().from(creditSettings).where(eq(creditSettings.id, 1));
  return row ?? { id: 1, ...defaultCreditSettings, updatedAt: new Date() };
}

export function creditCost(settings: typeof defaultCreditSettings, kind: Kind): number {
  return settings[`${kind}Cost`];
}

/** Takes the buyer's wallet lock for the rest of the transaction (one spend at a time). */
async function lockWallet(tx: Tx, userId: string) {
  await tx.insert(creditWallets).values({ userId }).onConflictDoNothing();
  await tx.select().from(creditWallets).where(eq(creditWallets.userId, userId)).for("update");
}

/** Credits still spendable: what is left of the grants that have not expired. */
export async function creditBalance(db: Database | Tx, userId: string, now = new Date()) {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${creditGrants.remaining})` })
    .from(creditGrants)
    .where(and(eq(creditGrants.userId, userId), gt(creditGrants.expiresAt, now)));
  return Number(row?.total ?? 0);
}

export interface GrantInput {
  userId: string;
  source: "pack" | "plan" | "admin";
  /** Unique: the payment, renewal period or gift this grant comes from. */
  sourceRef: string;
  credits: number;
  valueCents: number;
  expiresAt: Date;
}

/** Records a grant once per `sourceRef`; returns whether this call granted it. */
export async function grantCredits(db: Database | Tx, input: GrantInput): Promise<boolean> {
  const rows = await db
    .insert(creditGrants)
    .values({ ...input, remaining: input.credits })
    .onConflictDoNothing()
    .returning({ id: creditGrants.id });
  return rows.length > 0;
}

/** An approved item on sale, or a CreditError. */
async function saleableSubmission(tx: Tx, submissionId: string) {
  if (!/^[0-9a-f-]{36}$/.test(submissionId)) throw new CreditError("notFound");
  const [submission] = await tx
    .select()
    .from(contentSubmissions)
    .where(
      and(
        eq(contentSubmissions.id, submissionId),
        eq(contentSubmissions.status, "approved"),
        isNull(contentSubmissions.deletedAt),
        notHeldExclusively(contentSubmissions.id),
      ),
    );
  if (!submission) throw new CreditError("notFound");
  return submission;
}

/**
 * The seller's sale for a credit or Infinity download (decision 0026): an order of 0 (the buyer
 * paid when buying the credits or the subscription, VAT included then) with one succeeded
 * transaction whose amount is the download's value, split by the platform's commission like
 * any sale, so sellers' earnings, analytics and payouts read it as they read paid lines.
 */
async function recordDownloadSale(
  tx: Tx,
  input: {
    buyerId: string;
    submission: typeof contentSubmissions.$inferSelect;
    provider: "credits" | "infinity";
    valueCents: number;
    now: Date;
  },
): Promise<string> {
  const commissionBps = await commissionRateBps(tx);
  const [order] = await tx
    .insert(orders)
    .values({
      buyerId: input.buyerId,
      provider: input.provider,
      status: "paid",
      subtotalCents: 0,
      vatCents: 0,
      totalCents: 0,
      paidAt: input.now,
      createdAt: input.now,
    })
    .returning({ id: orders.id });
  const [line] = await tx
    .insert(transactions)
    .values({
      orderId: order!.id,
      buyerId: input.buyerId,
      sellerId: input.submission.creatorId,
      submissionId: input.submission.id,
      licenceId: "standard",
      // The title as bought, in the default language unless only English was written.
      title: inLocale(bilingual(input.submission.titleFr, input.submission.titleEn), "fr"),
      itemPriceCents: input.valueCents,
      licenceCents: 0,
      amountCents: input.valueCents,
      vatCents: 0,
      commissionBps,
      ...splitCommission(input.valueCents, commissionBps),
      status: "succeeded",
      succeededAt: input.now,
      createdAt: input.now,
    })
    .returning();
  // The seller's share enters the earnings ledger like any sale's (payouts).
  await creditSales(tx, [line!]);
  return line!.id;
}

export interface DownloadGrant {
  entitlementId: string;
  certificateNumber: string;
  credits: number;
  balance: number;
}

/**
 * A standard licence paid with credits, in one transaction under the buyer's wallet lock: the
 * oldest unexpired grants are used first, the entitlement and certificate are created as for a
 * paid purchase. Parallel requests are taken one at a time, so the balance never goes below 0
 * (and the grants' check constraint forbids it anyway).
 */
export async function downloadWithCredits(
  db: Database,
  userId: string,
  submissionId: string,
  now = new Date(),
): Promise<DownloadGrant> {
  return db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    const submission = await saleableSubmission(tx, submissionId);
    if (await ownsLicence(tx, userId, submission.id, "standard")) {
      throw new CreditError("alreadyOwned");
    }
    const cost = creditCost(await readCreditSettings(tx), submission.kind);
    const grants = await tx
      .select()
      .from(creditGrants)
      .where(
        and(
          eq(creditGrants.userId, userId),
          gt(creditGrants.expiresAt, now),
          gt(creditGrants.remaining, 0),
        ),
      )
      .orderBy(asc(creditGrants.createdAt), asc(creditGrants.expiresAt));
    const available = grants.reduce((sum, grant) => sum + grant.remaining, 0);
    if (available < cost) throw new CreditError("insufficientCredits");
    const parts: Array<{ grantId: string; credits: number }> = [];
    let left = cost;
    let valueCents = 0;
    for (const grant of grants) {
      if (left === 0) break;
      const take = Math.min(left, grant.remaining);
      await tx
        .update(creditGrants)
        .set({ remaining: sql`${creditGrants.remaining} - ${take}` })
        .where(eq(creditGrants.id, grant.id));
      parts.push({ grantId: grant.id, credits: take });
      valueCents += Math.round((grant.valueCents * take) / grant.credits);
      left -= take;
    }
    const transactionId = await recordDownloadSale(tx, {
      buyerId: userId,
      submission,
      provider: "credits",
      valueCents,
      now,
    });
    const number = certificateNumber(now);
    const [entitlement] = await tx
      .insert(entitlements)
      .values({
        buyerId: userId,
        submissionId: submission.id,
        licenceId: "standard",
        source: "credits",
        transactionId,
        certificateNumber: number,
        createdAt: now,
      })
      .returning({ id: entitlements.id });
    const [spend] = await tx
      .insert(creditSpends)
      .values({
        userId,
        submissionId: submission.id,
        entitlementId: entitlement!.id,
        credits: cost,
        valueCents,
        createdAt: now,
      })
      .returning({ id: creditSpends.id });
    await tx
      .insert(creditSpendParts)
      .values(parts.map((part) => ({ spendId: spend!.id, ...part })));
    return {
      entitlementId: entitlement!.id,
      certificateNumber: number,
      credits: cost,
      balance: available - cost,
    };
  });
}

/**
 * Gives a spend's credits back to the grants they came from (a technical download defect)
 * and revokes its entitlement. Runs once: a refunded spend is left alone.
 */
export async function refundSpend(db: Database, spendId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [spend] = await tx
      .update(creditSpends)
      .set({ refundedAt: now })
      .where(and(eq(creditSpends.id, spendId), isNull(creditSpends.refundedAt)))
      .returning();
    if (!spend) return false;
    await lockWallet(tx, spend.userId);
    const parts = await tx
      .select()
      .from(creditSpendParts)
      .where(eq(creditSpendParts.spendId, spend.id));
    for (const part of parts) {
      await tx
        .update(creditGrants)
        .set({ remaining: sql`${creditGrants.remaining} + ${part.credits}` })
        .where(eq(creditGrants.id, part.grantId));
    }
    if (spend.entitlementId) {
      const [entitlement] = await tx
        .update(entitlements)
        .set({ revokedAt: now })
        .where(eq(entitlements.id, spend.entitlementId))
        .returning({ transactionId: entitlements.transactionId });
      // The seller's sale of these credits is refunded with them.
      if (entitlement?.transactionId) {
        const [line] = await tx
          .select({ orderId: transactions.orderId })
          .from(transactions)
          .where(eq(transactions.id, entitlement.transactionId));
        // Refunded like a paid line: status, download right and the seller's share reversed.
        if (line) await applyRefund(tx, line.orderId, [entitlement.transactionId]);
      }
    }
    return true;
  });
}

/** The buyer's active Infinity subscription, if any. */
export async function activeInfinity(db: Database | Tx, userId: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.planId, "infinity"),
        eq(subscriptions.status, "active"),
        gt(subscriptions.currentPeriodEnd, now),
      ),
    );
  return row ?? null;
}

/**
 * What one Infinity download is worth to its seller (decision 0026): the current period's
 * price before VAT divided by the period's fair-use allowance (daily limit × days). The sum
 * credited in a period never exceeds what the subscriber paid for it.
 */
export async function infinityDownloadValue(
  tx: Database | Tx,
  subscription: typeof subscriptions.$inferSelect,
  dailyLimit: number,
  now: Date,
): Promise<number> {
  const [invoice] = await tx
    .select()
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.subscriptionId, subscription.id))
    .orderBy(desc(subscriptionInvoices.periodEnd))
    .limit(1);
  const amount = invoice?.amountCents ?? subscription.priceCents;
  const start = invoice?.periodStart ?? now;
  const end = invoice?.periodEnd ?? subscription.currentPeriodEnd ?? now;
  const days = Math.max(1, Math.round((end.getTime() - start.getTime()) / 86_400_000));
  return Math.floor(amount / (dailyLimit * days));
}

/** Midnight UTC of `now`'s day: the daily limit counts from there. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function infinityDownloadsToday(db: Database | Tx, userId: string, now = new Date()) {
  const [row] = await db
    .select({ n: count() })
    .from(infinityDownloads)
    .where(
      and(
        eq(infinityDownloads.userId, userId),
        gte(infinityDownloads.createdAt, startOfUtcDay(now)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * A standard licence under Infinity, without credits, within the admins' daily limit. Taken
 * under the buyer's wallet lock, so parallel requests cannot pass the limit together.
 */
export async function downloadWithInfinity(
  db: Database,
  userId: string,
  submissionId: string,
  now = new Date(),
): Promise<{ entitlementId: string; certificateNumber: string; usedToday: number }> {
  return db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    const subscription = await activeInfinity(tx, userId, now);
    if (!subscription) throw new CreditError("noInfinity");
    const submission = await saleableSubmission(tx, submissionId);
    if (await ownsLicence(tx, userId, submission.id, "standard")) {
      throw new CreditError("alreadyOwned");
    }
    const { infinityDailyLimit } = await readCreditSettings(tx);
    const used = await infinityDownloadsToday(tx, userId, now);
    if (used >= infinityDailyLimit) throw new CreditError("dailyLimit");
    const transactionId = await recordDownloadSale(tx, {
      buyerId: userId,
      submission,
      provider: "infinity",
      valueCents: await infinityDownloadValue(tx, subscription, infinityDailyLimit, now),
      now,
    });
    const number = certificateNumber(now);
    const [entitlement] = await tx
      .insert(entitlements)
      .values({
        buyerId: userId,
        submissionId: submission.id,
        licenceId: "standard",
        source: "subscription",
        transactionId,
        certificateNumber: number,
        createdAt: now,
      })
      .returning({ id: entitlements.id });
    await tx.insert(infinityDownloads).values({
      userId,
      subscriptionId: subscription.id,
      submissionId: submission.id,
      entitlementId: entitlement!.id,
      createdAt: now,
    });
    return { entitlementId: entitlement!.id, certificateNumber: number, usedToday: used + 1 };
  });
}
