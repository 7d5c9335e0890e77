import { LayoutGrid, List, Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation, useNavigate, useRevalidator } from "react-router";
import { ItemGrid } from "~/components/catalogue/item-card";
import { useLiveCatalogue } from "~/components/catalogue/live-counts";
import { localePath, useLocale } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { catalogueCache } from "~/modules/catalogue/catalogue-cache.server";
import { resultCountLabel } from "~/modules/catalogue/result-count";
import {
  categoryFilters,
  marketplaceSearch,
  parseMarketplaceQuery,
  priceFilters,
  sortOrders,
  type MarketplaceQuery,
} from "~/modules/catalogue/catalogue-query";
import { pageMeta } from "~/modules/http/meta";
import type { Route } from "./+types/marketplace";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "marketplace");
}

/** Filters, sort and page come from the URL and are applied on the server (docs/product.md, "Pages and navigation"). */
export async function loader({ request }: Route.LoaderArgs) {
  const query = parseMarketplaceQuery(new URL(request.url).searchParams);
  const { db, events } = await services();
  const results = await catalogueCache(db, events).searchCatalogue(query);
  return { query: { ...query, page: results.page }, results };
}

function Pager({
  query,
  pageCount,
  base,
}: {
  query: MarketplaceQuery;
  pageCount: number;
  base: string;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const link = (page: number) => `${base}${marketplaceSearch({ ...query, page })}`;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1).filter(
    (page) => page === 1 || page === pageCount || Math.abs(page - query.page) <= 2,
  );
  return (
    <nav
      aria-label={t("catalogue.pagination")}
      className="mt-8 flex flex-wrap items-center justify-center gap-2"
    >
      {query.page > 1 ? (
        <Link to={link(query.page - 1)} className="btn-secondary" rel="prev">
          {t("catalogue.previous")}
        </Link>
      ) : null}
      {pages.map((page, index) => (
        <span key={page} className="flex items-center gap-2">
          {index > 0 && page - pages[index - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
          <Link
            to={link(page)}
            aria-current={page === query.page ? "page" : undefined}
            aria-label={t("catalogue.pageOf", { page, count: pageCount })}
            className="btn-secondary min-w-10 aria-[current=page]:bg-accent aria-[current=page]:text-white"
          >
            {page}
          </Link>
        </span>
      ))}
      {query.page < pageCount ? (
        <Link to={link(query.page + 1)} className="btn-secondary" rel="next">
          {t("catalogue.next")}
        </Link>
      ) : null}
    </nav>
  );
}

export default function Marketplace({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { query, results } = loaderData;
  const { counts, version } = useLiveCatalogue();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const base = localePath(locale, "/marketplace");
  const form = useRef<HTMLFormElement>(null);

  // The list follows catalogue changes (a deletion, an approval) pushed by the server.
  const seenVersion = useRef(version);
  useEffect(() => {
    if (version === seenVersion.current) return;
    seenVersion.current = version;
    void revalidator.revalidate();
  }, [version, revalidator]);

  // Any filter change applies at once; the Apply button does the same without JavaScript.
  // The URL keeps only what differs from the defaults; a new filter starts again at page 1.
  const applyNow = () => {
    if (!form.current) return;
    const fields = new URLSearchParams();
    new FormData(form.current).forEach((value, name) => fields.set(name, String(value)));
    const next = parseMarketplaceQuery(fields);
    void navigate(`${base}${marketplaceSearch({ ...next, view: query.view, page: 1 })}`, {
      preventScrollReset: true,
    });
  };

  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-semibold">{t("marketplace.title")}</h1>
      {query.q ? (
        <p className="mt-2 text-muted">{t("marketplace.resultsFor", { query: query.q })}</p>
      ) : null}

      <Form
        ref={form}
        method="get"
        action={base}
        role="search"
        aria-label={t("catalogue.filters.label")}
        className="card mt-6 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          applyNow();
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="marketplace-q" className="text-sm font-medium">
            {t("catalogue.filters.search")}
          </label>
          <input
            id="marketplace-q"
            name="q"
            type="search"
            defaultValue={query.q}
            key={query.q}
            maxLength={200}
            placeholder={t("catalogue.filters.searchPlaceholder")}
            className="field-input"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="marketplace-category" className="text-sm font-medium">
            {t("catalogue.filters.category")}
          </label>
          <select
            id="marketplace-category"
            name="category"
            defaultValue={query.category ?? ""}
            key={`c-${query.category}`}
            className="field-input"
            onChange={applyNow}
          >
            <option value="">{t("catalogue.filters.allCategories")}</option>
            {categoryFilters.map((slug) => (
              <option key={slug} value={slug}>
                {counts
                  ? t("catalogue.filters.categoryWithCount", {
                      name: t(`categories.${slug}`),
                      count: counts[slug],
                    })
                  : t(`categories.${slug}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="marketplace-price" className="text-sm font-medium">
            {t("catalogue.filters.price")}
          </label>
          <select
            id="marketplace-price"
            name="price"
            defaultValue={query.price}
            key={`p-${query.price}`}
            className="field-input"
            onChange={applyNow}
          >
            {priceFilters.map((price) => (
              <option key={price} value={price}>
                {t(`catalogue.filters.prices.${price}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="marketplace-sort" className="text-sm font-medium">
            {t("catalogue.filters.sort")}
          </label>
          <select
            id="marketplace-sort"
            name="sort"
            defaultValue={query.sort}
            key={`s-${query.sort}`}
            className="field-input"
            onChange={applyNow}
          >
            {sortOrders.map((sort) => (
              <option key={sort} value={sort}>
                {t(`catalogue.filters.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </div>
        {query.view !== "grid" ? <input type="hidden" name="view" value={query.view} /> : null}
        <button type="submit" className="btn-primary">
          <Search className="h-4 w-4" aria-hidden="true" />
          {t("catalogue.filters.apply")}
        </button>
      </Form>

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
      <Pager query={query} pageCount={results.pageCount} base={base} />
    </section>
  );
}
