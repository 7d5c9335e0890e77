import { LayoutGrid, List } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation, useRevalidator } from "react-router";
import { ItemGrid } from "~/components/catalogue/item-card";
import { useLiveCatalogue } from "~/components/catalogue/live-counts";
import { MarketplaceFilters } from "~/components/catalogue/marketplace-filters";
import { MarketplacePager } from "~/components/catalogue/marketplace-pager";
import { localePath, useLocale } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { catalogueCache } from "~/modules/catalogue/catalogue-cache.server";
import { resultCountLabel } from "~/modules/catalogue/result-count";
import { marketplaceSearch, parseMarketplaceQuery } from "~/modules/catalogue/catalogue-query";
import { pageMeta } from "~/modules/http/meta";
import { publicPage } from "~/modules/http/public-page";
import type { Route } from "./+types/marketplace";

/** The same page for every visitor who is not signed in: kept whole between requests (0061). */
export const handle = publicPage;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "marketplace");
}

/**
 * Filters, facets, sort and page come from the URL and are applied on the server (docs/product.md,
 * "Pages and navigation"; facets and spelling: decision record 0059).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = parseMarketplaceQuery(new URL(request.url).searchParams);
  const { db, events } = await services();
  const results = await catalogueCache(db, events).searchCatalogue(query, { facets: true });
  return { query: { ...query, page: results.page }, results };
}

export default function Marketplace({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { query, results } = loaderData;
  const { counts, version } = useLiveCatalogue();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const base = localePath(locale, "/marketplace");

  // The list follows catalogue changes (a deletion, an approval) pushed by the server.
  const seenVersion = useRef(version);
  useEffect(() => {
    if (version === seenVersion.current) return;
    seenVersion.current = version;
    void revalidator.revalidate();
  }, [version, revalidator]);

  const corrected = results.correctedQuery;
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-semibold">{t("marketplace.title")}</h1>
      {query.q ? (
        <p className="mt-2 text-muted">{t("marketplace.resultsFor", { query: query.q })}</p>
      ) : null}
      {corrected ? (
        <div className="mt-2" data-testid="did-you-mean">
          <p>
            {t("marketplace.didYouMean")}{" "}
            <Link
              to={`${base}${marketplaceSearch({ ...query, q: corrected, page: 1 })}`}
              className="font-semibold text-accent underline"
            >
              {corrected}
            </Link>
          </p>
          <p className="text-sm text-muted">
            {t("marketplace.correctedNote", { typed: query.q, corrected })}
          </p>
        </div>
      ) : null}

      <MarketplaceFilters
        query={query}
        base={base}
        locale={locale}
        categoryCounts={counts}
        facetCounts={results.facetCounts}
      />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="font-medium" role="status" data-testid="result-count">
          {resultCountLabel(t, locale, "results", results)}
        </p>
        <div
          className="flex items-center gap-1"
          role="group"
          aria-label={t("catalogue.filters.view")}
        >
          {(["grid", "list"] as const).map((view) => {
            const Icon = view === "grid" ? LayoutGrid : List;
            return (
              <Link
                key={view}
                to={`${base}${marketplaceSearch({ ...query, view })}`}
                aria-current={query.view === view ? "true" : undefined}
                preventScrollReset
                className="btn-secondary aria-[current=true]:bg-accent-soft"
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                {t(`catalogue.filters.${view}`)}
              </Link>
            );
          })}
        </div>
      </div>

      <div className="mt-4" aria-busy={navigation.state === "loading"}>
        {results.items.length > 0 ? (
          <ItemGrid items={results.items} locale={locale} layout={query.view} leading />
        ) : (
          <div className="card p-10 text-center">
            <p className="text-lg font-semibold">{t("catalogue.empty")}</p>
            <p className="mt-2 text-muted">{t("catalogue.emptyHint")}</p>
            <Link to={base} className="btn-secondary mt-4 inline-flex">
              {t("catalogue.filters.reset")}
            </Link>
          </div>
        )}
      </div>
      <MarketplacePager query={query} pageCount={results.pageCount} base={base} />
    </section>
  );
}
