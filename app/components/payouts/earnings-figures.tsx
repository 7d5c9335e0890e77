import { useTranslation } from "react-i18next";
import { formatMoney, formatMonth } from "~/modules/i18n/i18n";
import type { EarningsMonth, EarningsTotals } from "~/modules/payouts/earnings-figures.server";
import { ScrollRegion } from "../scroll-region";
import { StatCard } from "~/components/shared/stat-card";
import { useLocale } from "../use-locale";

/** The seller's money from the ledger: earned, waiting, paid out, refunded. */
export function EarningsFigures({ totals }: { totals: EarningsTotals }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(locale, cents);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        label={t("payouts.figures.earned")}
        value={money(totals.earnedCents)}
        hint={t("payouts.figures.earnedHint", { count: totals.salesCount })}
      />
      <StatCard
        label={t("payouts.figures.waiting")}
        value={money(totals.waitingCents)}
        hint={t("payouts.figures.waitingHint")}
      />
      <StatCard
        label={t("payouts.figures.paidOut")}
        value={money(totals.paidOutCents)}
        hint={
          totals.inFlightCents > 0
            ? t("payouts.figures.inFlight", { amount: money(totals.inFlightCents) })
            : t("payouts.figures.paidOutHint")
        }
      />
      <StatCard
        label={t("payouts.figures.refunded")}
        value={money(totals.refundedCents)}
        hint={t("payouts.figures.refundedHint")}
      />
    </dl>
  );
}

/** The month table's figures, in the order of the monthly statement's totals. */
const monthColumns = [
  { key: "sales", cents: "salesCents" },
  { key: "commission", cents: "commissionCents" },
  { key: "shares", cents: "sharesCents" },
  { key: "refunds", cents: "refundsCents" },
  { key: "payouts", cents: "payoutsCents" },
] as const satisfies ReadonlyArray<{ key: string; cents: keyof EarningsMonth }>;

/** Month by month from the ledger, newest first; months with no movement are left out. */
export function EarningsByMonth({ months }: { months: EarningsMonth[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(locale, cents);
  const shown = months
    .filter(
      (month) =>
        month.salesCents !== 0 ||
        month.refundsCents !== 0 ||
        month.payoutsCents !== 0 ||
        month.sharesCents !== 0,
    )
    .reverse();
  return (
    <section aria-labelledby="earnings-months-title" className="card p-4 sm:p-6">
      <h2 id="earnings-months-title" className="text-lg font-semibold">
        {t("payouts.figures.monthsTitle")}
      </h2>
      <p className="text-sm text-muted">{t("payouts.figures.monthsCaption")}</p>
      {shown.length === 0 ? (
        <p className="mt-4 text-muted">{t("payouts.figures.monthsEmpty")}</p>
      ) : (
        <ScrollRegion
          label={t("payouts.figures.monthsTitle")}
          className="mt-4 -mx-4 px-4 sm:mx-0 sm:px-0"
        >
          <table className="table-stack w-full text-left text-sm sm:min-w-[36rem]">
            <thead className="border-b border-border text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("payouts.figures.month")}
                </th>
                {monthColumns.map(({ key }) => (
                  <th key={key} scope="col" className="py-2 pr-3 text-right font-medium last:pr-0">
                    {t(`payouts.statement.totals.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {shown.map((month) => (
                <tr key={month.month}>
                  <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap">
                    {formatMonth(locale, month.month, "long")}
                  </th>
                  {monthColumns.map(({ key, cents }) => (
                    <td
                      key={key}
                      data-label={t(`payouts.statement.totals.${key}`)}
                      className="py-2 pr-3 text-right tabular-nums last:pr-0"
                    >
                      {money(month[cents])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
