import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { localePath } from "~/components/use-locale";
import type { CreditsOverview } from "~/modules/credits/overview.server";

/** The buyer dashboard's credits tab: balance, grants with expiry, subscriptions. */
export function CreditsPanel({
  locale,
  overview,
  testProvider,
}: {
  locale: "fr" | "en";
  overview: CreditsOverview;
  testProvider: boolean;
}) {
  const { t } = useTranslation();
  const action = localePath(locale, "/credits");
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <section className="card p-5" aria-labelledby="credits-balance">
        <h2 id="credits-balance" className="font-semibold">
          {t("credits.dashboard.balance")}
        </h2>
        <p className="mt-2 text-3xl font-bold" data-testid="credit-balance">
          {t("credits.dashboard.balanceValue", { count: overview.balance })}
        </p>
        <Link to={localePath(locale, "/packages-pricing")} className="btn-secondary mt-4">
          {t("credits.dashboard.buyCredits")}
        </Link>
        <h3 className="mt-6 font-semibold">{t("credits.dashboard.grants")}</h3>
        {overview.grants.length === 0 ? (
          <p className="text-muted">{t("credits.dashboard.noGrants")}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm" data-testid="credit-grants">
            {overview.grants.map((grant) => (
              <li key={grant.id} className={grant.expired ? "text-muted line-through" : ""}>
                {grant.expired
                  ? `${t("credits.credits", { count: grant.credits })} — ${t("credits.dashboard.expired", { date: grant.expires })}`
                  : t("credits.dashboard.grantLine", {
                      credits: grant.credits,
                      source: t(`credits.dashboard.source.${grant.source}`),
                      remaining: grant.remaining,
                      date: grant.expires,
                    })}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card p-5" aria-labelledby="credits-subscription">
        <h2 id="credits-subscription" className="font-semibold">
          {t("credits.dashboard.subscription")}
        </h2>
        {overview.subscriptions.length === 0 ? (
          <p className="mt-2 text-muted">{t("credits.dashboard.noSubscription")}</p>
        ) : (
          <ul className="mt-2 space-y-4">
            {overview.subscriptions.map((row) => {
              const plan =
                row.credits === null
                  ? t("credits.dashboard.infinityPlan")
                  : t("credits.dashboard.creditPlan", { count: row.credits });
              return (
                <li key={row.id} data-testid="subscription">
                  {row.pastDue ? (
                    <p role="alert" className="font-medium text-red-700 dark:text-red-400">
                      {t("credits.dashboard.pastDueLine", { plan })}
                    </p>
                  ) : (
                    <p>
                      {t(
                        row.cancelAtPeriodEnd
                          ? "credits.dashboard.endsLine"
                          : "credits.dashboard.subscriptionLine",
                        { plan, date: row.periodEnd },
                      )}
                    </p>
                  )}
                  <div className="mt-2 flex flex-wrap gap-2">
                    {row.cancelAtPeriodEnd || row.pastDue ? null : (
                      <Form method="post" action={action}>
                        <input type="hidden" name="intent" value="cancel" />
                        <input type="hidden" name="subscriptionId" value={row.id} />
                        <button type="submit" className="btn-secondary">
                          {t("credits.dashboard.cancel")}
                        </button>
                      </Form>
                    )}
                    {testProvider && !row.cancelAtPeriodEnd && !row.pastDue ? (
                      <Form method="post" action={action}>
                        <input type="hidden" name="intent" value="simulate-renewal" />
                        <input type="hidden" name="subscriptionId" value={row.id} />
                        <input
                          type="hidden"
                          name="invoiceRef"
                          value={`${row.id.slice(0, 8)}-${row.periodEnd.replace(/\W/g, "")}`}
                        />
                        <button type="submit" className="btn-ghost">
                          {t("credits.dashboard.simulateRenewal")}
                        </button>
                      </Form>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {overview.infinity ? (
          <p className="mt-4 text-sm" data-testid="infinity-usage">
            {t("credits.dashboard.infinityToday", overview.infinity)}
          </p>
        ) : null}
      </section>
      <section className="card p-5 md:col-span-2" aria-labelledby="credits-receipts">
        <h2 id="credits-receipts" className="font-semibold">
          {t("credits.dashboard.receipts")}
        </h2>
        {overview.receipts.length === 0 ? (
          <p className="mt-2 text-muted">{t("credits.dashboard.noReceipts")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-border text-sm" data-testid="credit-receipts">
            {overview.receipts.map((receipt) => (
              <li
                key={receipt.key}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <span className="min-w-0">
                  {t("credits.dashboard.receiptLine", {
                    date: receipt.date,
                    what: receipt.what,
                    total: receipt.total,
                  })}
                </span>
                <Link
                  to={localePath(locale, receipt.path)}
                  className="underline"
                  aria-label={`${t("payouts.receipt.view")} — ${receipt.what}, ${receipt.date}`}
                >
                  {t("payouts.receipt.view")}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
