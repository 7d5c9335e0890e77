import { withTitlesIn } from "../catalogue/localized-title.server";
import { and, eq, inArray } from "drizzle-orm";
import type { Services } from "../services";
import type { DatabaseTransaction as Tx } from "../db/client.server";
import { orders, payouts, transactions } from "../db/schema";
import { formatMoney, getT } from "../i18n/i18n";
import { enqueueJob, type JobHandler } from "../jobs/job-queue.server";
import { mailRecipient } from "../mail/recipient.server";
import { enqueueMail, type MailRenderers } from "../mail/mail-jobs.server";
import { renderEmail } from "../mail/render-email.server";
import { handleConnectEvent, type ConnectEventPayload } from "./connect-events.server";
import { payOutSeller, retryPendingPayouts } from "./payouts.server";
import { reverseShare } from "./transfer-reversals.server";

type App = Pick<Services, "db" | "env">;
type TransactionRow = typeof transactions.$inferSelect;

export const payOutSellerJobType = "payouts.pay-out-seller";
export const reverseShareJobType = "payouts.reverse-share";
export const connectEventJobType = "payouts.connect-event";

/** Money jobs are tried for about forty minutes (2 s doubling to five minutes), then shown failed. */
const moneyAttempts = 12;

/**
 * In the transaction of a paid order: each seller of the order is paid out by a job of its
 * own, once per order and seller, after the commit.
 */
export async function enqueueSellerPayouts(tx: Tx, orderId: string): Promise<void> {
  const lines = await tx
    .select({ sellerId: transactions.sellerId })
    .from(transactions)
    .where(eq(transactions.orderId, orderId));
  const sellers = new Set(lines.map((line) => line.sellerId).filter(Boolean) as string[]);
  for (const sellerId of sellers) {
    await enqueueJob(
      tx,
      payOutSellerJobType,
      { sellerId, orderId },
      { uniqueKey: `payout:${orderId}:${sellerId}`, maxAttempts: moneyAttempts },
    );
  }
}

/**
 * In the transaction that refunded lines: each share already paid out is taken back, the
 * buyer is told which items they no longer have and each seller which share was reversed.
 */
export async function enqueueRefundConsequences(tx: Tx, lines: TransactionRow[]): Promise<void> {
  for (const line of lines) {
    if (line.sellerId && line.sellerShareCents > 0) {
      await enqueueJob(
        tx,
        reverseShareJobType,
        { transactionId: line.id },
        { uniqueKey: `reversal:${line.id}`, maxAttempts: moneyAttempts },
      );
    }
    if (line.sellerId) {
      await enqueueMail(
        tx,
        { render: "payouts.reversal", params: { transactionId: line.id } },
        `reversal:${line.id}`,
      );
    }
  }
  for (const orderId of new Set(lines.map((line) => line.orderId))) {
    const ids = lines.filter((line) => line.orderId === orderId).map((line) => line.id);
    await enqueueMail(
      tx,
      { render: "payouts.refund", params: { orderId, transactionIds: ids } },
      `refund:${orderId}:${[...ids].sort().join(",")}`,
    );
  }
}

/** In the webhook's transaction: a connected-account event is acted on once, after the commit. */
export async function enqueueConnectEvent(
  tx: Tx,
  providerName: string,
  eventId: string,
  payload: Record<string, unknown>,
): Promise<void> {
  if (payload.type !== "account.updated" && payload.type !== "payout.failed") return;
  await enqueueJob(
    tx,
    connectEventJobType,
    { providerName, payload },
    { uniqueKey: `connect:${providerName}:${eventId}`, maxAttempts: moneyAttempts },
  );
}

/**
 * Pays the seller out after a sale. A run repeated after a crash or a timeout first asks again
 * for the transfers left pending (same idempotency keys), and fails, to be retried, while one
 * is still unanswered.
 */
export function payOutSellerJobHandler(app: App): JobHandler {
  return {
    async run(payload) {
      const sellerId = String(payload.sellerId);
      await retryPendingPayouts(app, sellerId);
      await payOutSeller(app, sellerId, { paidOrderId: String(payload.orderId) });
      const [unanswered] = await app.db
        .select({ id: payouts.id })
        .from(payouts)
        .where(and(eq(payouts.sellerId, sellerId), eq(payouts.status, "pending")))
        .limit(1);
      if (unanswered) throw new Error(`transfer of payout ${unanswered.id} not answered yet`);
    },
  };
}

export function reverseShareJobHandler(app: App): JobHandler {
  return {
    async run(payload) {
      const [line] = await app.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, String(payload.transactionId)));
      if (line?.sellerId) await reverseShare(app, line.sellerId, line);
    },
  };
}

export function connectEventJobHandler(app: App): JobHandler {
  return {
    run: (payload) =>
      handleConnectEvent(app, String(payload.providerName), payload.payload as ConnectEventPayload),
  };
}

export const payoutsMailRenderers: MailRenderers = {
  /** The buyer is told which items they no longer have. */
  "payouts.refund": async (app, params) => {
    const [order] = await app.db
      .select()
      .from(orders)
      .where(eq(orders.id, String(params.orderId)));
    const buyer = await mailRecipient(app.db, order?.buyerId ?? null);
    if (!order || !buyer) return null;
    const refunded = await withTitlesIn(
      app.db,
      await app.db
        .select()
        .from(transactions)
        .where(inArray(transactions.id, params.transactionIds as string[])),
      buyer.locale,
    );
    const t = getT(buyer.locale);
    const reference = order.id.slice(0, 8).toUpperCase();
    return {
      to: buyer.email,
      ...renderEmail({
        subject: t("payouts.email.refundSubject", { reference }),
        paragraphs: [
          t("payouts.email.refundIntro", { name: buyer.name, reference }),
          ...refunded.map((line) =>
            t("payouts.email.refundLine", {
              title: line.title,
              amount: formatMoney(buyer.locale, line.amountCents + line.vatCents),
            }),
          ),
          t("payouts.email.refundAccess"),
        ],
        link: `${app.env.baseUrl}/${buyer.locale}/buyer-dashboard`,
        footer: t("commerce.email.footer"),
      }),
    };
  },
  /** Each seller is told which share was reversed. */
  "payouts.reversal": async (app, params) => {
    const [reversed] = await app.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, String(params.transactionId)));
    const seller = await mailRecipient(app.db, reversed?.sellerId ?? null);
    if (!reversed || !seller) return null;
    const [line] = await withTitlesIn(app.db, [reversed], seller.locale);
    if (!line) return null;
    const t = getT(seller.locale);
    return {
      to: seller.email,
      ...renderEmail({
        subject: t("payouts.email.reversalSubject", { title: line.title }),
        paragraphs: [
          t("payouts.email.reversalIntro", { title: line.title }),
          t("payouts.email.reversalAmount", {
            share: formatMoney(seller.locale, line.sellerShareCents),
          }),
        ],
        link: `${app.env.baseUrl}/${seller.locale}/seller-dashboard?tab=payments`,
        footer: t("commerce.email.footer"),
      }),
    };
  },
};
