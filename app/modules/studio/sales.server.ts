import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { transactions } from "../db/schema";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Whether anyone bought this submission (a sale that went through, refunded or not), which
 * decides between hiding and deleting it.
 */
export async function submissionHasSales(tx: Transaction, submissionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ sold: sql<number>`count(*)`.mapWith(Number) })
    .from(transactions)
    .where(
      and(
        eq(transactions.submissionId, submissionId),
        inArray(transactions.status, ["succeeded", "refunded"]),
      ),
    );
  return (row?.sold ?? 0) > 0;
}
