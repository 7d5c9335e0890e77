import { z } from "~/modules/validation/zod";

export const transactionStatuses = [
  "pending",
  "succeeded",
  "failed",
  "canceled",
  "refunded",
] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

/** The transactions tab's filters, from its query string; a bad value is dropped, not fatal. */
export const transactionFiltersSchema = z.object({
  status: z.enum(transactionStatuses).optional().catch(undefined),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((value) => (value ? value : undefined)),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
});

export interface TransactionFilters {
  status?: (typeof transactionStatuses)[number];
  q?: string;
  from?: string;
  to?: string;
}

export function transactionFiltersFrom(params: URLSearchParams): TransactionFilters {
  const parsed: TransactionFilters = transactionFiltersSchema.parse({
    status: params.get("status") || undefined,
    q: params.get("q") ?? undefined,
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
  });
  return parsed;
}

/** The same filters as a query string (for pager and export links). */
export function filtersQuery(filters: TransactionFilters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}
