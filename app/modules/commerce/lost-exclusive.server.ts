import { withTitlesIn } from "../catalogue/localized-title.server";
import { and, eq, isNull } from "drizzle-orm";
import type { Services } from "../services";
import type { DatabaseTransaction as Tx } from "../db/client.server";
import { exclusiveHolds, orders, transactions } from "../db/schema";
import { formatMoney, getT } from "../i18n/i18n";
import { enqueueJob, type JobHandler } from "../jobs/job-queue.server";
import { mailRecipient } from "../mail/recipient.server";
import { enqueueMail, type MailRenderers } from "../mail/mail-jobs.server";
import { renderEmail } from "../mail/render-email.server";
import { connectProvider } from "../payouts/connect-provider.server";
import { takeExclusiveHold } from "./on-sale.server";

type OrderRow = typeof orders.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;

/**
 * Whether a paid order may still have every exclusive licence it bought: it holds each one,
 * or takes it again when its own hold lapsed and nobody else took it. A hold taken over by
 * another checkout, or an item already sold exclusively, means the payment must be refunded.
 */
export async function exclusivesStillHeld(
  tx: Tx,
  orderId: string,
  lines: readonly TransactionRow[],
): Promise<boolean> {
  for (const line of lines) {
    if (line.licenceId !== "exclusive" || !line.submissionId) continue;
    if (!(await takeExclusiveHold(tx, line.submissionId, orderId))) return false;
  }
  return true;
}

/**
 * Ends a paid order that lost its exclusive licence, in the payment's transaction: the order
 * and its lines become refunded straight from pending, so no entitlement is granted and no
 * seller is credited (the ledger never sees the sale), and any hold it still has is released.
 */
export async function closeAsRefunded(tx: Tx, orderId: string): Promise<void> {
  await tx.update(orders).set({ status: "refunded" }).where(eq(orders.id, orderId));
  await tx
    .update(transactions)
    .set({ status: "refunded" })
    .where(and(eq(transactions.orderId, orderId), eq(transactions.status, "pending")));
  await tx
    .delete(exclusiveHolds)
    .where(and(eq(exclusiveHolds.orderId, orderId), isNull(exclusiveHolds.soldAt)));
}

/** The provider's idempotency key: one refund per order, whatever the retries. */
export function lostExclusiveRefundKey(orderId: string): string {
  return `refund-exclusive-${orderId}`;
}

export const lostExclusiveRefundJobType = "commerce.refund-lost-exclusive";

/**
 * In the payment's transaction, for an order that lost its exclusive licence: the provider's
 * refund of the whole payment and the buyer's e-mail saying why, each once, after the commit.
 */
export async function enqueueLostExclusiveRefund(tx: Tx, order: OrderRow): Promise<void> {
  if ((order.providerPaymentId ?? order.providerSessionId) && order.totalCents > 0) {
    await enqueueJob(
      tx,
      lostExclusiveRefundJobType,
      { orderId: order.id },
      { uniqueKey: lostExclusiveRefundKey(order.id), maxAttempts: 12 },
    );
  }
  if (order.buyerId) {
    await enqueueMail(
      tx,
      { render: "commerce.lostExclusive", params: { orderId: order.id } },
      `lost-exclusive:${order.id}`,
    );
  }
}

/**
 * The provider refunds the whole payment, under one idempotency key per order whatever the
 * retries. A provider that keeps failing leaves the job failed on the admin's jobs page; the
 * order stays refunded in our records.
 */
export function lostExclusiveRefundJobHandler(app: Pick<Services, "db" | "env">): JobHandler {
  return {
    async run(payload) {
      const [order] = await app.db
        .select()
        .from(orders)
        .where(eq(orders.id, String(payload.orderId)));
      const paymentId = order?.providerPaymentId ?? order?.providerSessionId;
      if (!order || !paymentId) return;
      await connectProvider(app).createRefund(
        { paymentId, amountCents: null, orderId: order.id },
        lostExclusiveRefundKey(order.id),
      );
    },
  };
}

export const lostExclusiveMailRenderers: MailRenderers = {
  /** The buyer is told, in their language, that the licence went to another buyer and why. */
  "commerce.lostExclusive": async (app, params) => {
    const [order] = await app.db
      .select()
      .from(orders)
      .where(eq(orders.id, String(params.orderId)));
    if (!order?.buyerId) return null;
    const buyer = await mailRecipient(app.db, order.buyerId);
    if (!buyer) return null;
    const { locale } = buyer;
    const t = getT(locale);
    const lines = await withTitlesIn(
      app.db,
      await app.db
        .select({
          title: transactions.title,
          licenceId: transactions.licenceId,
          submissionId: transactions.submissionId,
        })
        .from(transactions)
        .where(eq(transactions.orderId, order.id)),
      locale,
    );
    const reference = order.id.slice(0, 8).toUpperCase();
    const titles = lines
      .filter((line) => line.licenceId === "exclusive")
      .map((line) => line.title)
      .join(", ");
    return {
      to: buyer.email,
      ...renderEmail({
        subject: t("commerce.email.lostExclusiveSubject", { reference }),
        paragraphs: [
          t("commerce.email.lostExclusiveIntro", { name: buyer.name, reference, titles }),
          t("commerce.email.lostExclusiveRefund", {
            total: formatMoney(locale, order.totalCents),
          }),
        ],
        link: `${app.env.baseUrl}/${locale}/marketplace`,
        footer: t("commerce.email.footer"),
      }),
    };
  },
};
