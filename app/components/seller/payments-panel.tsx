import { Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatPercent } from "~/modules/i18n/i18n";
import { useLocale } from "../use-locale";

/**
 * The payments tab: the payment-account panel in its only state so far, 'Aucun compte' (the
 * payouts issue connects accounts), and the platform's commission.
 */
export function PaymentsPanel({ commissionBps }: { commissionBps: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section aria-labelledby="payments-title" className="card max-w-2xl p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payments-title" className="flex items-center gap-2 text-lg font-semibold">
          <Wallet className="h-5 w-5 text-muted" aria-hidden="true" />
          {t("sellerDashboard.payments.title")}
        </h2>
        <span className="rounded-full border border-border bg-surface-2 px-2.5 py-0.5 text-xs font-medium">
          {t("sellerDashboard.payments.noAccount")}
        </span>
      </div>
      <p className="mt-4 text-muted">{t("sellerDashboard.payments.text")}</p>
      <p className="mt-2 text-sm text-muted">
        {t("sellerDashboard.payments.commission", {
          rate: formatPercent(locale, commissionBps / 100, commissionBps % 100 === 0 ? 0 : 1),
        })}
      </p>
    </section>
  );
}
