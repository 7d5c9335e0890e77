import { CircleCheck, Clock, Layers, Percent } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatNumber, formatPercent } from "~/modules/i18n/i18n";
import type { SellerStatsView } from "~/modules/studio/submission-view";
import { useLocale } from "../use-locale";
import { StatCard } from "~/components/shared/stat-card";

const iconClass = "h-4 w-4 text-muted";

/** The overview's four figures: contents, published, pending, approval rate. */
export function SellerStats({ stats }: { stats: SellerStatsView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        label={t("sellerDashboard.stats.total")}
        value={formatNumber(locale, stats.total)}
        hint={t("sellerDashboard.stats.totalHint", { count: stats.draft })}
        icon={<Layers className={iconClass} aria-hidden="true" />}
      />
      <StatCard
        label={t("sellerDashboard.stats.approved")}
        value={formatNumber(locale, stats.approved)}
        hint={t("sellerDashboard.stats.approvedHint")}
        icon={<CircleCheck className={iconClass} aria-hidden="true" />}
      />
      <StatCard
        label={t("sellerDashboard.stats.pending")}
        value={formatNumber(locale, stats.pending)}
        hint={t("sellerDashboard.stats.pendingHint")}
        icon={<Clock className={iconClass} aria-hidden="true" />}
      />
      <StatCard
        label={t("sellerDashboard.stats.approvalRate")}
        value={
          stats.approvalRate === null
            ? t("sellerDashboard.stats.none")
            : formatPercent(locale, stats.approvalRate)
        }
        hint={
          stats.approvalRate === null
            ? t("sellerDashboard.stats.approvalRateNone")
            : t("sellerDashboard.stats.approvalRateHint", { count: stats.rejected })
        }
        icon={<Percent className={iconClass} aria-hidden="true" />}
      />
    </dl>
  );
}
