import { useTranslation } from "react-i18next";
import { transactionStatuses } from "~/modules/admin/transaction-filters";

const tones: Record<string, string> = {
  succeeded: "bg-success/15 text-success",
  pending: "bg-surface-2 text-fg",
  failed: "bg-danger/15 text-danger",
  canceled: "bg-surface-2 text-muted",
  refunded: "bg-surface-2 text-fg",
};

/** A transaction's status in words; an unknown value is shown as it is, not hidden. */
export function TransactionStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = (transactionStatuses as readonly string[]).includes(status);
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tones[status] ?? "bg-surface-2"}`}
    >
      {known
        ? t(`admin.transactions.statuses.${status as (typeof transactionStatuses)[number]}`)
        : status}
    </span>
  );
}
