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

/** The facets the media pipeline's metadata gives (decision record 0059); each has a URL parameter of its name. */
export const orientationFacets = ["landscape", "portrait", "square", "panoramic"] as const;
/** The colour names of the media job's dominant colour (app/modules/ai/vocabulary.server.ts). */
export const colourFacets = [
  "black",
  "white",
  "grey",
  "red",
  "orange",
  "yellow",
  "green",
  "turquoise",
  "lightBlue",
  "blue",
  "purple",
  "pink",
  "brown",
  "beige",
] as const;
/** Minimum length of the longer side, in pixels: HD, Full HD, 4K, 8K. */
export const resolutionFacets = ["1280", "1920", "3840", "7680"] as const;
/** Duration bands in seconds, [low, high). */
export const durationFacets = ["0-30", "30-120", "120-600", "600+"] as const;
/** The licence the buyer needs: the price band and price sorts then use its line price. */
export const licenceFacets = ["standard", "extended", "exclusive"] as const;

export interface FacetSelection {
  orientation: (typeof orientationFacets)[number] | null;
  colour: (typeof colourFacets)[number] | null;
  resolution: (typeof resolutionFacets)[number] | null;
  duration: (typeof durationFacets)[number] | null;
  licence: (typeof licenceFacets)[number] | null;
}
export type FacetName = keyof FacetSelection;
export const facetValues = {
  orientation: orientationFacets,
  colour: colourFacets,
  resolution: resolutionFacets,
  duration: durationFacets,
  licence: licenceFacets,
} as const satisfies Record<FacetName, readonly string[]>;
export const facetNames = Object.keys(facetValues) as FacetName[];

export const marketplacePageSize = 24;
/** How many items the home page features (docs/product.md, "Pages and navigation"). */
export const featuredCount = 6;
/** Trending counts and lists items approved in this many days. */
export const trendingDays = 30;

export interface MarketplaceQuery extends FacetSelection {
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
    orientation: oneOf(orientationFacets, params.get("orientation"), null),
    colour: oneOf(colourFacets, params.get("colour"), null),
    resolution: oneOf(resolutionFacets, params.get("resolution"), null),
    duration: oneOf(durationFacets, params.get("duration"), null),
    licence: oneOf(licenceFacets, params.get("licence"), null),
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
  for (const facet of facetNames) {
    const value = query[facet];
    if (value) params.set(facet, value);
  }
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

/** What the marketplace's search box proposes while typing (decision record 0059). */
export interface SearchSuggestions {
  items: Array<{ id: string; title: string }>;
  tags: string[];
  creators: Array<{ id: string; name: string }>;
}
