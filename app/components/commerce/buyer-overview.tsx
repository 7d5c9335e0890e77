import { Award, Download, ShoppingBag, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StatCard } from "~/components/shared/stat-card";
import type { BuyerPurchase } from "~/modules/commerce/buyer-dashboard.server";
import { formatMoney, formatNumber } from "~/modules/i18n/i18n";
import type { Locale } from "~/modules/i18n/locale";
import { PurchaseTable } from "./purchase-table";

/** The buyer dashboard's first tab: four figures and the five latest purchases. */
export function BuyerOverview({
  stats,
  purchases,
  locale,
}: {
  stats: { purchases: number; spentCents: number; downloads: number; licences: number };
  purchases: BuyerPurchase[];
  locale: Locale;
}) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label={t("commerce.dashboard.stats.purchases")}
          value={formatNumber(locale, stats.purchases)}
          icon={<ShoppingBag className="h-4 w-4" aria-hidden="true" />}
        />
        <StatCard
          label={t("commerce.dashboard.stats.spent")}
          value={formatMoney(locale, stats.spentCents)}
          icon={<Wallet className="h-4 w-4" aria-hidden="true" />}
        />
        <StatCard
          label={t("commerce.dashboard.stats.downloads")}
          value={formatNumber(locale, stats.downloads)}
          icon={<Download className="h-4 w-4" aria-hidden="true" />}
        />
        <StatCard
          label={t("commerce.dashboard.stats.licences")}
          value={formatNumber(locale, stats.licences)}
          icon={<Award className="h-4 w-4" aria-hidden="true" />}
        />
      </dl>
      <section className="card mt-6 p-5" aria-labelledby="recent-title">
        <h2 id="recent-title" className="text-lg font-semibold">
          {t("commerce.dashboard.recent")}
        </h2>
        {purchases.length === 0 ? (
          <p className="mt-3 text-muted">{t("commerce.dashboard.empty")}</p>
        ) : (
          <PurchaseTable purchases={purchases.slice(0, 5)} locale={locale} />
        )}
      </section>
    </>
  );
}
