import { BillingForm } from "~/components/billing/billing-form";
import { findBilling } from "~/modules/billing/billing.server";
import { countryOptions, submitBilling } from "~/modules/billing/billing-form.server";
import { Award, Download, FileText, ShoppingBag, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { DashboardFrame } from "~/components/dashboard-frame";
import { LinkTabs } from "~/components/seller/link-tabs";
import { ProfileForms } from "~/components/commerce/profile-forms";
import { ZipCheckbox, ZipSelection } from "~/components/commerce/zip-selection";
import { CreditsPanel } from "~/components/credits/credits-panel";
import { creditsOverview } from "~/modules/credits/overview.server";
import { paymentProvider } from "~/modules/payments/payments.server";
import { StatCard } from "~/components/seller/stat-card";
import { localePath } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import {
  awaitingConfirmation,
  emailChangeSchema,
  requestEmailChange,
} from "~/modules/accounts/email-change.server";
import { changePassword, passwordChangeSchema } from "~/modules/accounts/password-change.server";
import {
  buyerProfile,
  profileSchema,
  updateBuyerProfile,
} from "~/modules/commerce/buyer-profile.server";
import { listPurchases, purchasedFiles, purchaseStats } from "~/modules/commerce/purchases.server";
import { appendSetCookies, setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { formatBytes, formatDate, formatMoney, formatNumber } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/buyer-dashboard";

const tabs = ["overview", "purchases", "downloads", "licences", "credits", "profile"] as const;
type Tab = (typeof tabs)[number];

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "buyerDashboard");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "buyer", {
    message: "buyerOnly",
    visitorMessage: "signInRequiredText",
  });
  const url = new URL(request.url);
  const asked = url.searchParams.get("tab");
  const tab: Tab = (tabs as readonly string[]).includes(asked ?? "") ? (asked as Tab) : "overview";
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const app = await services();
  const [stats, purchases, profile] = await Promise.all([
    purchaseStats(app.db, viewer.id),
    listPurchases(app.db, viewer.id, localeFromUrl(url), tab === "purchases" ? q : ""),
    buyerProfile(app, viewer.id),
  ]);
  const locale = localeFromUrl(url);
  const files =
    tab === "downloads"
      ? await purchasedFiles(
          app.db,
          purchases.map((row) => row.submissionId),
        )
      : [];
  // Credits tab (decision record 0027).
  const credits = tab === "credits" ? await creditsOverview(app.db, viewer.id, locale) : null;
  const pendingEmail = tab === "profile" ? await awaitingConfirmation(app.db, viewer.id) : null;
  // Billing details for invoices (decision record 0052), edited on the profile tab.
  const billing = tab === "profile" ? await findBilling(app.db, viewer.id) : null;
  return {
    credits,
    testProvider: paymentProvider(app).name === "test",
    tab,
    q,
    name: viewer.displayName,
    stats,
    profile: { ...profile, pendingEmail },
    billing,
    countries: tab === "profile" ? countryOptions(locale) : [],
    purchases: purchases.map((row) => ({
      ...row,
      date: formatDate(locale, row.createdAt),
      active: !row.revokedAt && !row.suspendedReason,
      picture: pictureOf(files.filter((file) => file.submissionId === row.submissionId)),
      files: files
        .filter((file) => file.submissionId === row.submissionId && file.purpose === "original")
        .map((file) => ({
          id: file.id,
          fileName: file.fileName,
          size: formatBytes(locale, file.size),
          bytes: file.size,
          format: fileFormat(file),
        })),
    })),
  };
}

type PurchasedFile = Awaited<ReturnType<typeof purchasedFiles>>[number];

/** The picture standing for an item (its cover first): a thumbnail, else a video's poster. */
function pictureOf(files: PurchasedFile[]): string | null {
  const file = files.find((candidate) => candidate.thumbnail || candidate.poster);
  return file ? `/media/${file.id}/${file.thumbnail ? "thumbnail" : "poster"}` : null;
}

/** "JPEG", "MP4", "PDF": what the file is, as buyers name formats. */
function fileFormat(file: PurchasedFile): string {
  const named = file.format ?? file.mime?.split("/")[1] ?? file.fileName.split(".").pop() ?? "";
  return named.replace(/^x-/, "").toUpperCase();
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "buyer", { message: "buyerOnly" });
  const app = await services();
  const locale = localeFromUrl(new URL(request.url));
  const form = await readForm(request);
  const intent = form.get("intent");
  const headers = new Headers();
  const back = localePath(locale, "/buyer-dashboard?tab=profile");
  if (intent === "profile") {
    const parsed = profileSchema.safeParse({
      displayName: form.get("displayName"),
      locale: form.get("locale"),
    });
    if (!parsed.success) {
      return data({ error: parsed.error.issues[0]!.message, form: "profile" }, { status: 400 });
    }
    await updateBuyerProfile(app, viewer.id, parsed.data);
    await setFlash(headers, { kind: "success", key: "commerce.dashboard.saved" });
    return redirect(back, { headers });
  }
  if (intent === "billing") {
    const billingErrors = await submitBilling(app.db, viewer.id, form);
    if (billingErrors) return data({ billingErrors, form: "billing" }, { status: 400 });
    await setFlash(headers, { kind: "success", key: "billing.saved" });
    return redirect(back, { headers });
  }
  if (intent === "password") {
    const parsed = passwordChangeSchema.safeParse({
      currentPassword: form.get("currentPassword"),
      newPassword: form.get("newPassword"),
    });
    if (!parsed.success) {
      return data({ error: parsed.error.issues[0]!.message, form: "password" }, { status: 400 });
    }
    const outcome = await changePassword(app, viewer, request.headers, parsed.data);
    if (!outcome.ok) return data({ error: outcome.error, form: "password" }, { status: 400 });
    // The re-issued session cookie: the other sessions of the account have just ended.
    appendSetCookies(headers, outcome.headers);
    await setFlash(headers, { kind: "success", key: "commerce.dashboard.passwordSaved" });
    return redirect(back, { headers });
  }
  if (intent === "email") {
    const parsed = emailChangeSchema.safeParse({
      newEmail: form.get("newEmail"),
      currentPassword: form.get("currentPassword"),
    });
    if (!parsed.success) {
      return data({ error: parsed.error.issues[0]!.message, form: "email" }, { status: 400 });
    }
    const outcome = await requestEmailChange(app, viewer, request.headers, parsed.data, locale);
    if (!outcome.ok) return data({ error: outcome.error, form: "email" }, { status: 400 });
    await setFlash(headers, { kind: "success", key: "commerce.dashboard.emailSent" });
    return redirect(back, { headers });
  }
  throw data(null, { status: 400 });
}

type Purchase = Route.ComponentProps["loaderData"]["purchases"][number];

function StatusNote({ purchase }: { purchase: Purchase }) {
  const { t } = useTranslation();
  if (purchase.revokedAt)
    return <span className="text-sm text-red-600">{t("commerce.dashboard.revoked")}</span>;
  if (purchase.suspendedReason) {
    return <span className="text-sm text-amber-700">{t("commerce.dashboard.suspended")}</span>;
  }
  return null;
}

/**
 * Payouts: the order's receipt and its PDF. Only orders of this buyer reach this list (the
 * receipt pages check it again); credit downloads have no order, hence no receipt.
 */
function ReceiptLinks({ purchase, locale }: { purchase: Purchase; locale: "fr" | "en" }) {
  const { t } = useTranslation();
  const { orderId, orderStatus } = purchase;
  if (!orderId || (orderStatus !== "paid" && orderStatus !== "refunded")) return null;
  const reference = orderId.slice(0, 8).toUpperCase();
  return (
    <span className="flex gap-3">
      <Link
        to={localePath(locale, `/receipts/${orderId}`)}
        className="font-medium text-accent hover:underline"
        aria-label={t("payouts.receipt.linkLabel", { reference })}
      >
        {t("payouts.receipt.link")}
      </Link>
      <a
        href={localePath(locale, `/receipts/${orderId}/pdf`)}
        className="font-medium text-accent hover:underline"
        aria-label={t("payouts.receipt.pdfLabel", { reference })}
        download
      >
        PDF
      </a>
    </span>
  );
}

/**
 * What a purchase cost, as it was paid: money, credits ("2 crédits") or Infinity. A download
 * with credits or Infinity has no price of its own: its line only records the sellers' share.
 */
function PaidWith({ purchase, locale }: { purchase: Purchase; locale: "fr" | "en" }) {
  const { t } = useTranslation();
  if (purchase.source === "subscription") return <>{t("credits.paidWith.infinity")}</>;
  if (purchase.source === "credits") {
    const count = purchase.credits ?? 0;
    return <>{t("credits.paidWith.credits", { count, n: formatNumber(locale, count) })}</>;
  }
  return (
    <>
      {purchase.amountCents ? formatMoney(locale, purchase.amountCents) : t("commerce.cart.free")}
    </>
  );
}

function PurchaseTable({ purchases, locale }: { purchases: Purchase[]; locale: "fr" | "en" }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="table-stack w-full text-left text-sm">
        <thead className="text-muted">
          <tr>
            <th className="py-2 pr-3 font-medium">{t("commerce.dashboard.date")}</th>
            <th className="py-2 pr-3 font-medium">{t("commerce.dashboard.item")}</th>
            <th className="py-2 pr-3 font-medium">{t("commerce.dashboard.licence")}</th>
            <th className="py-2 pr-3 font-medium">{t("commerce.dashboard.amount")}</th>
            <th className="py-2 pr-3 font-medium">{t("commerce.dashboard.status")}</th>
            <th className="py-2 font-medium">{t("payouts.receipt.column")}</th>
          </tr>
        </thead>
        <tbody>
          {purchases.map((purchase) => (
            <tr key={purchase.entitlementId} className="border-t border-border">
              <td data-label={t("commerce.dashboard.date")} className="py-2 pr-3 whitespace-nowrap">
                {purchase.date}
              </td>
              <td data-label={t("commerce.dashboard.item")} className="py-2 pr-3">
                {purchase.title ?? t("commerce.dashboard.deletedItem")}
              </td>
              <td data-label={t("commerce.dashboard.licence")} className="py-2 pr-3">
                {t(`commerce.licence.${purchase.licenceId}`)}
              </td>
              <td
                data-label={t("commerce.dashboard.amount")}
                className="py-2 pr-3 whitespace-nowrap"
              >
                <PaidWith purchase={purchase} locale={locale} />
              </td>
              <td data-label={t("commerce.dashboard.status")} className="py-2 pr-3">
                {purchase.active ? (
                  t(`commerce.dashboard.orderStatus.${purchase.orderStatus ?? "paid"}`)
                ) : (
                  <StatusNote purchase={purchase} />
                )}
              </td>
              <td data-label={t("payouts.receipt.column")} className="py-2 whitespace-nowrap">
                <ReceiptLinks purchase={purchase} locale={locale} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function BuyerDashboard({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = params.lang === "en" ? "en" : "fr";
  const { tab, stats, purchases, profile, q } = loaderData;
  const here = (id: Tab) => localePath(locale, `/buyer-dashboard?tab=${id}`);
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
          tabs={tabs.map((id) => ({
            id,
            label:
              id === "credits" ? t("credits.dashboard.title") : t(`commerce.dashboard.tabs.${id}`),
            to: here(id),
          }))}
        />
      </div>
      {tab === "overview" ? (
        <>
          <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard
              label={t("commerce.dashboard.stats.purchases")}
              value={formatNumber(locale, stats.purchases)}
              icon={<ShoppingBag className="h-4 w-4" aria-hidden="true" />}
            />
            <StatCard
              label={t("commerce.dashboard.stats.spent")}
              value={formatMoney(locale, stats.spentCents)}
              icon={<Wallet className="h-4 w-4" aria-hidden="true" />}
            />
            <StatCard
              label={t("commerce.dashboard.stats.downloads")}
              value={formatNumber(locale, stats.downloads)}
              icon={<Download className="h-4 w-4" aria-hidden="true" />}
            />
            <StatCard
              label={t("commerce.dashboard.stats.licences")}
              value={formatNumber(locale, stats.licences)}
              icon={<Award className="h-4 w-4" aria-hidden="true" />}
            />
          </dl>
          <section className="card mt-6 p-5" aria-labelledby="recent-title">
            <h2 id="recent-title" className="text-lg font-semibold">
              {t("commerce.dashboard.recent")}
            </h2>
            {purchases.length === 0 ? (
              <p className="mt-3 text-muted">{t("commerce.dashboard.empty")}</p>
            ) : (
              <PurchaseTable purchases={purchases.slice(0, 5)} locale={locale} />
            )}
          </section>
        </>
      ) : null}
      {tab === "purchases" ? (
        <section className="mt-6">
          <Form method="get" role="search" className="flex gap-2">
            <input type="hidden" name="tab" value="purchases" />
            <label htmlFor="purchase-search" className="sr-only">
              {t("commerce.dashboard.searchLabel")}
            </label>
            <input
              id="purchase-search"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={100}
              placeholder={t("commerce.dashboard.searchLabel")}
              className="field-input"
            />
            <button type="submit" className="btn-secondary">
              {t("commerce.dashboard.search")}
            </button>
          </Form>
          {purchases.length === 0 ? (
            <p className="card mt-6 p-6 text-muted">
              {q ? t("commerce.dashboard.noMatch") : t("commerce.dashboard.empty")}
            </p>
          ) : (
            <PurchaseTable purchases={purchases} locale={locale} />
          )}
        </section>
      ) : null}
      {tab === "downloads" && purchases.some((purchase) => purchase.active) ? (
        <ZipSelection locale={locale} />
      ) : null}
      {tab === "downloads" ? (
        purchases.length === 0 ? (
          empty
        ) : (
          <ul className="mt-6 space-y-3">
            {purchases.map((purchase) => (
              <li
                key={purchase.entitlementId}
                className="card flex gap-4 p-4"
                data-testid="download-entry"
              >
                <span className="w-20 shrink-0 sm:w-28" aria-hidden="true">
                  {purchase.picture ? (
                    <img
                      src={purchase.picture}
                      alt=""
                      loading="lazy"
                      className="aspect-[4/3] w-full rounded-md bg-surface-2 object-cover"
                    />
                  ) : (
                    <span className="flex aspect-[4/3] w-full items-center justify-center rounded-md bg-surface-2 text-muted">
                      <FileText className="h-6 w-6" />
                    </span>
                  )}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words">
                    <Link
                      to={localePath(locale, `/product/${purchase.submissionId}`)}
                      className="hover:underline"
                    >
                      {purchase.title ?? t("commerce.dashboard.deletedItem")}
                    </Link>
                  </p>
                  <p className="text-sm text-muted">
                    {t(`commerce.licence.${purchase.licenceId}`)} · {purchase.date}
                  </p>
                  {purchase.active ? (
                    <ul className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                      {purchase.files.map((file) => (
                        <li key={file.id} className="min-w-0">
                          <ZipCheckbox id={file.id} name={file.fileName} bytes={file.bytes} />
                          <a
                            href={`/downloads/${file.id}`}
                            className="btn-secondary max-w-full"
                            download
                          >
                            <Download className="h-4 w-4 shrink-0" aria-hidden="true" />
                            <span className="min-w-0 truncate">
                              {t("commerce.dashboard.downloadFile", { name: file.fileName })}
                            </span>
                          </a>
                          <span className="mt-1 block text-xs text-muted" data-testid="file-facts">
                            {t("commerce.dashboard.fileFacts", {
                              format: file.format,
                              size: file.size,
                            })}
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <StatusNote purchase={purchase} />
                  )}
                </div>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {tab === "licences" ? (
        purchases.length === 0 ? (
          empty
        ) : (
          <ul className="mt-6 space-y-3">
            {purchases.map((purchase) => (
              <li
                key={purchase.entitlementId}
                className="card flex flex-wrap items-center justify-between gap-3 p-4"
              >
                <span className="min-w-0">
                  <span className="block font-semibold">
                    {purchase.title ?? t("commerce.dashboard.deletedItem")}
                  </span>
                  <span className="text-sm text-muted">
                    {t(`commerce.licence.${purchase.licenceId}`)} ·{" "}
                    <span className="font-mono">{purchase.certificateNumber}</span>
                  </span>
                </span>
                <Link
                  to={localePath(locale, `/certificates/${purchase.certificateNumber}`)}
                  className="btn-secondary"
                >
                  <FileText className="h-4 w-4" aria-hidden="true" />
                  {t("commerce.dashboard.certificate")}
                </Link>
              </li>
            ))}
          </ul>
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
            profile={profile}
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
