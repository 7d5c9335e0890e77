import { eq, inArray } from "drizzle-orm";
import type { Services } from "../app.server";
import { orders, profiles, transactions, user } from "../db/schema";
import { formatMoney, getT } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import { logger } from "../log/logger.server";
import { renderEmail } from "../mail/render-email.server";
import { payOutSeller } from "./payouts.server";
import { reverseRefundedShares } from "./transfer-reversals.server";

type App = Pick<Services, "db" | "env" | "mailer">;
type TransactionRow = typeof transactions.$inferSelect;

/**
 * What follows a committed payment event: the sellers of a paid order are paid out when their
 * account is active; refunded lines are announced to their buyer and sellers. Failures here are
 * logged, never undo the event (the ledger already holds the truth).
 */
export async function afterPaymentEvent(
  app: App,
  outcome: { paidOrder?: { id: string } | undefined; refunded: TransactionRow[] },
): Promise<void> {
  if (outcome.paidOrder) {
    const lines = await app.db
      .select({ sellerId: transactions.sellerId })
      .from(transactions)
      .where(eq(transactions.orderId, outcome.paidOrder.id));
    const sellers = new Set(lines.map((line) => line.sellerId).filter(Boolean) as string[]);
    for (const sellerId of sellers) {
      try {
        await payOutSeller(app, sellerId, { paidOrderId: outcome.paidOrder.id });
      } catch (error) {
        logger().warn({ err: error, sellerId }, "payout after a sale failed");
      }
    }
  }
  if (outcome.refunded.length > 0) {
    // Shares already paid out are taken back from the sellers' accounts.
    await reverseRefundedShares(app, outcome.refunded);
    try {
      await sendRefundMails(app, outcome.refunded);
    } catch (error) {
      logger().warn({ err: error }, "refund e-mails failed");
    }
  }
}

async function person(app: App, userId: string | null) {
  if (!userId) return null;
  const [row] = await app.db
    .select({ email: user.email, name: user.name, locale: profiles.locale })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  return row ? { ...row, locale: (row.locale ?? "fr") as Locale } : null;
}

/** The buyer is told which items they no longer have; each seller, which share was reversed. */
export async function sendRefundMails(app: App, lines: TransactionRow[]): Promise<void> {
  const orderIds = [...new Set(lines.map((line) => line.orderId))];
  const orderRows = await app.db.select().from(orders).where(inArray(orders.id, orderIds));
  for (const order of orderRows) {
    const buyer = await person(app, order.buyerId);
    if (!buyer) continue;
    const t = getT(buyer.locale);
    const refunded = lines.filter((line) => line.orderId === order.id);
    const reference = order.id.slice(0, 8).toUpperCase();
    await app.mailer.send({
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
    });
  }
  for (const line of lines) {
    const seller = await person(app, line.sellerId);
    if (!seller) continue;
    const t = getT(seller.locale);
    await app.mailer.send({
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
    });
  }
}
