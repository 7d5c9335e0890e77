import { contentKinds, type ContentKind } from "./content-kind";

// The seller's list of their items (the dashboard's content tab): what its URL may ask for.
// Browser-safe: the page builds its links and filter form from the same names.

export const sellerListSorts = ["newest", "oldest", "title", "price", "sales"] as const;
export type SellerListSort = (typeof sellerListSorts)[number];

export const sellerListStatuses = ["draft", "pending", "approved", "rejected"] as const;
export type SellerListStatus = (typeof sellerListStatuses)[number];

/** Items on one page of the list. */
export const sellerListPageSize = 20;
/** The longest search the list accepts; longer text is cut. */
const maxSearchLength = 100;

export interface SellerListQuery {
  q: string;
  sort: SellerListSort;
  status: SellerListStatus | null;
  kind: ContentKind | null;
  page: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** Reads the list's query from a URL's parameters; anything unknown falls back to the default. */
export function parseSellerListQuery(params: URLSearchParams): SellerListQuery {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, maxSearchLength),
    sort: oneOf(sellerListSorts, params.get("sort")) ?? "newest",
    status: oneOf(sellerListStatuses, params.get("status")),
    kind: oneOf(contentKinds, params.get("kind")),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL parameters of a query, defaults left out (the content tab's own `tab=content` first). */
export function sellerListSearch(query: Partial<SellerListQuery>): string {
  const params = new URLSearchParams({ tab: "content" });
  if (query.q) params.set("q", query.q);
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.status) params.set("status", query.status);
  if (query.kind) params.set("kind", query.kind);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return `?${params.toString()}`;
}
