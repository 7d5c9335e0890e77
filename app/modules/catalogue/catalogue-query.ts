/** docs/product.md, "Pages and navigation": the kinds in the category bar, plus Trending (labelled New). */
export const catalogueKinds = [
  "photo",
  "video",
  "audio",
  "illustration",
  "ebook",
  "vector",
] as const;
export type CatalogueKind = (typeof catalogueKinds)[number];
export const categoryFilters = [...catalogueKinds, "trending"] as const;
export type CategoryFilter = (typeof categoryFilters)[number];

/** The marketplace's price select (docs/product.md, "Pages and navigation"), in euros; bounds are [low, high). */
export const priceFilters = ["all", "free", "0-10", "10-25", "25-50", "50+"] as const;
export type PriceFilter = (typeof priceFilters)[number];
export const sortOrders = ["popular", "recent", "price-asc", "price-desc"] as const;
export type SortOrder = (typeof sortOrders)[number];
export const viewModes = ["grid", "list"] as const;
export type ViewMode = (typeof viewModes)[number];

export const marketplacePageSize = 24;
/** How many items the home page features (docs/product.md, "Pages and navigation"). */
export const featuredCount = 6;
/** Trending counts and lists items approved in this many days. */
export const trendingDays = 30;

export interface MarketplaceQuery {
  q: string;
  category: CategoryFilter | null;
  price: PriceFilter;
  sort: SortOrder;
  page: number;
  view: ViewMode;
}

/** The value if it is one of the allowed ones, else the fallback. */
function oneOf<const T extends readonly string[], F>(
  allowed: T,
  value: string | null,
  fallback: F,
) {
  return (allowed as readonly (string | null)[]).includes(value) ? (value as T[number]) : fallback;
}

/**
 * Reads the marketplace's URL; anything unknown falls back to its default, never an error. Runs
 * in the browser too (the filters apply as they change), so it is written without zod.
 */
export function parseMarketplaceQuery(params: URLSearchParams): MarketplaceQuery {
  const page = Number(params.get("page") ?? 1);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    category: oneOf(categoryFilters, params.get("category") || null, null),
    price: oneOf(priceFilters, params.get("price"), "all"),
    sort: oneOf(sortOrders, params.get("sort"), "popular"),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    view: oneOf(viewModes, params.get("view"), "grid"),
  };
}

/** The URL search of a query, leaving defaults out so links stay short. */
export function marketplaceSearch(query: Partial<MarketplaceQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.price && query.price !== "all") params.set("price", query.price);
  if (query.sort && query.sort !== "popular") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.view && query.view !== "grid") params.set("view", query.view);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Words of a search, lower-cased and without accents (the database does the same). */
export function searchWords(q: string): string[] {
  return q
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

export type CategoryCounts = Record<CategoryFilter, number> & { total: number };

/** A uuid, as product and creator links carry; anything else is a malformed id. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
