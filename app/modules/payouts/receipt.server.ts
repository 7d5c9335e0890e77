import { withTitlesIn } from "../catalogue/localized-title.server";
import { eq, inArray } from "drizzle-orm";
import type { Viewer } from "../auth/roles";
import type { Database } from "../db/client.server";
import { orders, profiles, transactions, user } from "../db/schema";
import { formatDate, formatMoney, formatNumber, getT } from "../i18n/i18n";
import { creditReceiptLines } from "../credits/credit-receipts.server";
import { downloadPayment } from "../credits/paid-with.server";
import type { Locale } from "../i18n/locale";
import { invoiceFields } from "../billing/invoice-fields.server";
import type { Receipt } from "./receipt";

/**
 * A paid (or refunded) order's receipt, in the reader's language: only its buyer or an admin
 * reads it; anyone else gets null (a 404, as for a missing order).
 */
export async function receiptFor(
  db: Database,
  viewer: Viewer,
  orderId: string,
  locale: Locale,
): Promise<Receipt | null> {
  if (!/^[0-9a-f-]{36}$/.test(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  if (order.buyerId !== viewer.id && viewer.role !== "admin") return null;
  if (order.status !== "paid" && order.status !== "refunded") return null;
  const t = getT(locale);
  const lines = await withTitlesIn(
    db,
    await db.select().from(transactions).where(eq(transactions.orderId, order.id)),
    locale,
  );
  const people = [
    ...new Set([order.buyerId, ...lines.map((line) => line.sellerId)].filter(Boolean)),
  ] as string[];
  const names = new Map(
    (people.length > 0
      ? await db
          .select({ id: user.id, name: user.name, store: profiles.storeName })
          .from(user)
          .leftJoin(profiles, eq(profiles.userId, user.id))
          .where(inArray(user.id, people))
      : []
    ).map((row) => [row.id, row.store || row.name]),
  );
  const money = (cents: number) => formatMoney(locale, cents);
  // A download with credits or Infinity: each line says what it took instead of a price.
  const paidWith = await downloadPayment(
    db,
    order,
    lines.map((line) => line.id),
  );
  const credits = (count: number) =>
    t("credits.paidWith.credits", { count, n: formatNumber(locale, count) });
  const lineAmount = (line: (typeof lines)[number]) =>
    paidWith?.kind === "infinity"
      ? t("credits.paidWith.infinity")
      : paidWith?.kind === "credits"
        ? credits(paidWith.byLine.get(line.id) ?? 0)
        : money(line.amountCents);
  const lineDetail = (line: (typeof lines)[number], seller: string) =>
    paidWith
      ? t(`credits.paidWith.${paidWith.kind}Detail`, {
          licence: t(`commerce.licence.${line.licenceId}`),
          seller,
        })
      : undefined;
  const paidTotal =
    paidWith?.kind === "infinity"
      ? t("credits.paidWith.infinityTotal")
      : paidWith?.kind === "credits"
        ? credits(paidWith.total)
        : null;
  return {
    reference: order.id.slice(0, 8).toUpperCase(),
    orderId: order.id,
    status: order.status,
    date: formatDate(locale, order.paidAt ?? order.createdAt),
    buyer: (order.buyerId && names.get(order.buyerId)) || t("payouts.refund.deletedUser"),
    lines: [
      ...lines.map((line) => {
        const seller =
          (line.sellerId && names.get(line.sellerId)) || t("payouts.refund.deletedUser");
        return {
          title: line.title,
          seller,
          licence: t(`commerce.licence.${line.licenceId}`),
          amount: lineAmount(line),
          detail: lineDetail(line, seller),
        };
      }),
      // Credits: an order for a credit pack or a subscription's first period.
      ...(await creditReceiptLines(db, order.id, locale)),
    ],
    subtotal: paidTotal ?? money(order.subtotalCents),
    vat: money(order.vatCents),
    total: paidTotal ?? money(order.totalCents),
    ...invoiceFields(locale, order),
  };
}
