import { Undo2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { localePath, useLocale } from "../use-locale";

/**
 * The admin's refund button for a whole order (no `transactionId`) or one of its lines. It posts
 * to the refund route (`/:lang/admin/refunds/:orderId`), which checks the admin role itself and
 * sends the browser back to `redirectTo` (a path of this site) with a toast. Meant for the admin
 * transactions tab as well as the refund page.
 */
export function RefundForm({
  orderId,
  transactionId,
  title,
  redirectTo,
  compact = false,
}: {
  orderId: string;
  transactionId?: string;
  /** The line's title, for the button's accessible name. */
  title?: string;
  redirectTo?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const busy = useNavigation().state !== "idle";
  const label = transactionId
    ? t("payouts.refund.lineLabel", { title: title ?? "" })
    : t("payouts.refund.whole");
  return (
    <Form method="post" action={localePath(locale, `/admin/refunds/${orderId}`)}>
      <input type="hidden" name="intent" value="refund" />
      {transactionId ? <input type="hidden" name="transactionId" value={transactionId} /> : null}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button
        type="submit"
        className={compact ? "btn-secondary px-2 py-1 text-sm" : "btn-primary"}
        disabled={busy}
        aria-label={compact ? label : undefined}
      >
        <Undo2 className="h-4 w-4" aria-hidden="true" />
        {compact ? t("payouts.refund.line") : label}
      </button>
    </Form>
  );
}
