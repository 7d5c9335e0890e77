import { AlertCircle, ExternalLink, RefreshCw, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useEffect } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { toast } from "~/components/shell/toasts";
import { formatPercent } from "~/modules/i18n/i18n";
import type { AccountBadge } from "~/modules/payouts/account-status";
import { localePath, useLocale } from "../use-locale";
import { accountTypeTexts } from "./account-type-texts";

export interface PayoutAccountView {
  badge: AccountBadge;
  type: "express" | "standard";
  accountId: string;
  requirements: number;
}

const badgeStyles: Record<AccountBadge, string> = {
  none: "border-border bg-surface-2",
  inProgress: "border-amber-500/40 bg-amber-500/15",
  incomplete: "border-orange-500/40 bg-orange-500/15",
  active: "border-green-600/40 bg-green-600/15",
};

/**
 * The payment-account panel (docs/product.md, "Seller dashboard"): the badge's four states, account type express
 * (recommended) or standard, creation and onboarding in a new tab (a plain form with
 * target=_blank: it works without JavaScript and is never blocked as a pop-up), status refresh.
 */
export function PayoutAccountPanel({
  account,
  provider,
  statusError,
  commissionBps,
}: {
  account: PayoutAccountView | null;
  provider: "test" | "stripe";
  statusError: boolean;
  commissionBps: number;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const busy = useNavigation().state !== "idle";
  const badge: AccountBadge = account?.badge ?? "none";
  const revalidator = useRevalidator();
  // Coming back from the onboarding tab: read the state again (the server asks the provider).
  useEffect(() => {
    if (badge === "active") return;
    const onFocus = () => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") {
        void revalidator.revalidate();
      }
    };
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [badge, revalidator]);
  const endpoint = localePath(locale, "/seller-dashboard/payout-account");
  const announce = () =>
    toast.info(
      t(provider === "stripe" ? "payouts.toast.redirecting" : "payouts.toast.redirectingTest"),
    );
  return (
    <section aria-labelledby="payout-account-title" className="card p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payout-account-title" className="flex items-center gap-2 text-lg font-semibold">
          <Wallet className="h-5 w-5 text-muted" aria-hidden="true" />
          {t("payouts.panelTitle")}
        </h2>
        <span
          data-testid="payout-badge"
          className={`rounded-full border px-2.5 py-0.5 text-xs font-medium ${badgeStyles[badge]}`}
        >
          {t(`payouts.badge.${badge}`)}
        </span>
      </div>
      <p className="mt-3 text-muted">{t(`payouts.intro.${badge}`)}</p>
      {statusError ? (
        <p role="alert" className="mt-3 flex gap-2 rounded bg-red-500/10 p-3 text-sm">
          <AlertCircle className="h-4 w-4 shrink-0 text-red-600" aria-hidden="true" />
          {t("payouts.errors.status")}
        </p>
      ) : null}
      {account ? (
        <p className="mt-2 text-sm text-muted">
          {t("payouts.account", {
            id: account.accountId,
            type: t(accountTypeTexts[account.type].name),
          })}{" "}
          · {t(`payouts.provider.${provider}`)}
          {account.requirements > 0 && badge !== "active" ? (
            <> · {t("payouts.requirements", { count: account.requirements })}</>
          ) : null}
        </p>
      ) : null}

      {badge === "none" ? (
        <form
          method="post"
          action={endpoint}
          target="_blank"
          onSubmit={announce}
          className="mt-4 space-y-3"
        >
          <fieldset>
            <legend className="field-label">{t("payouts.accountType")}</legend>
            {(["express", "standard"] as const).map((type) => (
              <div key={type} className="mt-2 flex items-start gap-2">
                <input
                  id={`account-type-${type}`}
                  type="radio"
                  name="type"
                  value={type}
                  defaultChecked={type === "express"}
                  aria-describedby={`account-type-${type}-hint`}
                  className="mt-1"
                />
                <div>
                  <label htmlFor={`account-type-${type}`} className="font-medium">
                    {t(accountTypeTexts[type].name)}
                  </label>
                  <p id={`account-type-${type}-hint`} className="text-sm text-muted">
                    {t(accountTypeTexts[type].hint)}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
          <button name="intent" value="create" className="btn-primary">
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            {t("payouts.create")} <span className="sr-only">{t("payouts.newTab")}</span>
          </button>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          {badge !== "active" ? (
            <form method="post" action={endpoint} target="_blank" onSubmit={announce}>
              <button name="intent" value="continue" className="btn-primary">
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                {t("payouts.continue")} <span className="sr-only">{t("payouts.newTab")}</span>
              </button>
            </form>
          ) : null}
          <Form method="post" action={endpoint}>
            <button name="intent" value="refresh" className="btn-secondary" disabled={busy}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              {t("payouts.refresh")}
            </button>
          </Form>
        </div>
      )}
      <p className="mt-4 text-sm text-muted">
        {t("sellerDashboard.payments.commission", {
          rate: formatPercent(locale, commissionBps / 100, commissionBps % 100 === 0 ? 0 : 1),
        })}
      </p>
      <p className="mt-1 text-xs text-muted">{t("payouts.settingsNote")}</p>
    </section>
  );
}
