export const transactionStatuses = [
  "pending",
  "succeeded",
  "failed",
  "canceled",
  "refunded",
] as const;

/** A calendar day written YYYY-MM-DD that exists. */
function dayOrUndefined(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? undefined : value;
}

export interface TransactionFilters {
  status?: (typeof transactionStatuses)[number];
  q?: string;
  from?: string;
  to?: string;
}

/** The transactions tab's filters, from its query string; a bad value is dropped, not fatal. */
export function transactionFiltersFrom(params: URLSearchParams): TransactionFilters {
  const status = params.get("status");
  const q = params.get("q")?.trim();
  const filters: TransactionFilters = {
    status: (transactionStatuses as readonly (string | null)[]).includes(status)
      ? (status as TransactionFilters["status"])
      : undefined,
    q: q && q.length <= 200 ? q : undefined,
    from: dayOrUndefined(params.get("from")),
    to: dayOrUndefined(params.get("to")),
  };
  return filters;
}

/** The same filters as a query string (for pager and export links). */
export function filtersQuery(filters: TransactionFilters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}
