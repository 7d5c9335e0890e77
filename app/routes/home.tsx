import { BadgeCheck, Download, ScrollText, Search } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { preload } from "react-dom";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { ItemGrid } from "~/components/catalogue/item-card";
import { useLiveCatalogue } from "~/components/catalogue/live-counts";
import { categoryLinks } from "~/components/shell/category-bar";
import { localePath, useLocale } from "~/components/use-locale";
import { useSearchSubmit } from "~/components/use-search-submit";
import { services } from "~/modules/app.server";
import { catalogueCache } from "~/modules/catalogue/catalogue-cache.server";
import { siteHeroPresent } from "~/modules/demo/site-hero.server";
import { formatNumber } from "~/modules/i18n/i18n";
import { pageMeta } from "~/modules/http/meta";
import { publicPage } from "~/modules/http/public-page";
import type { Route } from "./+types/home";

/** The same page for every visitor who is not signed in: kept whole between requests (0061). */
export const handle = publicPage;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "home");
}

export async function loader() {
  const { db, events, storage } = await services();
  const catalogue = catalogueCache(db, events);
  const [featured, heroVideoId, siteHero] = await Promise.all([
    catalogue.featuredItems(),
    catalogue.heroVideo(),
    siteHeroPresent(storage),
  ]);
  // The site's own clip when the install has one (the demo's landscape), else the newest video
  // on sale.
  const hero = siteHero
    ? { clip: "/site/hero.mp4", poster: "/site/hero.jpg" }
    : heroVideoId
      ? { clip: `/media/${heroVideoId}/clip`, poster: `/media/${heroVideoId}/poster` }
      : null;
  return { featured, hero };
}

function subscribeToPageLoad(onChange: () => void) {
  window.addEventListener("load", onChange);
  return () => window.removeEventListener("load", onChange);
}

/**
 * The hero's looping muted background video, hidden if it fails to load (docs/product.md,
 * "Pages and navigation"). Its poster shows first; the clip is asked for once the page has
 * loaded, so it never competes with the page's first paint on a slow phone (decision record 0048).
 * The poster is the page's largest paint: announced in the head at high priority, it is asked
 * for with the style sheet instead of once the parser reaches the video, behind the scripts.
 */
function HeroVideo({ clip, poster }: { clip: string; poster: string }) {
  const [failed, setFailed] = useState(false);
  preload(poster, { as: "image", fetchPriority: "high" });
  const loaded = useSyncExternalStore(
    subscribeToPageLoad,
    () => document.readyState === "complete",
    () => false,
  );
  if (failed) return null;
  return (
    <video
      className="pointer-events-none absolute inset-0 h-full w-full object-cover opacity-20"
      poster={poster}
      src={loaded ? clip : undefined}
      autoPlay
      muted
      loop
      playsInline
      preload="none"
      aria-hidden="true"
      tabIndex={-1}
      data-testid="hero-video"
      onError={() => setFailed(true)}
    />
  );
}

const statKinds = ["photo", "video", "illustration", "audio", "ebook", "vector"] as const;

const benefits = [
  { icon: BadgeCheck, title: "home.benefitVerifiedTitle", text: "home.benefitVerifiedText" },
  { icon: ScrollText, title: "home.benefitLicensesTitle", text: "home.benefitLicensesText" },
  { icon: Download, title: "home.benefitDownloadTitle", text: "home.benefitDownloadText" },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { counts } = useLiveCatalogue();
  const locale = useLocale();
  const submitSearch = useSearchSubmit(locale);
  const marketplace = localePath(locale, "/marketplace");
  return (
    <>
      <section className="relative overflow-hidden border-b border-border bg-gradient-to-br from-accent-soft via-bg to-bg">
        {loaderData.hero ? <HeroVideo {...loaderData.hero} /> : null}
        <div className="relative container-page py-16 sm:py-24">
          <h1 className="max-w-3xl font-display text-4xl font-semibold tracking-tight sm:text-5xl">
            {t("home.heroTitle")}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted">{t("home.heroSubtitle")}</p>
          <Form
            method="get"
            action={marketplace}
            role="search"
            aria-label={t("home.searchRegion")}
            className="mt-8 flex max-w-2xl gap-2"
            onSubmit={submitSearch}
          >
            <label htmlFor="hero-search" className="sr-only">
              {t("header.searchLabel")}
            </label>
            <input
              id="hero-search"
              name="q"
              type="search"
              maxLength={200}
              placeholder={t("home.searchPlaceholder")}
              className="field-input h-12 flex-1 rounded-xl text-base"
            />
            <button type="submit" className="btn-primary h-12 px-5">
              <Search className="h-5 w-5" aria-hidden="true" />
              <span className="hidden sm:inline">{t("header.searchSubmit")}</span>
              <span className="sr-only sm:hidden">{t("header.searchSubmit")}</span>
            </button>
          </Form>
          <dl
            className="mt-8 grid max-w-3xl grid-cols-3 gap-3 sm:grid-cols-6"
            aria-label={t("catalogue.home.statsLabel")}
          >
            {statKinds.map((kind) => (
              <div key={kind} className="rounded-lg bg-surface/80 p-3">
                <dt className="text-xs text-muted">{t(`categories.${kind}`)}</dt>
                <dd className="text-xl font-semibold tabular-nums" data-testid={`stat-${kind}`}>
                  {formatNumber(locale, counts?.[kind] ?? 0)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="container-page py-12" aria-labelledby="home-featured">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="home-featured" className="text-2xl font-semibold">
            {t("catalogue.home.featuredTitle")}
          </h2>
          <Link to={marketplace} className="text-sm font-medium text-accent hover:underline">
            {t("catalogue.home.seeAll")}
          </Link>
        </div>
        <div className="mt-6">
          {loaderData.featured.length > 0 ? (
            <ItemGrid items={loaderData.featured} locale={locale} />
          ) : (
            <p className="card p-8 text-center text-muted">{t("catalogue.home.featuredEmpty")}</p>
          )}
        </div>
      </section>

      <section className="container-page py-12" aria-labelledby="home-categories">
        <h2 id="home-categories" className="text-2xl font-semibold">
          {t("home.browseCategories")}
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {categoryLinks
            .filter((category) => category.slug !== "trending")
            .map(({ slug, icon: Icon }) => (
              <li key={slug}>
                <Link
                  to={`${marketplace}?category=${slug}`}
                  className="card flex flex-col items-start gap-3 p-4 transition hover:border-accent"
                >
                  <Icon className="h-6 w-6 text-accent" aria-hidden="true" />
                  <span className="font-semibold">{t(`categories.${slug}`)}</span>
                  <span className="text-sm text-muted" data-testid={`tile-count-${slug}`}>
                    {t("catalogue.home.itemCount", { count: counts?.[slug] ?? 0 })}
                  </span>
                </Link>
              </li>
            ))}
        </ul>
      </section>

      <section className="container-page py-12" aria-labelledby="home-benefits">
        <h2 id="home-benefits" className="text-2xl font-semibold">
          {t("home.benefitsTitle")}
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {benefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card p-6">
              <Icon className="h-7 w-7 text-accent" aria-hidden="true" />
              <h3 className="mt-3 text-lg font-semibold">{t(title)}</h3>
              <p className="mt-2 text-muted">{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container-page py-12">
        <div className="card flex flex-col items-start gap-4 bg-accent-soft p-8 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-2xl font-semibold">{t("home.sellerTitle")}</h2>
            <p className="mt-2 text-muted">{t("home.sellerText")}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to={localePath(locale, "/auth/seller")} className="btn-primary">
              {t("home.sellerCta")}
            </Link>
            <Link to={marketplace} className="btn-secondary">
              {t("home.exploreCta")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
