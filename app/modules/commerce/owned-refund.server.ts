import { withTitlesIn } from "../catalogue/localized-title.server";
import { and, eq, inArray } from "drizzle-orm";
import type { Services } from "../services";
import type { DatabaseTransaction as Tx } from "../db/client.server";
import { orders, transactions } from "../db/schema";
import { formatMoney, getT } from "../i18n/i18n";
import { enqueueJob, type JobHandler } from "../jobs/job-queue.server";
import { mailRecipient } from "../mail/recipient.server";
import { enqueueMail, type MailRenderers } from "../mail/mail-jobs.server";
import { renderEmail } from "../mail/render-email.server";
import { connectProvider } from "../payouts/connect-provider.server";

type OrderRow = typeof orders.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;

/**
 * A paid order's lines the buyer already owned under the same licence when the payment came
 * (two tabs both reached the provider): no right was granted for them, no seller credited.
 * `whole` when nothing else was in the order (it is refunded entirely).
 */
export interface OwnedRefund {
  order: OrderRow;
  lines: TransactionRow[];
  whole: boolean;
}

/** What the jobs carry: the facts are read again from the database when they run. */
interface OwnedRefundParams {
  orderId: string;
  transactionIds: string[];
  whole: boolean;
}

export const ownedRefundJobType = "commerce.refund-owned";

/** The provider's idempotency key: the owned lines of an order are refunded once. */
export function ownedRefundKey(orderId: string): string {
  return `refund-owned-${orderId}`;
}

/** What those lines cost the buyer, VAT included. */
function ownedRefundCents(order: OrderRow, lines: TransactionRow[], whole: boolean): number {
  return whole
    ? order.totalCents
    : lines.reduce((sum, line) => sum + line.amountCents + line.vatCents, 0);
}

/**
 * In the payment's transaction: the provider's refund of the owned lines (the whole payment
 * when the order held nothing else) and the buyer's e-mail saying why, each once, after the
 * commit.
 */
export async function enqueueOwnedRefund(tx: Tx, refund: OwnedRefund): Promise<void> {
  const { order } = refund;
  const params: OwnedRefundParams = {
    orderId: order.id,
    transactionIds: refund.lines.map((line) => line.id),
    whole: refund.whole,
  };
  const paymentId = order.providerPaymentId ?? order.providerSessionId;
  if (paymentId && ownedRefundCents(order, refund.lines, refund.whole) > 0) {
    await enqueueJob(
      tx,
      ownedRefundJobType,
      { ...params },
      {
        uniqueKey: ownedRefundKey(order.id),
        maxAttempts: 12,
      },
    );
  }
  if (order.buyerId) {
    await enqueueMail(
      tx,
      { render: "commerce.ownedRefund", params: { ...params } },
      `owned-refund:${order.id}`,
    );
  }
}

async function refundFacts(app: Pick<Services, "db">, params: Record<string, unknown>) {
  const { orderId, transactionIds, whole } = params as unknown as OwnedRefundParams;
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || transactionIds.length === 0) return null;
  const lines = await app.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.orderId, orderId), inArray(transactions.id, transactionIds)));
  return { order, lines, whole, amountCents: ownedRefundCents(order, lines, whole) };
}

/**
 * The provider gives the owned lines' amount back, under one idempotency key per order whatever
 * the retries. A provider that keeps failing leaves the job failed on the admin's jobs page.
 */
export function ownedRefundJobHandler(app: Pick<Services, "db" | "env">): JobHandler {
  return {
    async run(payload) {
      const facts = await refundFacts(app, payload);
      const paymentId = facts?.order.providerPaymentId ?? facts?.order.providerSessionId;
      if (!facts || !paymentId || facts.amountCents <= 0) return;
      await connectProvider(app).createRefund(
        {
          paymentId,
          amountCents: facts.whole ? null : facts.amountCents,
          orderId: facts.order.id,
        },
        ownedRefundKey(facts.order.id),
      );
    },
  };
}

export const ownedRefundMailRenderers: MailRenderers = {
  /** The buyer is told, in their language, which lines were refunded and why. */
  "commerce.ownedRefund": async (app, params) => {
    const facts = await refundFacts(app, params);
    if (!facts?.order.buyerId) return null;
    const buyer = await mailRecipient(app.db, facts.order.buyerId);
    if (!buyer) return null;
    const { locale } = buyer;
    const t = getT(locale);
    const reference = facts.order.id.slice(0, 8).toUpperCase();
    const titles = (await withTitlesIn(app.db, facts.lines, locale))
      .map((line) => `${line.title} (${t(`commerce.licence.${line.licenceId}`)})`)
      .join(", ");
    return {
      to: buyer.email,
      ...renderEmail({
        subject: t("commerce.owned.refundSubject", { reference }),
        paragraphs: [
          t("commerce.owned.refundIntro", { name: buyer.name, reference, titles }),
          t("commerce.owned.refundAmount", { amount: formatMoney(locale, facts.amountCents) }),
        ],
        link: `${app.env.baseUrl}/${locale}/buyer-dashboard?tab=downloads`,
        footer: t("commerce.email.footer"),
      }),
    };
  },
};
