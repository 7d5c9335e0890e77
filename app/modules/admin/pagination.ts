/** Rows per page of the admin lists (moderation, transactions, audit log, outbox). */
export const adminPageSize = 50;

/** A page number from a query string: 1 when missing or not a positive integer. */
export function pageFrom(value: string | null): number {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1;
}

export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  pageCount: number;
}

export function paged<T>(rows: T[], total: number, page: number): Paged<T> {
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / adminPageSize)) };
}
