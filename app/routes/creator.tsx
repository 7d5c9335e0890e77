import { useTranslation } from "react-i18next";
import { data, Link, type MetaDescriptor } from "react-router";
import { ItemGrid } from "~/components/catalogue/item-card";
import { localePath, useLocale } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { getCreator, searchCatalogue } from "~/modules/catalogue/catalogue.server";
import { marketplaceSearch, parseMarketplaceQuery } from "~/modules/catalogue/catalogue-query";
import { resultCountLabel } from "~/modules/catalogue/result-count";
import { getT } from "~/modules/i18n/i18n";
import { isLocale, localizedPath, locales, type Locale } from "~/modules/i18n/locale";
import type { Route } from "./+types/creator";

/** A seller's public page: store name, avatar and the items on sale, paginated. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const { db, env } = await services();
  const creator = await getCreator(db, params.creatorId);
  if (!creator) throw data(null, { status: 404 });
  const query = parseMarketplaceQuery(new URL(request.url).searchParams);
  const results = await searchCatalogue(
    db,
    { ...query, q: "", category: null, price: "all", sort: "recent" },
    { creatorId: creator.id },
  );
  return { creator, results, origin: env.baseUrl };
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
  const { creator, results } = loaderData;
  const name = creator.storeName ?? t("catalogue.card.anonymousShop");
  const base = localePath(locale, `/creator/${creator.id}`);
  return (
    <section className="container-page py-10">
      <header className="flex items-center gap-4">
        {creator.avatar ? (
          <img src={creator.avatar} alt="" className="h-16 w-16 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-16 w-16 items-center justify-center rounded-full bg-accent-soft text-2xl font-semibold"
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
