import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { AdminFrame } from "~/components/admin/admin-frame";
import { PersonCell } from "~/components/admin/person-cell";
import { ScrollRegion } from "~/components/scroll-region";
import { Pager } from "~/components/shared/pager";
import { TransactionStatus } from "~/components/admin/transaction-status";
import { localePath, useLocale } from "~/components/use-locale";
import { pageFrom } from "~/modules/admin/pagination";
import {
  filtersQuery,
  transactionFiltersFrom,
  transactionStatuses,
} from "~/modules/admin/transaction-filters";
import { listTransactions } from "~/modules/admin/transactions.server";
import { services } from "~/modules/app.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { formatMoney } from "~/modules/i18n/i18n";
import type { Route } from "./+types/admin.transactions";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "adminTransactions"), { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, "admin", { message: "adminOnly" });
  const url = new URL(request.url);
  const filters = transactionFiltersFrom(url.searchParams);
  const { db } = await services();
  const list = await listTransactions(db, filters, pageFrom(url.searchParams.get("page")));
  return { ...list, filters };
}

export default function AdminTransactions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { rows, filters, total, page, pageCount } = loaderData;
  const money = (cents: number) => formatMoney(locale, cents);
  const dateTime = new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  const base = localePath(locale, "/admin/transactions");
  return (
    <AdminFrame current="transactions" title={t("admin.transactions.title")}>
      <Form
        method="get"
        action={base}
        aria-label={t("admin.transactions.filtersLabel")}
        className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <div className="sm:col-span-2">
          <label htmlFor="tx-q" className="field-label">
            {t("admin.transactions.search")}
          </label>
          <input
            id="tx-q"
            name="q"
            type="search"
            defaultValue={filters.q ?? ""}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="tx-status" className="field-label">
            {t("admin.transactions.status")}
          </label>
          <select
            id="tx-status"
            name="status"
            defaultValue={filters.status ?? ""}
            className="field-input"
          >
            <option value="">{t("admin.transactions.allStatuses")}</option>
            {transactionStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`admin.transactions.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="tx-from" className="field-label">
            {t("admin.transactions.from")}
          </label>
          <input
            id="tx-from"
            name="from"
            type="date"
            defaultValue={filters.from ?? ""}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="tx-to" className="field-label">
            {t("admin.transactions.to")}
          </label>
          <input
            id="tx-to"
            name="to"
            type="date"
            defaultValue={filters.to ?? ""}
            className="field-input"
          />
        </div>
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-5">
          <button type="submit" className="btn-primary">
            {t("admin.transactions.apply")}
          </button>
          <Link to={base} className="btn-secondary">
            {t("admin.transactions.reset")}
          </Link>
          <a
            href={`${localePath(locale, "/admin/transactions.csv")}${filtersQuery(filters)}`}
            className="btn-secondary sm:ml-auto"
            download
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {t("admin.transactions.export")}
          </a>
        </div>
      </Form>
      <p className="mt-4 text-sm text-muted" aria-live="polite">
        {t("admin.transactions.summary", {
          count: total,
          amount: money(loaderData.amountCents),
          commission: money(loaderData.commissionCents),
        })}
      </p>
      {rows.length === 0 ? (
        <p className="card mt-4 p-10 text-center text-muted">{t("admin.transactions.empty")}</p>
      ) : (
        <ScrollRegion label={t("admin.transactions.title")} className="card mt-4">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="bg-surface-2 text-xs text-muted">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("admin.transactions.date")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.transactions.content")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.transactions.buyer")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.transactions.seller")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("admin.transactions.amount")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("admin.transactions.commissionColumn")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("admin.transactions.sellerShare")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.transactions.statusColumn")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("admin.transactions.actionsColumn")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-border align-top">
                  <td className="px-3 py-2 whitespace-nowrap">
                    {dateTime.format(new Date(row.createdAt))}
                  </td>
                  <td className="px-3 py-2">
                    {row.title === null ? (
                      <span className="text-muted italic">{t("admin.deletedContent")}</span>
                    ) : (
                      row.title.trim() || t("admin.untitled")
                    )}
                    <span className="block text-xs text-muted">
                      {t(`commerce.licence.${row.licenceId}`)}
                    </span>
                  </td>
                  <PersonCell person={row.buyer} />
                  <PersonCell person={row.seller} />
                  <td className="px-3 py-2 text-right tabular-nums">{money(row.amountCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {money(row.commissionCents)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {money(row.sellerShareCents)}
                  </td>
                  <td className="px-3 py-2">
                    <TransactionStatus status={row.status} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {row.status === "succeeded" ? (
                      <Link
                        to={localePath(locale, `/admin/refunds/${row.orderId}`)}
                        className="text-sm text-accent hover:underline"
                      >
                        {t("admin.transactions.refund")}
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager page={page} pageCount={pageCount} />
    </AdminFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
