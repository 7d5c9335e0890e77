import { and, eq, isNull } from "drizzle-orm";
import type { Services } from "../app.server";
import type { DatabaseTransaction as Tx } from "../db/client.server";
import { exclusiveHolds, orders, profiles, transactions, user } from "../db/schema";
import { formatMoney, getT } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import { logger } from "../log/logger.server";
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

/**
 * After the commit: the provider refunds the whole payment and the buyer is told why, in their
 * language. Runs once per order (only the event that closed the order calls it); a provider
 * failure is logged for an admin, the order stays refunded in our records.
 */
export async function refundLostExclusive(
  services: Pick<Services, "db" | "env" | "mailer">,
  order: OrderRow,
): Promise<void> {
  const paymentId = order.providerPaymentId ?? order.providerSessionId;
  if (paymentId && order.totalCents > 0) {
    try {
      await connectProvider(services).createRefund(
        { paymentId, amountCents: null, orderId: order.id },
        lostExclusiveRefundKey(order.id),
      );
    } catch (error) {
      logger().error(
        { err: error, orderId: order.id },
        "automatic refund of a lost exclusive licence failed: refund it by hand",
      );
    }
  }
  try {
    await sendLostExclusiveMail(services, order);
  } catch (error) {
    logger().warn({ err: error, orderId: order.id }, "lost exclusive licence e-mail failed");
  }
}

async function sendLostExclusiveMail(
  services: Pick<Services, "db" | "env" | "mailer">,
  order: OrderRow,
) {
  if (!order.buyerId) return;
  const [buyer] = await services.db
    .select({ email: user.email, name: user.name, locale: profiles.locale })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, order.buyerId));
  if (!buyer) return;
  const locale: Locale = buyer.locale ?? "fr";
  const t = getT(locale);
  const lines = await services.db
    .select({ title: transactions.title, licenceId: transactions.licenceId })
    .from(transactions)
    .where(eq(transactions.orderId, order.id));
  const reference = order.id.slice(0, 8).toUpperCase();
  const titles = lines
    .filter((line) => line.licenceId === "exclusive")
    .map((line) => line.title)
    .join(", ");
  await services.mailer.send({
    to: buyer.email,
    ...renderEmail({
      subject: t("commerce.email.lostExclusiveSubject", { reference }),
      paragraphs: [
        t("commerce.email.lostExclusiveIntro", { name: buyer.name, reference, titles }),
        t("commerce.email.lostExclusiveRefund", { total: formatMoney(locale, order.totalCents) }),
      ],
      link: `${services.env.baseUrl}/${locale}/marketplace`,
      footer: t("commerce.email.footer"),
    }),
  });
}
