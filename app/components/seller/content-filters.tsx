import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { contentKinds } from "~/modules/studio/content-kind";
import {
  sellerListSearch,
  sellerListSorts,
  sellerListStatuses,
  type SellerListQuery,
} from "~/modules/studio/seller-list";

/**
 * The content tab's search, filters and sort: a GET form, so every choice is in the URL and the
 * server renders the page (a new search starts again at page 1).
 */
export function ContentFilters({ query }: { query: SellerListQuery }) {
  const { t } = useTranslation();
  const filtered = query.q !== "" || query.status !== null || query.kind !== null;
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("sellerDashboard.list.filtersLabel")}
      className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
    >
      <input type="hidden" name="tab" value="content" />
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor="list-q" className="field-label">
          {t("sellerDashboard.list.search")}
        </label>
        <input
          id="list-q"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder={t("sellerDashboard.list.searchPlaceholder")}
          className="field-input"
        />
      </div>
      <div>
        <label htmlFor="list-status" className="field-label">
          {t("sellerDashboard.list.status")}
        </label>
        <select
          id="list-status"
          name="status"
          defaultValue={query.status ?? ""}
          className="field-input"
        >
          <option value="">{t("sellerDashboard.list.allStatuses")}</option>
          {sellerListStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`sellerDashboard.list.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="list-kind" className="field-label">
          {t("sellerDashboard.list.kind")}
        </label>
        <select id="list-kind" name="kind" defaultValue={query.kind ?? ""} className="field-input">
          <option value="">{t("sellerDashboard.list.allKinds")}</option>
          {contentKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`sellerDashboard.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="list-sort" className="field-label">
          {t("sellerDashboard.list.sort")}
        </label>
        <select id="list-sort" name="sort" defaultValue={query.sort} className="field-input">
          {sellerListSorts.map((sort) => (
            <option key={sort} value={sort}>
              {t(`sellerDashboard.list.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary">
          <Search className="h-4 w-4" aria-hidden="true" />
          {t("sellerDashboard.list.apply")}
        </button>
        {filtered ? (
          <Link
            to={sellerListSearch({ sort: query.sort })}
            className="text-sm font-medium text-accent hover:underline"
          >
            {t("sellerDashboard.list.reset")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
