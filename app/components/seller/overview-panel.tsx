import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { EarningsTotals } from "~/modules/payouts/earnings-figures.server";
import type { SellerStatsView, SubmissionCard } from "~/modules/studio/submission-view";
import { EarningsFigures } from "../payouts/earnings-figures";
import { localePath } from "../use-locale";
import { MediaThumb } from "~/components/shared/media-thumb";
import { SellerStats } from "./seller-stats";
import { StatusBadge } from "./status-badge";
import { useSellerFormat } from "./use-seller-format";

/** The dashboard's first tab: the ledger's money figures, four content figures, five latest. */
export function OverviewPanel({
  stats,
  recent,
  earnings,
}: {
  stats: SellerStatsView;
  recent: SubmissionCard[];
  earnings: EarningsTotals;
}) {
  const { t } = useTranslation();
  const format = useSellerFormat();
  const { locale } = format;
  return (
    <div className="space-y-8">
      <EarningsFigures totals={earnings} />
      <SellerStats stats={stats} />
      <section aria-labelledby="recent-title" className="card p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="recent-title" className="text-lg font-semibold">
            {t("sellerDashboard.overview.recentTitle")}
          </h2>
          {recent.length > 0 ? (
            <Link
              to={`${localePath(locale, "/seller-dashboard")}?tab=content`}
              className="text-sm font-medium text-accent hover:underline"
            >
              {t("sellerDashboard.overview.seeAll")}
            </Link>
          ) : null}
        </div>
        {recent.length === 0 ? (
          <div className="mt-4 flex flex-col items-start gap-3">
            <p className="text-muted">{t("sellerDashboard.overview.empty")}</p>
            <Link to={localePath(locale, "/file-upload")} className="btn-primary">
              {t("sellerDashboard.content.emptyCta")}
            </Link>
          </div>
        ) : (
          <ul className="mt-4 divide-y divide-border">
            {recent.map((submission) => (
              <li key={submission.id} className="flex items-center gap-3 py-3">
                <MediaThumb file={submission.picture} className="h-12 w-12" />
                <div className="min-w-0 flex-1">
                  <Link
                    to={localePath(locale, `/seller-dashboard/content/${submission.id}`)}
                    className="block truncate font-medium hover:underline"
                  >
                    {format.title(submission.title)}
                  </Link>
                  <p className="text-xs text-muted">
                    {t("sellerDashboard.content.createdOn", {
                      date: format.date(submission.createdAt),
                    })}
                  </p>
                </div>
                <div className="flex flex-col items-end gap-1">
                  <StatusBadge status={submission.status} />
                  <span className="text-xs text-muted tabular-nums">
                    {format.price(submission.priceCents)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
