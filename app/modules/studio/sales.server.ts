import { sql, type SQL } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "../db/client.server";
import { transactions } from "../db/schema";

/**
 * Whether anyone bought the submission with this id (a sale that went through, refunded or
 * not), as an SQL condition: it decides between withdrawing the item from sale and deleting it.
 */
export function everSold(submissionId: SQL | SQL.Aliased | { getSQL(): SQL }): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${transactions}
    where ${transactions.submissionId} = ${submissionId}
      and ${transactions.status} in ('succeeded', 'refunded'))`;
}

/** Whether anyone bought this submission (see everSold). */
export async function submissionHasSales(
  db: Database | DatabaseTransaction,
  submissionId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ sold: everSold(sql`${submissionId}`) })
    .from(sql`(select 1) as one`);
  return Boolean(row?.sold);
}
