import type { Services } from "../services";
import { getT } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import { monthlyStatement } from "./ledger.server";

/** Euros with two decimals and a dot, as spreadsheets read them whatever their language. */
function euros(cents: number | null): string {
  if (cents === null) return "";
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

function cell(value: string): string {
  // Quote every cell; a leading formula character is neutralised (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** One seller's monthly statement as CSV: one row per ledger entry, then the totals. */
export async function statementCsv(
  db: Services["db"],
  sellerId: string,
  month: string,
  locale: Locale,
): Promise<string> {
  const t = getT(locale);
  const statement = await monthlyStatement(db, sellerId, month);
  const rows: string[][] = [
    [
      t("payouts.statement.columns.date"),
      t("payouts.statement.columns.operation"),
      t("payouts.statement.columns.title"),
      t("payouts.statement.columns.licence"),
      t("payouts.statement.columns.sale"),
      t("payouts.statement.columns.commission"),
      t("payouts.statement.columns.net"),
      t("payouts.statement.columns.payoutStatus"),
    ],
  ];
  for (const entry of statement.entries) {
    rows.push([
      entry.createdAt.toISOString().slice(0, 10),
      t(`payouts.ledger.kind.${entry.kind}`),
      entry.title ?? "",
      entry.licenceId ? t(`commerce.licence.${entry.licenceId as "standard"}`) : "",
      entry.kind === "sale" ? euros(entry.saleCents) : "",
      entry.kind === "sale" ? euros(entry.commissionCents) : "",
      euros(entry.amountCents),
      entry.payoutStatus ? t(`payouts.history.statuses.${entry.payoutStatus as "paid"}`) : "",
    ]);
  }
  rows.push([]);
  const totals: Array<[string, number]> = [
    [t("payouts.statement.totals.sales"), statement.salesCents],
    [t("payouts.statement.totals.commission"), statement.commissionCents],
    [t("payouts.statement.totals.shares"), statement.sharesCents],
    [t("payouts.statement.totals.refunds"), statement.refundsCents],
    [t("payouts.statement.totals.payouts"), statement.payoutsCents],
    [t("payouts.statement.totals.net"), statement.netCents],
  ];
  for (const [label, cents] of totals) rows.push([label, "", "", "", "", "", euros(cents), ""]);
  // A byte-order mark lets spreadsheet programs read the accents as UTF-8.
  return `\uFEFF${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}
