import { BadgeCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localePath } from "~/components/use-locale";
import { formatDate } from "~/modules/i18n/i18n";
import type { Locale } from "~/modules/i18n/locale";

export interface HeldSubscription {
  credits: number | null;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  pastDue: boolean;
}

/** The subscription the buyer holds, in place of the button that would sell it again. */
export function HeldSubscriptionCard({ locale, held }: { locale: Locale; held: HeldSubscription }) {
  const { t } = useTranslation();
  const plan =
    held.credits === null
      ? t("credits.dashboard.infinityPlan")
      : t("credits.dashboard.creditPlan", { count: held.credits });
  const date = held.periodEnd ? formatDate(locale, held.periodEnd) : "";
  return (
    <div
      className="mt-4 rounded-lg border border-accent bg-accent-soft p-3 text-left"
      data-testid="held-subscription"
    >
      <p className="flex items-center gap-2 font-semibold">
        <BadgeCheck className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        {t("credits.held.title")}
      </p>
      <p className="mt-1">{plan}</p>
      <p className="text-sm">
        {held.pastDue
          ? t("credits.held.pastDue")
          : t(held.cancelAtPeriodEnd ? "credits.held.ends" : "credits.held.renews", { date })}
      </p>
      <Link
        to={localePath(locale, "/buyer-dashboard?tab=credits")}
        className="btn-secondary mt-3 w-full"
      >
        {t("credits.held.manage")}
      </Link>
    </div>
  );
}
