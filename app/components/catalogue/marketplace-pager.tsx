import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { marketplaceSearch, type MarketplaceQuery } from "~/modules/catalogue/catalogue-query";

/** The marketplace's page links: the first, the last and two either side of the current one. */
export function MarketplacePager({
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
