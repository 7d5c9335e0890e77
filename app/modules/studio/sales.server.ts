import { and, eq, inArray, sql } from "drizzle-orm";
import type { DatabaseTransaction as Transaction } from "../db/client.server";
import { transactions } from "../db/schema";

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
