import { Search } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigate } from "react-router";
import { SearchCombobox } from "~/components/catalogue/search-combobox";
import {
  categoryFilters,
  facetNames,
  facetValues,
  marketplaceSearch,
  parseMarketplaceQuery,
  priceFilters,
  sortOrders,
  type CategoryCounts,
  type FacetName,
  type MarketplaceQuery,
} from "~/modules/catalogue/catalogue-query";
import type { Locale } from "~/modules/i18n/locale";

/** Items per facet value, as the server counted them (null: not counted). */
export type FacetCountsView = Record<FacetName, Record<string, number>> | null;

/**
 * On a phone the form has two columns, too narrow for the longest French defaults ("Toutes les
 * catégories", "Toutes les couleurs"): those selects take the whole row there, and so does the
 * Apply button, which would otherwise sit alone in half of one.
 */
const wholeRowOnPhones = "col-span-2 sm:col-span-1";

// The colour's default is the longest: first, on a whole row of a phone, it leaves the four
// others two by two.
const wideFacet: FacetName = "colour";
const facetsInFormOrder = [wideFacet, ...facetNames.filter((facet) => facet !== wideFacet)];

/** A labelled select of the filters form; a change applies at once when JavaScript runs. */
function FilterSelect({
  name,
  label,
  value,
  options,
  onChange,
  className = "",
}: {
  name: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: () => void;
  className?: string;
}) {
  const id = `marketplace-${name}`;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        key={`${name}-${value}`}
        className="field-input"
        onChange={onChange}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The marketplace's search and filters: one GET form, so the URL holds every filter and the page
 * works without JavaScript (the Apply button); with it, each change applies at once. The facets
 * (colour, orientation, resolution, duration, licence) say how many items each value gives.
 */
export function MarketplaceFilters({
  query,
  base,
  locale,
  categoryCounts,
  facetCounts,
}: {
  query: MarketplaceQuery;
  base: string;
  locale: Locale;
  categoryCounts: CategoryCounts | null;
  facetCounts: FacetCountsView;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);

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

  const facetOptions = (facet: FacetName) => [
    {
      value: "",
      label: t(
        facet === "colour" ? "catalogue.filters.facets.colourAny" : "catalogue.filters.facets.any",
      ),
    },
    ...facetValues[facet].map((value) => {
      const name = t(
        `catalogue.filters.facets.${facet}s.${value}` as "catalogue.filters.facets.any",
      );
      const count = facetCounts?.[facet][value];
      return {
        value,
        label:
          count === undefined
            ? name
            : t("catalogue.filters.facets.valueWithCount", { name, count }),
      };
    }),
  ];

  return (
    <Form
      ref={form}
      method="get"
      action={base}
      role="search"
      aria-label={t("catalogue.filters.label")}
      className="card mt-6 grid grid-cols-2 gap-3 p-4 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        applyNow();
      }}
    >
      <SearchCombobox
        key={query.q}
        defaultValue={query.q}
        locale={locale}
        label={t("catalogue.filters.search")}
        placeholder={t("catalogue.filters.searchPlaceholder")}
      />
      <FilterSelect
        name="category"
        label={t("catalogue.filters.category")}
        value={query.category ?? ""}
        onChange={applyNow}
        className={wholeRowOnPhones}
        options={[
          { value: "", label: t("catalogue.filters.allCategories") },
          ...categoryFilters.map((slug) => ({
            value: slug,
            label: categoryCounts
              ? t("catalogue.filters.categoryWithCount", {
                  name: t(`categories.${slug}`),
                  count: categoryCounts[slug],
                })
              : t(`categories.${slug}`),
          })),
        ]}
      />
      <FilterSelect
        name="price"
        label={t("catalogue.filters.price")}
        value={query.price}
        onChange={applyNow}
        options={priceFilters.map((price) => ({
          value: price,
          label: t(`catalogue.filters.prices.${price}`),
        }))}
      />
      <FilterSelect
        name="sort"
        label={t("catalogue.filters.sort")}
        value={query.sort}
        onChange={applyNow}
        options={sortOrders.map((sort) => ({
          value: sort,
          label: t(`catalogue.filters.sorts.${sort}`),
        }))}
      />
      <button type="submit" className={`btn-primary self-end ${wholeRowOnPhones}`}>
        <Search className="h-4 w-4" aria-hidden="true" />
        {t("catalogue.filters.apply")}
      </button>
      <fieldset className="col-span-full grid grid-cols-2 gap-3 border-t border-border pt-3 lg:grid-cols-5">
        <legend className="sr-only">{t("catalogue.filters.facets.label")}</legend>
        {facetsInFormOrder.map((facet) => (
          <FilterSelect
            key={facet}
            name={facet}
            label={t(`catalogue.filters.facets.${facet}`)}
            value={query[facet] ?? ""}
            onChange={applyNow}
            options={facetOptions(facet)}
            className={facet === wideFacet ? wholeRowOnPhones : ""}
          />
        ))}
        {query.licence ? (
          <p className="col-span-full text-sm text-muted">
            {t("catalogue.filters.facets.licenceHint")}
          </p>
        ) : null}
      </fieldset>
      {query.view !== "grid" ? <input type="hidden" name="view" value={query.view} /> : null}
    </Form>
  );
}
