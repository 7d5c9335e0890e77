import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { BillingForm } from "~/components/billing/billing-form";
import { BuyerOverview } from "~/components/commerce/buyer-overview";
import { ProfileForms } from "~/components/commerce/profile-forms";
import { PurchaseSearch } from "~/components/commerce/purchase-search";
import { PurchasedDownloads } from "~/components/commerce/purchased-downloads";
import { PurchasedLicences } from "~/components/commerce/purchased-licences";
import { CreditsPanel } from "~/components/credits/credits-panel";
import { DashboardFrame } from "~/components/dashboard-frame";
import { LinkTabs } from "~/components/shared/link-tabs";
import { localePath } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { buyerDashboard, saveBuyerProfile } from "~/modules/commerce/buyer-dashboard.server";
import { buyerTabFrom, buyerTabs, type BuyerTab } from "~/modules/commerce/buyer-tabs";
import { appendSetCookies, setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/buyer-dashboard";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "buyerDashboard");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "buyer", {
    message: "buyerOnly",
    visitorMessage: "signInRequiredText",
  });
  const url = new URL(request.url);
  return buyerDashboard(await services(), viewer, {
    tab: buyerTabFrom(url.searchParams.get("tab")),
    q: (url.searchParams.get("q") ?? "").slice(0, 100),
    locale: localeFromUrl(url),
  });
}

/** The profile tab's forms; a saved form comes back to the tab with its toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "buyer", { message: "buyerOnly" });
  const locale = localeFromUrl(new URL(request.url));
  const form = await readForm(request);
  const outcome = await saveBuyerProfile(await services(), viewer, request.headers, form, locale);
  if (outcome.kind === "badIntent") throw data(null, { status: 400 });
  if (outcome.kind === "refused") return data(outcome.body, { status: 400 });
  if (outcome.kind === "billingRefused") {
    return data({ billingErrors: outcome.billingErrors, form: "billing" }, { status: 400 });
  }
  const headers = new Headers();
  // After a password change, the re-issued session cookie: the account's other sessions ended.
  if (outcome.cookies) appendSetCookies(headers, outcome.cookies);
  await setFlash(headers, { kind: "success", key: outcome.flash });
  return redirect(localePath(locale, "/buyer-dashboard?tab=profile"), { headers });
}

export default function BuyerDashboard({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = params.lang === "en" ? "en" : "fr";
  const { tab, purchases } = loaderData;
  const here = (id: BuyerTab) => localePath(locale, `/buyer-dashboard?tab=${id}`);
  const empty = <p className="card mt-6 p-6 text-muted">{t("commerce.dashboard.empty")}</p>;
  return (
    <DashboardFrame
      title={t("dashboards.buyerTitle")}
      intro={t("dashboards.buyerIntro", { name: loaderData.name })}
    >
      <div className="mt-6">
        <LinkTabs
          label={t("commerce.dashboard.tabsLabel")}
          current={tab}
          tabs={buyerTabs.map((id) => ({
            id,
            label:
              id === "credits" ? t("credits.dashboard.title") : t(`commerce.dashboard.tabs.${id}`),
            to: here(id),
          }))}
        />
      </div>
      {tab === "overview" ? (
        <BuyerOverview stats={loaderData.stats} purchases={purchases} locale={locale} />
      ) : null}
      {tab === "purchases" ? (
        <PurchaseSearch q={loaderData.q} purchases={purchases} locale={locale} />
      ) : null}
      {tab === "downloads" ? (
        purchases.length === 0 ? (
          empty
        ) : (
          <PurchasedDownloads purchases={purchases} locale={locale} />
        )
      ) : null}
      {tab === "licences" ? (
        purchases.length === 0 ? (
          empty
        ) : (
          <PurchasedLicences purchases={purchases} locale={locale} />
        )
      ) : null}
      {tab === "credits" && loaderData.credits ? (
        <CreditsPanel
          locale={locale}
          overview={loaderData.credits}
          testProvider={loaderData.testProvider}
        />
      ) : null}
      {tab === "profile" ? (
        <>
          <ProfileForms
            profile={loaderData.profile}
            refused={actionData && "error" in actionData ? actionData : undefined}
          />
          <div className="mt-6 max-w-xl">
            <BillingForm
              billing={loaderData.billing}
              countries={loaderData.countries}
              errors={
                actionData && "billingErrors" in actionData ? actionData.billingErrors : undefined
              }
              intro={t("billing.intro")}
            />
          </div>
        </>
      ) : null}
    </DashboardFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
