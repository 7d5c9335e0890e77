import { useTranslation } from "react-i18next";
import { formatMoney, formatMonth, formatNumber, formatPercent } from "~/modules/i18n/i18n";
import type { MonthCount, SellerStatsView, SubmissionCard } from "~/modules/studio/submission-view";
import type { EarningsMonth, EarningsTotals } from "~/modules/payouts/earnings-figures.server";
import { EarningsByMonth, EarningsFigures } from "../payouts/earnings-figures";
import { BarChartSvg } from "../bar-chart-svg";
import { ScrollRegion } from "../scroll-region";
import { StatCard } from "~/components/shared/stat-card";
import { StatusBadge } from "./status-badge";
import { useSellerFormat } from "./use-seller-format";

/** What the analytics tab reads from the earnings ledger (payouts). */
export interface SellerEarningsView {
  totals: EarningsTotals;
  months: EarningsMonth[];
  bySubmission: Array<{ submissionId: string; sales: number; netCents: number }>;
}

/**
 * The analytics tab: the ledger's figures (earned, waiting, paid out, refunded, month by
 * month), approval rate, sales per content and a chart over time with a table for assistive
 * technology.
 */
export function AnalyticsPanel({
  stats,
  months,
  submissions,
  earnings,
}: {
  stats: SellerStatsView;
  months: MonthCount[];
  submissions: SubmissionCard[];
  earnings: SellerEarningsView;
}) {
  const { t } = useTranslation();
  const format = useSellerFormat();
  const { locale } = format;
  const anySent = months.some((month) => month.submitted > 0);
  const chartSeries = [
    {
      name: t("sellerDashboard.analytics.submitted"),
      color: "var(--accent)",
      values: months.map((month) => month.submitted),
    },
    {
      name: t("sellerDashboard.analytics.approved"),
      color: "var(--success)",
      values: months.map((month) => month.approved),
    },
  ];
  const sold = (submissionId: string) =>
    earnings.bySubmission.find((row) => row.submissionId === submissionId);
  return (
    <div className="space-y-8">
      <EarningsFigures totals={earnings.totals} />
      <dl className="grid grid-cols-2 gap-3 sm:gap-4">
        <StatCard
          label={t("sellerDashboard.analytics.approvalTitle")}
          value={
            stats.approvalRate === null
              ? t("sellerDashboard.stats.none")
              : formatPercent(locale, stats.approvalRate)
          }
          hint={
            stats.approvalRate === null
              ? t("sellerDashboard.analytics.approvalNone")
              : t("sellerDashboard.analytics.approvalDetail", {
                  approved: formatNumber(locale, stats.approved),
                  reviewed: formatNumber(locale, stats.approved + stats.rejected),
                })
          }
        />
        <StatCard
          label={t("sellerDashboard.analytics.totalDownloads")}
          value={formatNumber(locale, earnings.totals.salesCount)}
          hint={
            earnings.totals.salesCount === 0
              ? t("sellerDashboard.analytics.noSales")
              : t("sellerDashboard.analytics.salesHint")
          }
        />
      </dl>
      <EarningsByMonth months={earnings.months} />

      <section aria-labelledby="chart-title" className="card p-4 sm:p-6">
        <h2 id="chart-title" className="text-lg font-semibold">
          {t("sellerDashboard.analytics.chartTitle")}
        </h2>
        <p className="text-sm text-muted">{t("sellerDashboard.analytics.chartCaption")}</p>
        {anySent ? (
          <>
            <div className="mt-4" aria-hidden="true">
              <div className="flex flex-wrap gap-4 text-xs text-muted">
                {chartSeries.map((one) => (
                  <span key={one.name} className="flex items-center gap-1">
                    <span
                      className="inline-block h-3 w-3 rounded-sm"
                      style={{ background: one.color }}
                    />
                    {one.name}
                  </span>
                ))}
              </div>
              <BarChartSvg
                labels={months.map((month) => formatMonth(locale, month.month))}
                series={chartSeries}
                className="mt-2 h-64 w-full"
              />
            </div>
            {/* A table ignores the 1 px box of sr-only: its wrapper takes the class. */}
            <div className="sr-only">
              <table>
                <caption>
                  {t("sellerDashboard.analytics.chartTitle")} (
                  {t("sellerDashboard.analytics.chartCaption")})
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t("sellerDashboard.analytics.month")}</th>
                    <th scope="col">{t("sellerDashboard.analytics.submitted")}</th>
                    <th scope="col">{t("sellerDashboard.analytics.approved")}</th>
                  </tr>
                </thead>
                <tbody>
                  {months.map((month) => (
                    <tr key={month.month}>
                      <th scope="row">{formatMonth(locale, month.month, "long")}</th>
                      <td>{formatNumber(locale, month.submitted)}</td>
                      <td>{formatNumber(locale, month.approved)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <p className="mt-4 text-muted">{t("sellerDashboard.analytics.chartEmpty")}</p>
        )}
      </section>

      <section aria-labelledby="sales-title" className="card p-4 sm:p-6">
        <h2 id="sales-title" className="text-lg font-semibold">
          {t("sellerDashboard.analytics.salesTitle")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("sellerDashboard.analytics.salesNote")}</p>
        {submissions.length === 0 ? (
          <p className="mt-4 text-muted">{t("sellerDashboard.analytics.empty")}</p>
        ) : (
          <ScrollRegion
            label={t("sellerDashboard.analytics.salesTitle")}
            className="mt-4 -mx-4 px-4 sm:mx-0 sm:px-0"
          >
            <table className="table-stack w-full text-left text-sm sm:min-w-[32rem]">
              <thead className="border-b border-border text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("sellerDashboard.analytics.title")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("sellerDashboard.analytics.status")}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t("sellerDashboard.analytics.price")}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t("sellerDashboard.analytics.downloads")}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t("sellerDashboard.analytics.revenue")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {submissions.map((submission) => (
                  <tr key={submission.id}>
                    <th scope="row" className="max-w-48 truncate py-2 pr-3 font-medium">
                      {format.title(submission.title)}
                    </th>
                    <td data-label={t("sellerDashboard.analytics.status")} className="py-2 pr-3">
                      <StatusBadge status={submission.status} />
                    </td>
                    <td
                      data-label={t("sellerDashboard.analytics.price")}
                      className="py-2 pr-3 text-right tabular-nums"
                    >
                      {format.price(submission.priceCents)}
                    </td>
                    <td
                      data-label={t("sellerDashboard.analytics.downloads")}
                      className="py-2 pr-3 text-right tabular-nums"
                    >
                      {formatNumber(locale, sold(submission.id)?.sales ?? 0)}
                    </td>
                    <td
                      data-label={t("sellerDashboard.analytics.revenue")}
                      className="py-2 text-right tabular-nums"
                    >
                      {formatMoney(locale, sold(submission.id)?.netCents ?? 0)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </div>
  );
}
