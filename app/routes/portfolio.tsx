import { CircleCheck, Download, Layers, ShoppingBag, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { LinkTabs } from "~/components/shared/link-tabs";
import { MediaThumb } from "~/components/shared/media-thumb";
import { StatCard } from "~/components/shared/stat-card";
import { StatusBadge } from "~/components/seller/status-badge";
import { ShopProfileForm } from "~/components/shop/shop-profile-form";
import { useSellerFormat } from "~/components/seller/use-seller-format";
import { localePath } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { formatMoney, formatNumber } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import {
  listSellerSubmissions,
  sellerProfile,
  sellerStats,
} from "~/modules/studio/seller-content.server";
import { submissionCard } from "~/modules/studio/submission-view";
import { shopFigures } from "~/modules/shop/shop-figures.server";
import {
  maxBioLength,
  saveShopProfile,
  ShopProfileError,
  shopProfile,
} from "~/modules/shop/shop-profile.server";
import type { Route } from "./+types/portfolio";

type Tab = "published" | "all";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "portfolio");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "seller", { message: "portfolioSellerOnly" });
  const url = new URL(request.url);
  const locale = localeFromUrl(url);
  const tab: Tab = url.searchParams.get("tab") === "all" ? "all" : "published";
  const { db } = await services();
  const [profile, shop, stats, figures, rows] = await Promise.all([
    sellerProfile(db, viewer.id),
    shopProfile(db, viewer.id),
    sellerStats(db, viewer.id),
    shopFigures(db, viewer.id),
    listSellerSubmissions(db, viewer.id),
  ]);
  const cards = rows.map((row) => submissionCard(row, locale));
  return {
    tab,
    sellerId: viewer.id,
    profile: {
      displayName: profile?.displayName ?? viewer.displayName,
      storeName: profile?.storeName ?? null,
      image: shop.avatar?.url ?? profile?.image ?? null,
      memberSince: (profile?.createdAt ?? new Date()).getUTCFullYear(),
    },
    shop,
    maxBioLength,
    stats: { published: stats.approved, total: stats.total, ...figures },
    submissions: tab === "all" ? cards : cards.filter((card) => card.status === "approved"),
  };
}

/** Saves the signed-in seller's own shop profile: bio, avatar, banner (decision record 0058). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "seller", { message: "portfolioSellerOnly" });
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const remove = form.getAll("remove").filter((value) => value === "avatar" || value === "banner");
  const app = await services();
  try {
    await saveShopProfile(app, viewer.id, {
      bio: { fr: text("bio_fr"), en: text("bio_en") },
      avatarUploadId: text("avatarUploadId") || undefined,
      bannerUploadId: text("bannerUploadId") || undefined,
      remove,
    });
  } catch (error) {
    if (error instanceof ShopProfileError) return data({ error: error.code }, { status: 400 });
    throw error;
  }
  // The seller's public page shows the new profile to visitors at once (decision record 0061).
  app.events.publish({ type: "pages.changed", change: "shop" });
  const headers = new Headers();
  await setFlash(headers, { kind: "success", key: "shop.profile.saved" });
  // Built from the locale: the request's own URL may be the data endpoint's (…/portfolio.data).
  return redirect(localePath(localeFromUrl(new URL(request.url)), "/portfolio"), { headers });
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.slice(0, 2)];
  return letters.join("").toLocaleUpperCase() || "?";
}

export default function Portfolio({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useSellerFormat();
  const { locale } = format;
  const { profile, stats, submissions, tab, shop } = loaderData;
  const shopName = profile.storeName?.trim() || t("portfolio.anonymousShop");
  const base = localePath(locale, "/portfolio");
  const icon = "h-4 w-4 text-muted";
  return (
    <section className="container-page py-8 sm:py-10">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        {profile.image ? (
          <img
            src={profile.image}
            alt=""
            className="h-20 w-20 shrink-0 rounded-full border border-border object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full bg-accent-soft text-2xl font-semibold text-fg"
          >
            {initialsOf(profile.storeName ?? profile.displayName)}
          </span>
        )}
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted">{t("portfolio.title")}</p>
          <h1 className="break-words text-2xl font-semibold sm:text-3xl">{shopName}</h1>
          <p className="text-muted">
            {profile.displayName !== shopName ? `${profile.displayName} · ` : ""}
            {t("portfolio.memberSince", { year: profile.memberSince })}
          </p>
        </div>
        <div className="flex flex-wrap justify-center gap-2 sm:ml-auto">
          {stats.published > 0 ? (
            <Link
              to={localePath(locale, `/creator/${loaderData.sellerId}`)}
              className="btn-secondary"
            >
              {t("portfolio.publicPageLink")}
            </Link>
          ) : null}
          <Link to={localePath(locale, "/seller-dashboard")} className="btn-secondary">
            {t("portfolio.dashboardLink")}
          </Link>
        </div>
      </div>
      {stats.published === 0 ? (
        <p className="mt-3 text-sm text-muted">{t("portfolio.publicPageLater")}</p>
      ) : null}

      <dl
        aria-label={t("portfolio.statsLabel")}
        className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5"
      >
        <StatCard
          label={t("portfolio.published")}
          value={formatNumber(locale, stats.published)}
          icon={<CircleCheck className={icon} aria-hidden="true" />}
        />
        <StatCard
          label={t("portfolio.total")}
          value={formatNumber(locale, stats.total)}
          icon={<Layers className={icon} aria-hidden="true" />}
        />
        <StatCard
          label={t("portfolio.sales")}
          value={formatNumber(locale, stats.sales)}
          hint={stats.sales === 0 ? t("portfolio.noSales") : undefined}
          icon={<ShoppingBag className={icon} aria-hidden="true" />}
        />
        <StatCard
          label={t("portfolio.earned")}
          value={formatMoney(locale, stats.earnedCents)}
          hint={t("portfolio.earnedHint")}
          icon={<Wallet className={icon} aria-hidden="true" />}
        />
        <StatCard
          label={t("portfolio.downloads")}
          value={formatNumber(locale, stats.downloads)}
          icon={<Download className={icon} aria-hidden="true" />}
          className="col-span-2 sm:col-span-1"
        />
      </dl>

      <ShopProfileForm
        profile={shop}
        maxBioLength={loaderData.maxBioLength}
        error={actionData?.error ? t(`shop.profile.errors.${actionData.error}`) : null}
      />

      <div className="mt-8">
        <LinkTabs
          label={t("portfolio.tabsLabel")}
          current={tab}
          tabs={[
            { id: "published" as const, label: t("portfolio.tabs.published"), to: base },
            { id: "all" as const, label: t("portfolio.tabs.all"), to: `${base}?tab=all` },
          ]}
        />
      </div>

      {submissions.length === 0 ? (
        <div className="mt-6 card flex flex-col items-center px-6 py-12 text-center">
          <p className="text-muted">
            {tab === "all" ? t("portfolio.emptyAll") : t("portfolio.emptyPublished")}
          </p>
          <Link to={localePath(locale, "/file-upload")} className="btn-primary mt-4">
            {t("sellerDashboard.uploadCta")}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
          {submissions.map((submission) => (
            <li key={submission.id} className="card overflow-hidden">
              <Link
                to={localePath(locale, `/seller-dashboard/content/${submission.id}`)}
                className="group block"
              >
                <MediaThumb
                  file={submission.picture}
                  className="aspect-[4/3] h-auto w-full rounded-none border-0 border-b"
                />
                <div className="space-y-1.5 p-3">
                  <h2 className="line-clamp-2 text-sm font-semibold break-words group-hover:underline">
                    {format.title(submission.title)}
                  </h2>
                  <div className="flex flex-wrap items-center justify-between gap-1">
                    <span className="text-sm tabular-nums">
                      {format.price(submission.priceCents)}
                    </span>
                    <StatusBadge status={submission.status} />
                  </div>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
