import { eq, sql } from "drizzle-orm";
import type { DatabaseTransaction as Tx } from "../db/client.server";
import { invoiceCounters } from "../db/schema";

/** VIT-2026-000123: the year of payment and the number within it, six digits at least. */
export function formatInvoiceNumber(year: number, number: number): string {
  return `VIT-${year}-${String(number).padStart(6, "0")}`;
}

/**
 * The next invoice number of the payment's year, taken inside the caller's transaction (the
 * one that marks the payment paid). The year's counter row is locked FOR UPDATE until that
 * transaction ends: parallel payments wait for each other, and a rollback gives the number
 * back, so numbers have neither gaps nor duplicates (decision record 0051).
 */
export async function nextInvoiceNumber(tx: Tx, paidAt: Date): Promise<string> {
  const year = paidAt.getUTCFullYear();
  await tx.insert(invoiceCounters).values({ year, lastNumber: 0 }).onConflictDoNothing();
  const [counter] = await tx
    .select({ lastNumber: invoiceCounters.lastNumber })
    .from(invoiceCounters)
    .where(eq(invoiceCounters.year, year))
    .for("update");
  const number = counter!.lastNumber + 1;
  await tx
    .update(invoiceCounters)
    .set({ lastNumber: sql`${number}` })
    .where(eq(invoiceCounters.year, year));
  return formatInvoiceNumber(year, number);
}
