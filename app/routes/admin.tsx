import { Euro, Percent, ShieldCheck, Store, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AdminFrame } from "~/components/admin/admin-frame";
import { BarChart } from "~/components/admin/bar-chart";
import { StatCard } from "~/components/shared/stat-card";
import { localePath, useLocale } from "~/components/use-locale";
import { platformMonths, platformStats } from "~/modules/admin/stats.server";
import { services } from "~/modules/app.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { formatMoney, formatMonth, formatNumber } from "~/modules/i18n/i18n";
import type { Route } from "./+types/admin";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "admin"), { name: "robots", content: "noindex" }];
}

/** The overview: platform figures and twelve months of charts, all from the database. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireAccess(context, "admin", { message: "adminOnly" });
  const { db } = await services();
  const [stats, months] = await Promise.all([platformStats(db), platformMonths(db)]);
  return { stats, months };
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { stats, months } = loaderData;
  const number = (value: number) => formatNumber(locale, value);
  const money = (cents: number) => formatMoney(locale, cents);
  const labels = months.map((month) => formatMonth(locale, month.month));
  const icon = "h-4 w-4";
  return (
    <AdminFrame current="overview" title={t("admin.nav.overview")}>
      <dl
        aria-label={t("admin.overview.statsLabel")}
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3"
      >
        <StatCard
          label={t("admin.overview.totalUsers")}
          value={number(stats.totalUsers)}
          icon={<Users className={icon} aria-hidden="true" />}
        />
        <StatCard
          label={t("admin.overview.totalSubmissions")}
          value={number(stats.submissions.total)}
          hint={`${t("admin.overview.pending")} ${number(stats.submissions.pending)} · ${t("admin.overview.approved")} ${number(stats.submissions.approved)} · ${t("admin.overview.rejected")} ${number(stats.submissions.rejected)} · ${t("admin.overview.drafts")} ${number(stats.submissions.draft)}`}
          icon={<ShieldCheck className={icon} aria-hidden="true" />}
        />
        <StatCard
          label={t("admin.overview.revenue")}
          value={money(stats.revenueCents)}
          hint={`${t("admin.overview.revenueHint")} · ${t("admin.overview.sales")} ${number(stats.salesCount)}`}
          icon={<Euro className={icon} aria-hidden="true" />}
        />
        <StatCard
          label={t("admin.overview.commission")}
          value={money(stats.commissionCents)}
          hint={t("admin.overview.commissionHint")}
          icon={<Percent className={icon} aria-hidden="true" />}
        />
        <StatCard
          label={t("admin.overview.activeSellers")}
          value={number(stats.activeSellers)}
          hint={t("admin.overview.activeSellersHint")}
          icon={<Store className={icon} aria-hidden="true" />}
        />
        <StatCard
          label={t("admin.overview.pending")}
          value={number(stats.submissions.pending)}
          icon={<ShieldCheck className={icon} aria-hidden="true" />}
        />
      </dl>
      {stats.submissions.pending > 0 ? (
        <p className="mt-4">
          <Link
            to={localePath(locale, "/admin/moderation")}
            className="text-sm font-medium text-accent underline"
          >
            {t("admin.overview.pendingLink", { count: stats.submissions.pending })}
          </Link>
        </p>
      ) : null}
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <BarChart
          caption={t("admin.overview.revenueChart")}
          labels={labels}
          monthHeader={t("admin.overview.month")}
          empty={t("admin.overview.chartEmpty")}
          format={money}
          series={[
            {
              name: t("admin.overview.revenue"),
              color: "var(--accent)",
              values: months.map((month) => month.revenueCents),
            },
            {
              name: t("admin.overview.commission"),
              color: "var(--success)",
              values: months.map((month) => month.commissionCents),
            },
          ]}
        />
        <BarChart
          caption={t("admin.overview.activityChart")}
          labels={labels}
          monthHeader={t("admin.overview.month")}
          empty={t("admin.overview.chartEmpty")}
          format={number}
          series={[
            {
              name: t("admin.overview.newUsers"),
              color: "var(--accent)",
              values: months.map((month) => month.newUsers),
            },
            {
              name: t("admin.overview.submitted"),
              color: "var(--success)",
              values: months.map((month) => month.submitted),
            },
          ]}
        />
      </div>
    </AdminFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
