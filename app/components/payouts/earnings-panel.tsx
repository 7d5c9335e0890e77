import { Download, Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { formatDate, formatMoney, formatMonth, formatPercent } from "~/modules/i18n/i18n";
import type { LedgerLine } from "~/modules/payouts/ledger.server";
import { StatCard } from "~/components/shared/stat-card";
import { localePath, useLocale } from "../use-locale";

export interface PayoutLine {
  id: string;
  amountCents: number;
  status: "pending" | "paid" | "failed";
  failureCode: string | null;
  createdAt: Date | string;
  reference: string;
}

const failureCodes = [
  "account_closed",
  "no_account",
  "account_inactive",
  "provider_error",
  "invalid_account_number",
  "bank_account_restricted",
  "could_not_process",
];

/** The seller's money: balance, ledger, payout history and the monthly statement. */
export function EarningsPanel({
  active,
  balanceCents,
  paidOutCents,
  ledger,
  payouts,
  months,
}: {
  active: boolean;
  balanceCents: number;
  paidOutCents: number;
  ledger: Array<Omit<LedgerLine, "createdAt"> & { createdAt: Date | string }>;
  payouts: PayoutLine[];
  months: string[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const busy = useNavigation().state !== "idle";
  const money = (cents: number) => formatMoney(locale, cents);
  const detail = (line: (typeof ledger)[number]) => {
    if (line.kind === "sale" && line.saleCents !== null) {
      const bps = line.commissionBps ?? 0;
      return t("payouts.ledger.saleDetail", {
        title: line.title ?? "",
        amount: money(line.saleCents),
        commission: money(line.commissionCents ?? 0),
        rate: formatPercent(locale, bps / 100, bps % 100 === 0 ? 0 : 1),
      });
    }
    if (line.kind === "refund")
      return t("payouts.ledger.refundDetail", { title: line.title ?? "" });
    if (line.kind === "transfer_reversal")
      return t("payouts.ledger.reversalDetail", { title: line.title ?? "" });
    return line.payoutStatus ? t(`payouts.history.statuses.${line.payoutStatus as "paid"}`) : "";
  };
  return (
    <div className="space-y-6">
      <section aria-labelledby="earnings-title">
        <h2 id="earnings-title" className="text-lg font-semibold">
          {t("payouts.balance.title")}
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          <StatCard
            label={active ? t("payouts.balance.available") : t("payouts.balance.waiting")}
            value={money(balanceCents)}
            hint={!active && balanceCents > 0 ? t("payouts.balance.waitingText") : undefined}
          />
          <StatCard label={t("payouts.balance.paidOut")} value={money(paidOutCents)} />
        </dl>
        {active && balanceCents > 0 ? (
          <Form
            method="post"
            action={localePath(locale, "/seller-dashboard/payout-account")}
            className="mt-3"
          >
            <button name="intent" value="payout" className="btn-primary" disabled={busy}>
              <Send className="h-4 w-4" aria-hidden="true" />
              {t("payouts.balance.payNow")}
            </button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="ledger-title" className="card overflow-x-auto p-4">
        <h2 id="ledger-title" className="text-lg font-semibold">
          {t("payouts.ledger.title")}
        </h2>
        {ledger.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t("payouts.ledger.empty")}</p>
        ) : (
          <table className="table-stack mt-3 w-full text-left text-sm sm:min-w-[32rem]">
            <thead>
              <tr className="border-b border-border text-muted">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("payouts.ledger.date")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("payouts.ledger.operation")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("payouts.ledger.detail")}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t("payouts.ledger.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {ledger.map((line) => (
                <tr key={line.id} data-testid="ledger-row" className="border-b border-border">
                  <td data-label={t("payouts.ledger.date")} className="py-2 pr-3 whitespace-nowrap">
                    {formatDate(locale, line.createdAt)}
                  </td>
                  <td data-label={t("payouts.ledger.operation")} className="py-2 pr-3">
                    {t(`payouts.ledger.kind.${line.kind}`)}
                  </td>
                  <td data-label={t("payouts.ledger.detail")} className="py-2 pr-3">
                    {detail(line)}
                  </td>
                  <td
                    data-label={t("payouts.ledger.amount")}
                    className="py-2 text-right tabular-nums whitespace-nowrap"
                  >
                    {money(line.amountCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="payout-history-title" className="card overflow-x-auto p-4">
        <h2 id="payout-history-title" className="text-lg font-semibold">
          {t("payouts.history.title")}
        </h2>
        {payouts.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t("payouts.history.empty")}</p>
        ) : (
          <table className="table-stack mt-3 w-full text-left text-sm sm:min-w-[32rem]">
            <thead>
              <tr className="border-b border-border text-muted">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("payouts.history.date")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("payouts.history.reference")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("payouts.history.status")}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t("payouts.history.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((payout) => (
                <tr
                  key={payout.id}
                  data-testid="payout-row"
                  className="border-b border-border align-top"
                >
                  <td
                    data-label={t("payouts.history.date")}
                    className="py-2 pr-3 whitespace-nowrap"
                  >
                    {formatDate(locale, payout.createdAt)}
                  </td>
                  <td data-label={t("payouts.history.reference")} className="py-2 pr-3 font-mono">
                    {payout.reference}
                  </td>
                  <td data-label={t("payouts.history.status")} className="py-2 pr-3">
                    <div>
                      <span className="font-medium">
                        {t(`payouts.history.statuses.${payout.status}`)}
                      </span>
                      {payout.status === "failed" ? (
                        <>
                          <span className="block">
                            {t(
                              `payouts.failure.${
                                failureCodes.includes(payout.failureCode ?? "")
                                  ? (payout.failureCode as "provider_error")
                                  : "provider_error"
                              }`,
                            )}
                          </span>
                          <span className="block text-muted">{t("payouts.history.nextStep")}</span>
                        </>
                      ) : null}
                    </div>
                  </td>
                  <td
                    data-label={t("payouts.history.amount")}
                    className="py-2 text-right tabular-nums whitespace-nowrap"
                  >
                    {money(payout.amountCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="statement-title" className="card p-4">
        <h2 id="statement-title" className="text-lg font-semibold">
          {t("payouts.statement.title")}
        </h2>
        <form
          method="get"
          action={localePath(locale, "/seller-dashboard/statement")}
          className="mt-3 flex flex-wrap items-end gap-3"
        >
          <div>
            <label htmlFor="statement-month" className="field-label">
              {t("payouts.statement.month")}
            </label>
            <select id="statement-month" name="month" className="field-input">
              {months.map((month) => (
                <option key={month} value={month}>
                  {formatMonth(locale, month, "long")}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            <Download className="h-4 w-4" aria-hidden="true" />
            {t("payouts.statement.download")}
          </button>
        </form>
      </section>
    </div>
  );
}
