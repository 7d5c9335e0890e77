import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localePath } from "~/components/use-locale";
import type { BuyerPurchase } from "~/modules/commerce/buyer-dashboard.server";
import { formatMoney, formatNumber } from "~/modules/i18n/i18n";
import type { Locale } from "~/modules/i18n/locale";

/** Why a purchase no longer downloads: refunded (revoked) or under dispute (suspended). */
export function StatusNote({ purchase }: { purchase: BuyerPurchase }) {
  const { t } = useTranslation();
  if (purchase.revokedAt)
    return <span className="text-sm text-red-600">{t("commerce.dashboard.revoked")}</span>;
  if (purchase.suspendedReason) {
    return <span className="text-sm text-amber-700">{t("commerce.dashboard.suspended")}</span>;
  }
  return null;
}

/**
 * Payouts: the order's receipt and its PDF. Only orders of this buyer reach this list (the
 * receipt pages check it again); credit downloads have no order, hence no receipt.
 */
function ReceiptLinks({ purchase, locale }: { purchase: BuyerPurchase; locale: Locale }) {
  const { t } = useTranslation();
  const { orderId, orderStatus } = purchase;
  if (!orderId || (orderStatus !== "paid" && orderStatus !== "refunded")) return null;
  const reference = orderId.slice(0, 8).toUpperCase();
  return (
    <span className="flex gap-3">
      <Link
        to={localePath(locale, `/receipts/${orderId}`)}
        className="font-medium text-accent hover:underline"
        aria-label={t("payouts.receipt.linkLabel", { reference })}
      >
        {t("payouts.receipt.link")}
      </Link>
      <a
        href={localePath(locale, `/receipts/${orderId}/pdf`)}
        className="font-medium text-accent hover:underline"
        aria-label={t("payouts.receipt.pdfLabel", { reference })}
        download
      >
        PDF
      </a>
    </span>
  );
}

/**
 * What a purchase cost, as it was paid: money, credits ("2 crédits") or Infinity. A download
 * with credits or Infinity has no price of its own: its line only records the sellers' share.
 */
function PaidWith({ purchase, locale }: { purchase: BuyerPurchase; locale: Locale }) {
  const { t } = useTranslation();
  if (purchase.source === "subscription") return <>{t("credits.paidWith.infinity")}</>;
  if (purchase.source === "credits") {
    const count = purchase.credits ?? 0;
    return <>{t("credits.paidWith.credits", { count, n: formatNumber(locale, count) })}</>;
  }
  return (
    <>
      {purchase.amountCents ? formatMoney(locale, purchase.amountCents) : t("commerce.cart.free")}
    </>
  );
}

/** The buyer's purchases as a table (stacked on a phone): date, item, licence, paid, status, receipt. */
export function PurchaseTable({
  purchases,
  locale,
}: {
  purchases: BuyerPurchase[];
  locale: Locale;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="table-stack w-full text-left text-sm">
        <thead className="text-muted">
          <tr>
            <th className="py-2 pr-3 font-medium">{t("commerce.dashboard.date")}</th>
            <th className="py-2 pr-3 font-medium">{t("commerce.dashboard.item")}</th>
            <th className="py-2 pr-3 font-medium">{t("commerce.dashboard.licence")}</th>
            <th className="py-2 pr-3 font-medium">{t("commerce.dashboard.amount")}</th>
            <th className="py-2 pr-3 font-medium">{t("commerce.dashboard.status")}</th>
            <th className="py-2 font-medium">{t("payouts.receipt.column")}</th>
          </tr>
        </thead>
        <tbody>
          {purchases.map((purchase) => (
            <tr key={purchase.entitlementId} className="border-t border-border">
              <td data-label={t("commerce.dashboard.date")} className="py-2 pr-3 whitespace-nowrap">
                {purchase.date}
              </td>
              <td data-label={t("commerce.dashboard.item")} className="py-2 pr-3">
                {purchase.title ?? t("commerce.dashboard.deletedItem")}
              </td>
              <td data-label={t("commerce.dashboard.licence")} className="py-2 pr-3">
                {t(`commerce.licence.${purchase.licenceId}`)}
              </td>
              <td
                data-label={t("commerce.dashboard.amount")}
                className="py-2 pr-3 whitespace-nowrap"
              >
                <PaidWith purchase={purchase} locale={locale} />
              </td>
              <td data-label={t("commerce.dashboard.status")} className="py-2 pr-3">
                {purchase.active ? (
                  t(`commerce.dashboard.orderStatus.${purchase.orderStatus ?? "paid"}`)
                ) : (
                  <StatusNote purchase={purchase} />
                )}
              </td>
              <td data-label={t("payouts.receipt.column")} className="py-2 whitespace-nowrap">
                <ReceiptLinks purchase={purchase} locale={locale} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
