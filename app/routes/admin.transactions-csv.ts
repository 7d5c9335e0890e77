import type { RouterContextProvider } from "react-router";
import { csvLine } from "~/modules/admin/csv";
import { transactionFiltersFrom, transactionStatuses } from "~/modules/admin/transaction-filters";
import { exportTransactions } from "~/modules/admin/transactions.server";
import { services } from "~/modules/app.server";
import { requireAccess } from "~/modules/http/guard.server";
import { getT } from "~/modules/i18n/i18n";
import { localeFromUrl, type Locale } from "~/modules/i18n/locale";
import type { Route } from "./+types/admin.transactions-csv";

/** A file, not a page: the guard's refusal is answered as plain text in the page's language. */
async function guard(context: Readonly<RouterContextProvider>, locale: Locale) {
  try {
    return await requireAccess(context, "admin", { message: "adminOnly" });
  } catch (error) {
    const status = (error as { init?: { status?: number } } | null)?.init?.status;
    if (status !== 401 && status !== 403) throw error;
    const t = getT(locale);
    const text =
      status === 401
        ? `${t("guard.signInRequired")}: ${t("guard.signInRequiredText")}`
        : `${t("guard.accessDenied")}: ${t("guard.adminOnly")}`;
    throw new Response(text, {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

const euros = (cents: number) => (cents / 100).toFixed(2);

/** The transactions matching the page's filters as CSV (UTF-8 with BOM, for spreadsheets). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromUrl(url);
  await guard(context, locale);
  const t = getT(locale);
  const { db } = await services();
  const rows = await exportTransactions(db, transactionFiltersFrom(url.searchParams));
  const c = (key: string) => t(`admin.transactions.csv.${key}` as "admin.transactions.csv.id");
  const lines = [
    csvLine([
      c("id"),
      c("date"),
      c("status"),
      c("buyer"),
      c("buyerEmail"),
      c("seller"),
      c("sellerEmail"),
      c("content"),
      c("licence"),
      c("amount"),
      c("vat"),
      c("commissionRate"),
      c("commission"),
      c("sellerShare"),
      c("payment"),
    ]),
    ...rows.map((row) =>
      csvLine([
        row.id,
        new Date(row.createdAt).toISOString(),
        (transactionStatuses as readonly string[]).includes(row.status)
          ? t(`admin.transactions.statuses.${row.status as "succeeded"}`)
          : row.status,
        row.buyer?.name ?? t("admin.deletedUser"),
        row.buyer?.email ?? "",
        row.seller?.name ?? t("admin.deletedUser"),
        row.seller?.email ?? "",
        row.title ?? t("admin.deletedContent"),
        row.licenceId,
        euros(row.amountCents),
        euros(row.vatCents),
        (row.commissionBps / 100).toFixed(2),
        euros(row.commissionCents),
        euros(row.sellerShareCents),
        row.providerPaymentId,
      ]),
    ),
  ];
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="transactions-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
