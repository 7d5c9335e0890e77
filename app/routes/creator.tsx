import { useTranslation } from "react-i18next";
import { data, Link, type MetaDescriptor } from "react-router";
import { ItemGrid } from "~/components/catalogue/item-card";
import { localePath, useLocale } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { getCreator, searchCatalogue } from "~/modules/catalogue/catalogue.server";
import { marketplaceSearch, parseMarketplaceQuery } from "~/modules/catalogue/catalogue-query";
import { resultCountLabel } from "~/modules/catalogue/result-count";
import { inLocale, shownLocale } from "~/modules/i18n/bilingual-text";
import { getT } from "~/modules/i18n/i18n";
import { isLocale, localizedPath, locales, type Locale } from "~/modules/i18n/locale";
import { shopProfile } from "~/modules/shop/shop-profile.server";
import { publicPage } from "~/modules/http/public-page";
import type { Route } from "./+types/creator";

/** The same page for every visitor who is not signed in: kept whole between requests (0061). */
export const handle = publicPage;

/** A seller's public page: banner, avatar, store name, bio and the items on sale, paginated. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const { db, env } = await services();
  const creator = await getCreator(db, params.creatorId);
  if (!creator) throw data(null, { status: 404 });
  const query = parseMarketplaceQuery(new URL(request.url).searchParams);
  const [results, shop] = await Promise.all([
    searchCatalogue(
      db,
      { ...query, q: "", category: null, price: "all", sort: "recent" },
      { creatorId: creator.id },
    ),
    shopProfile(db, creator.id),
  ]);
  // Only what is made is shown: a picture still being processed keeps the previous look.
  return {
    creator: { ...creator, avatar: shop.avatar?.url ?? creator.avatar },
    banner: shop.banner?.url ?? null,
    bio: shop.bio,
    results,
    origin: env.baseUrl,
  };
}

export function meta({ loaderData, params, location }: Route.MetaArgs): MetaDescriptor[] {
  const locale: Locale = isLocale(params.lang) ? params.lang : "fr";
  const t = getT(locale);
  if (!loaderData) return [{ title: "Vitrine" }, { name: "robots", content: "noindex" }];
  const name = loaderData.creator.storeName ?? t("catalogue.card.anonymousShop");
  return [
    { title: t("catalogue.meta.creatorTitle", { name }) },
    { name: "description", content: t("catalogue.creator.metaDescription", { name }) },
    { tagName: "link", rel: "canonical", href: `${loaderData.origin}${location.pathname}` },
    ...locales.map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate,
      href: `${loaderData.origin}${localizedPath(location.pathname, alternate)}`,
    })),
  ];
}

export default function Creator({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { creator, results, banner } = loaderData;
  const name = creator.storeName ?? t("catalogue.card.anonymousShop");
  const base = localePath(locale, `/creator/${creator.id}`);
  const bio = inLocale(loaderData.bio, locale);
  const bioLang = shownLocale(loaderData.bio, locale);
  return (
    <section className="container-page py-10">
      {banner ? (
        <img
          src={banner}
          alt=""
          width={1600}
          height={400}
          className="mb-6 aspect-[4/1] w-full rounded-2xl border border-border object-cover"
          data-testid="creator-banner"
        />
      ) : null}
      <header className="flex items-center gap-4">
        {creator.avatar ? (
          <img
            src={creator.avatar}
            alt={t("catalogue.creator.avatarAlt", { name })}
            className="h-20 w-20 shrink-0 rounded-full border border-border object-cover"
            data-testid="creator-avatar"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full bg-accent-soft text-2xl font-semibold"
          >
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h1 className="text-3xl font-semibold">{t("catalogue.creator.title", { name })}</h1>
          <p className="text-muted">
            {t("catalogue.creator.memberSince", {
              year: new Date(creator.memberSince).getFullYear(),
            })}
            {" · "}
            {resultCountLabel(t, locale, "shopItems", results)}
          </p>
        </div>
      </header>
      {bio.trim() !== "" ? (
        <p
          className="mt-4 max-w-3xl whitespace-pre-line text-fg"
          lang={bioLang === locale ? undefined : bioLang}
          data-testid="creator-bio"
        >
          {bio}
        </p>
      ) : null}
      <div className="mt-8">
        <ItemGrid items={results.items} locale={locale} leading />
      </div>
      {results.pageCount > 1 ? (
        <nav aria-label={t("catalogue.pagination")} className="mt-8 flex justify-center gap-2">
          {results.page > 1 ? (
            <Link
              to={`${base}${marketplaceSearch({ page: results.page - 1 })}`}
              className="btn-secondary"
              rel="prev"
            >
              {t("catalogue.previous")}
            </Link>
          ) : null}
          <span className="self-center text-sm">
            {t("catalogue.pageOf", { page: results.page, count: results.pageCount })}
          </span>
          {results.page < results.pageCount ? (
            <Link
              to={`${base}${marketplaceSearch({ page: results.page + 1 })}`}
              className="btn-secondary"
              rel="next"
            >
              {t("catalogue.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
