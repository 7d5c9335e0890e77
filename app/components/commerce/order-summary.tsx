import { useTranslation } from "react-i18next";
import { formatMoney } from "~/modules/i18n/i18n";
import type { Locale } from "~/modules/i18n/locale";
import { vatMentionKey, vatRateLabel } from "~/modules/billing/invoice-view";
import type { VatRule } from "~/modules/pricing/vat";

/**
 * Subtotal, VAT at the buyer's rate (with the reverse-charge or outside-EU mention) and total,
 * as computed by the server (cart, checkout).
 */
export function OrderSummary({
  locale,
  subtotalCents,
  vatCents,
  totalCents,
  vat,
  children,
}: {
  locale: Locale;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  vat: VatRule;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const mention = vatMentionKey(vat.scheme);
  return (
    <section aria-labelledby="order-summary-title" className="card p-5">
      <h2 id="order-summary-title" className="text-lg font-semibold">
        {t("commerce.cart.summary")}
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>{t("commerce.cart.subtotal")}</dt>
          <dd data-testid="summary-subtotal">{formatMoney(locale, subtotalCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt data-testid="summary-vat-label">
            {t("commerce.cart.vat", { rate: vatRateLabel(locale, vat.rateBps) })}
          </dt>
          <dd data-testid="summary-vat">{formatMoney(locale, vatCents)}</dd>
        </div>
        <div className="flex justify-between border-t border-border pt-2 text-base font-semibold">
          <dt>{t("commerce.cart.total")}</dt>
          <dd data-testid="summary-total">{formatMoney(locale, totalCents)}</dd>
        </div>
      </dl>
      {mention ? (
        <p className="mt-2 text-xs" data-testid="summary-vat-mention">
          {t(mention)}
        </p>
      ) : null}
      {children}
    </section>
  );
}
