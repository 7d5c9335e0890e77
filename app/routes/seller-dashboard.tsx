import { BarChart3, FileUp, FolderOpen, LayoutDashboard, Store, Wallet } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { toast } from "~/components/shell/toasts";
import { DashboardFrame } from "~/components/dashboard-frame";
import { FormAlert } from "~/components/shared/field";
import { AnalyticsPanel } from "~/components/seller/analytics-panel";
import { ContentPanel } from "~/components/seller/content-panel";
import { LinkTabs } from "~/components/shared/link-tabs";
import { OverviewPanel } from "~/components/seller/overview-panel";
import { EarningsPanel } from "~/components/payouts/earnings-panel";
import { PayoutAccountPanel } from "~/components/payouts/payout-account-panel";
import { UploadPanel } from "~/components/seller/upload-panel";
import { localePath, useLocale } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { getT } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import { bulkEditFromForm } from "~/modules/studio/bulk-edit-action.server";
import { parseSellerListQuery, sellerListSearch } from "~/modules/studio/seller-list";
import { StudioError } from "~/modules/studio/studio-error";
import { deleteSubmission } from "~/modules/studio/submission-edit.server";
import { sellerDashboard } from "~/modules/studio/seller-dashboard-page.server";
import type { SellerTab } from "~/modules/studio/seller-tabs";
import { inLocale } from "~/modules/i18n/bilingual-text";
import type { Route } from "./+types/seller-dashboard";

const guardMessages = { message: "sellerOnly", visitorMessage: "unauthorized" } as const;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "sellerDashboard");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "seller", guardMessages);
  return sellerDashboard(await services(), viewer, new URL(request.url));
}

/**
 * Deletes one of the seller's submissions (intent=delete; an admin may delete any), or edits
 * several of the seller's own at once (intent=bulkEdit), back to the same page of the list.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "seller", guardMessages);
  const url = new URL(request.url);
  const locale = localeFromUrl(url);
  const form = await readForm(request);
  const app = await services();
  if (form.get("intent") === "bulkEdit") {
    const outcome = await bulkEditFromForm(app, viewer, form);
    if (!outcome.ok) return data({ error: null, bulk: outcome }, outcome.status);
    const headers = new Headers();
    await setFlash(headers, {
      kind: "success",
      key: outcome.sentToReview
        ? "sellerDashboard.bulk.doneWithReview"
        : "sellerDashboard.bulk.done",
      params: { count: outcome.updated, review: outcome.sentToReview },
    });
    // Back to the same page of the list (rebuilt from its query: a data request's own URL
    // is not the page's).
    const list = sellerListSearch(parseSellerListQuery(url.searchParams));
    return redirect(`${localePath(locale, "/seller-dashboard")}${list}`, { headers });
  }
  if (form.get("intent") !== "delete") return data({ error: "notFound" as const, bulk: null }, 400);
  try {
    const { title, hidden } = await deleteSubmission(
      app,
      viewer,
      String(form.get("submissionId") ?? ""),
    );
    const headers = new Headers();
    await setFlash(headers, {
      kind: "success",
      key: hidden ? "sellerDashboard.toast.hidden" : "sellerDashboard.toast.deleted",
      params: { title: inLocale(title, locale).trim() || getT(locale)("sellerDashboard.untitled") },
    });
    return redirect(`/${locale}/seller-dashboard?tab=content`, { headers });
  } catch (error) {
    if (error instanceof StudioError && error.code === "notFound")
      return data({ error: error.code, bulk: null }, 404);
    throw error;
  }
}

/**
 * A refused deletion means the list was stale (deleted elsewhere): reload it, as the fixed text's
 * deletion errors do, although React Router skips reloading after an error status by default.
 */
export function shouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return actionStatus === 404 || defaultShouldRevalidate;
}

export default function SellerDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { tab } = loaderData;
  const base = localePath(locale, "/seller-dashboard");
  const icon = "h-4 w-4";

  useEffect(() => {
    if (actionData?.error) toast.error(t(`sellerDashboard.errors.${actionData.error}`));
  }, [actionData, t]);

  return (
    <DashboardFrame
      title={t("dashboards.sellerTitle")}
      intro={t("dashboards.sellerIntro", { name: loaderData.name })}
    >
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={localePath(locale, "/file-upload")} className="btn-primary">
          <FileUp className={icon} aria-hidden="true" />
          {t("sellerDashboard.uploadCta")}
        </Link>
        <Link to={localePath(locale, "/portfolio")} className="btn-secondary">
          <Store className={icon} aria-hidden="true" />
          {t("sellerDashboard.portfolioLink")}
        </Link>
      </div>
      <div className="mt-8">
        <LinkTabs
          label={t("sellerDashboard.tabsLabel")}
          current={tab}
          tabs={[
            { id: "overview", Icon: LayoutDashboard },
            { id: "content", Icon: FolderOpen },
            { id: "analytics", Icon: BarChart3 },
            { id: "payments", Icon: Wallet },
            { id: "upload", Icon: FileUp },
          ].map(({ id, Icon }) => ({
            id: id as SellerTab,
            label: t(`sellerDashboard.tabs.${id as SellerTab}`),
            to: id === "overview" ? base : `${base}?tab=${id}`,
            icon: <Icon className={icon} aria-hidden="true" />,
          }))}
        />
      </div>
      <div className="mt-6">
        {actionData?.error ? (
          <div className="mb-6">
            <FormAlert
              title={t("sellerDashboard.toast.deleteError")}
              message={t(`sellerDashboard.errors.${actionData.error}`)}
            />
          </div>
        ) : null}
        {tab === "overview" && loaderData.stats && loaderData.earnings ? (
          <OverviewPanel
            stats={loaderData.stats}
            recent={loaderData.submissions}
            earnings={loaderData.earnings.totals}
          />
        ) : null}
        {loaderData.list ? (
          <ContentPanel
            list={loaderData.list}
            bulk={actionData?.bulk && !actionData.bulk.ok ? actionData.bulk : null}
          />
        ) : null}
        {tab === "analytics" && loaderData.stats && loaderData.earnings ? (
          <AnalyticsPanel
            stats={loaderData.stats}
            months={loaderData.months}
            submissions={loaderData.submissions}
            earnings={loaderData.earnings}
          />
        ) : null}
        {tab === "payments" && loaderData.payments ? (
          <div className="space-y-6">
            <PayoutAccountPanel
              account={loaderData.payments.account}
              provider={loaderData.payments.provider}
              statusError={loaderData.payments.statusError}
              commissionBps={loaderData.commissionBps ?? 1500}
            />
            <EarningsPanel
              active={loaderData.payments.account?.badge === "active"}
              balanceCents={loaderData.payments.balanceCents}
              paidOutCents={loaderData.payments.paidOutCents}
              ledger={loaderData.payments.ledger}
              payouts={loaderData.payments.payouts}
              months={loaderData.payments.months}
            />
          </div>
        ) : null}
        {tab === "upload" ? <UploadPanel /> : null}
      </div>
    </DashboardFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
