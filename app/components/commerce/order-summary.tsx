import { useTranslation } from "react-i18next";
import { formatMoney } from "~/modules/i18n/i18n";
import type { Locale } from "~/modules/i18n/locale";

/** Subtotal, VAT 20 % and total, as computed by the server (cart, checkout). */
export function OrderSummary({
  locale,
  subtotalCents,
  vatCents,
  totalCents,
  children,
}: {
  locale: Locale;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
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
          <dt>{t("commerce.cart.vat")}</dt>
          <dd data-testid="summary-vat">{formatMoney(locale, vatCents)}</dd>
        </div>
        <div className="flex justify-between border-t border-border pt-2 text-base font-semibold">
          <dt>{t("commerce.cart.total")}</dt>
          <dd data-testid="summary-total">{formatMoney(locale, totalCents)}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
