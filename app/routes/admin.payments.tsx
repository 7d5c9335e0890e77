import { useTranslation } from "react-i18next";
import { AdminFrame } from "~/components/admin/admin-frame";
import { ScrollRegion } from "~/components/scroll-region";
import { useLocale } from "~/components/use-locale";
import { webhookHealth } from "~/modules/admin/records.server";
import { services } from "~/modules/app.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { formatMoney, formatNumber } from "~/modules/i18n/i18n";
import { paymentProviderInfo } from "~/modules/payments/provider-info";
import { listPayoutAccounts } from "~/modules/payouts/admin-accounts.server";
import { platformEarningsTotals } from "~/modules/payouts/earnings-figures.server";
import type { Route } from "./+types/admin.payments";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "adminPayments"), { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAccess(context, "admin", { message: "adminOnly" });
  const { db, env } = await services();
  const [health, accounts, ledger] = await Promise.all([
    webhookHealth(db),
    listPayoutAccounts(db),
    platformEarningsTotals(db),
  ]);
  return { provider: paymentProviderInfo(env), health, accounts, ledger };
}

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { provider, health, accounts, ledger } = loaderData;
  const ledgerFigures = [
    ["sales", ledger.salesCents],
    ["commission", ledger.commissionCents],
    ["owed", ledger.earnedCents],
    ["refunds", ledger.refundedCents],
    ["paid", ledger.paidOutCents],
    ["inFlight", ledger.inFlightCents],
    ["waiting", ledger.waitingCents],
  ] as const;
  const when = (date: Date | string) =>
    new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", {
      dateStyle: "medium",
      timeStyle: "medium",
      timeZone: "UTC",
    }).format(new Date(date));
  return (
    <AdminFrame current="payments" title={t("admin.payments.title")}>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="card p-4">
          <dt className="text-sm text-muted">{t("admin.payments.provider")}</dt>
          <dd className="mt-1 text-lg font-semibold">
            {t(`admin.payments.providers.${provider.provider}`)}
          </dd>
        </div>
        <div className="card p-4">
          <dt className="text-sm text-muted">{t("admin.payments.mode")}</dt>
          <dd
            className={`mt-1 text-lg font-semibold ${provider.mode === "live" ? "text-success" : ""}`}
          >
            {t(`admin.payments.modes.${provider.mode}`)}
          </dd>
        </div>
      </dl>

      <section className="mt-8" aria-labelledby="ledger-title">
        <h3 id="ledger-title" className="text-lg font-semibold">
          {t("admin.payments.ledgerTitle")}
        </h3>
        <p className="mt-1 text-sm text-muted">{t("admin.payments.ledgerIntro")}</p>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {ledgerFigures.map(([key, cents]) => (
            <div key={key} className="card min-w-0 p-4">
              <dt className="text-sm text-muted">{t(`admin.payments.ledger.${key}`)}</dt>
              <dd className="mt-1 text-xl font-semibold tabular-nums sm:text-2xl">
                {formatMoney(locale, cents)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mt-8" aria-labelledby="webhooks-title">
        <h3 id="webhooks-title" className="text-lg font-semibold">
          {t("admin.payments.webhooks")}
        </h3>
        <dl className="mt-3 grid gap-4 sm:grid-cols-3">
          <div className="card p-4">
            <dt className="text-sm text-muted">{t("admin.payments.lastEvent")}</dt>
            <dd className="mt-1 font-semibold">
              {health.lastReceivedAt ? when(health.lastReceivedAt) : t("admin.payments.never")}
            </dd>
          </div>
          <div className="card p-4">
            <dt className="text-sm text-muted">{t("admin.payments.eventsTotal")}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">
              {formatNumber(locale, health.total)}
            </dd>
          </div>
          <div className="card p-4">
            <dt className="text-sm text-muted">{t("admin.payments.eventsFailed")}</dt>
            <dd
              className={`mt-1 text-2xl font-semibold tabular-nums ${health.failed > 0 ? "text-danger" : ""}`}
            >
              {formatNumber(locale, health.failed)}
            </dd>
          </div>
        </dl>
        {health.recent.length > 0 ? (
          <ScrollRegion label={t("admin.payments.recent")} className="card mt-4">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="px-3 pt-3 text-left font-semibold">
                {t("admin.payments.recent")}
              </caption>
              <thead className="text-xs text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("admin.payments.receivedAt")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("admin.payments.type")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("admin.payments.outcome")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {health.recent.map((event, index) => (
                  <tr key={index} className="border-t border-border">
                    <td className="px-3 py-2 whitespace-nowrap">{when(event.receivedAt)}</td>
                    <td className="px-3 py-2">
                      {event.provider} · {event.type}
                    </td>
                    <td className={`px-3 py-2 ${event.error ? "text-danger" : ""}`}>
                      {event.error
                        ? t("admin.payments.failed", { error: event.error })
                        : event.processedAt
                          ? t("admin.payments.processed")
                          : t("admin.payments.waiting")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : null}
        <h4 className="mt-6 font-semibold">{t("admin.payments.failures")}</h4>
        {health.failures.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t("admin.payments.noFailures")}</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm">
            {health.failures.map((event) => (
              <li key={`${event.provider}-${event.eventId}`} className="card p-3">
                <span className="font-medium">{when(event.receivedAt)}</span> · {event.type} ·{" "}
                <span className="text-danger">{event.error}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mt-8" aria-labelledby="payouts-title">
        <h3 id="payouts-title" className="text-lg font-semibold">
          {t("admin.payments.payouts")}
        </h3>
        {accounts.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t("admin.payments.noPayoutAccounts")}</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm">
            {accounts.map((account) => (
              <li
                key={account.sellerEmail}
                className="card flex flex-wrap items-center justify-between gap-2 p-3"
              >
                <span>
                  <span className="font-medium">{account.sellerName}</span>
                  <span className="block text-xs text-muted">
                    {account.sellerEmail} · {account.provider} · {when(account.updatedAt)}
                  </span>
                </span>
                <span className="rounded-full border border-border px-2.5 py-0.5 text-xs font-medium">
                  {t(`payouts.badge.${account.badge}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
