import { vatRateLabel } from "../billing/invoice-view";
import { withTitlesIn } from "../catalogue/localized-title.server";
import { eq } from "drizzle-orm";
import type { DatabaseTransaction as Tx } from "../db/client.server";
import { creditPurchases, orders, transactions } from "../db/schema";
import { creditOrderReceiptMail } from "../credits/credit-receipts.server";
import { formatMoney, getT } from "../i18n/i18n";
import { mailRecipient } from "../mail/recipient.server";
import { enqueueMail, type MailRenderers } from "../mail/mail-jobs.server";
import { renderEmail } from "../mail/render-email.server";

type OrderRow = typeof orders.$inferSelect;

/**
 * In the payment's transaction: the buyer's receipt and one sale notice per seller line, each
 * an e-mail of its own that exists once. A credit pack or subscription order gets the credits
 * receipt instead (what, which period), and no sale notice.
 */
export async function enqueuePurchaseMails(tx: Tx, order: OrderRow): Promise<void> {
  const [purchase] = await tx
    .select({ orderId: creditPurchases.orderId })
    .from(creditPurchases)
    .where(eq(creditPurchases.orderId, order.id));
  if (purchase) {
    await enqueueMail(tx, creditOrderReceiptMail(order.id), `receipt:${order.id}`);
    return;
  }
  if (order.buyerId) {
    await enqueueMail(
      tx,
      { render: "commerce.receipt", params: { orderId: order.id } },
      `receipt:${order.id}`,
    );
  }
  const lines = await tx
    .select({ id: transactions.id, sellerId: transactions.sellerId, status: transactions.status })
    .from(transactions)
    .where(eq(transactions.orderId, order.id));
  for (const line of lines) {
    // A line refunded because the buyer already owned it was never the seller's sale.
    if (!line.sellerId || line.status !== "succeeded") continue;
    await enqueueMail(
      tx,
      { render: "commerce.sale", params: { transactionId: line.id } },
      `sale:${line.id}`,
    );
  }
}

export const commerceMailRenderers: MailRenderers = {
  /** The buyer's receipt, in their language. */
  "commerce.receipt": async (app, params) => {
    const [order] = await app.db
      .select()
      .from(orders)
      .where(eq(orders.id, String(params.orderId)));
    const buyer = await mailRecipient(app.db, order?.buyerId ?? null);
    if (!order || !buyer) return null;
    const lines = await withTitlesIn(
      app.db,
      await app.db.select().from(transactions).where(eq(transactions.orderId, order.id)),
      buyer.locale,
    );
    const t = getT(buyer.locale);
    const money = (cents: number) => formatMoney(buyer.locale, cents);
    return {
      to: buyer.email,
      ...renderEmail({
        subject: t("commerce.email.receiptSubject", {
          reference: order.id.slice(0, 8).toUpperCase(),
        }),
        paragraphs: [
          t("commerce.email.receiptIntro", { name: buyer.name }),
          ...lines.map((line) =>
            t("commerce.email.receiptLine", {
              title: line.title,
              licence: t(`commerce.licence.${line.licenceId}`),
              amount: money(line.amountCents),
            }),
          ),
          t("commerce.email.receiptTotals", {
            rate: vatRateLabel(buyer.locale, order.vatRateBps),
            subtotal: money(order.subtotalCents),
            vat: money(order.vatCents),
            total: money(order.totalCents),
          }),
        ],
        link: `${app.env.baseUrl}/${buyer.locale}/buyer-dashboard?tab=downloads`,
        footer: t("commerce.email.footer"),
      }),
    };
  },
  /** The seller's notice of one sold line, in their language. */
  "commerce.sale": async (app, params) => {
    const [sold] = await app.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, String(params.transactionId)));
    const seller = await mailRecipient(app.db, sold?.sellerId ?? null);
    if (!sold || !seller) return null;
    const [line] = await withTitlesIn(app.db, [sold], seller.locale);
    if (!line) return null;
    const t = getT(seller.locale);
    return {
      to: seller.email,
      ...renderEmail({
        subject: t("commerce.email.saleSubject", { title: line.title }),
        paragraphs: [
          t("commerce.email.saleIntro", {
            title: line.title,
            licence: t(`commerce.licence.${line.licenceId}`),
          }),
          t("commerce.email.saleAmounts", {
            amount: formatMoney(seller.locale, line.amountCents),
            share: formatMoney(seller.locale, line.sellerShareCents),
          }),
        ],
        link: `${app.env.baseUrl}/${seller.locale}/seller-dashboard`,
        footer: t("commerce.email.footer"),
      }),
    };
  },
};
