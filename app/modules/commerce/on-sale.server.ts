import { eq, sql, type SQL, type AnyColumn } from "drizzle-orm";
import type { DatabaseTransaction as Tx } from "../db/client.server";
import { exclusiveHolds } from "../db/schema";

/** How long an unpaid checkout holds an item's exclusive licence. */
export const exclusiveHoldMinutes = 30;

/**
 * True when no exclusive licence of the submission is sold, or held by a checkout still
 * running. The catalogue adds it to its "public items" query; the cart and checkout use it too.
 */
export function notHeldExclusively(submissionId: AnyColumn | SQL, exceptOrderId?: string): SQL {
  const except = exceptOrderId ? sql` and h.order_id <> ${exceptOrderId}` : sql``;
  return sql`not exists (
    select 1 from exclusive_holds h join orders o on o.id = h.order_id
    where h.submission_id = ${submissionId}${except}
      and (h.sold_at is not null
        or (o.status = 'pending' and o.created_at > now() - make_interval(mins => ${exclusiveHoldMinutes})))
  )`;
}

/**
 * Makes `orderId` the holder of the item's exclusive licence, if it is free: a hold of another
 * order whose checkout failed, expired or was left unpaid too long is released first, the
 * order's own hold is kept. Concurrent callers wait on the hold's primary key, so one wins.
 * Returns whether the order holds it now.
 */
export async function takeExclusiveHold(
  tx: Tx,
  submissionId: string,
  orderId: string,
): Promise<boolean> {
  await tx.execute(sql`
    delete from exclusive_holds h using orders o
    where h.submission_id = ${submissionId} and h.order_id <> ${orderId} and o.id = h.order_id
      and h.sold_at is null
      and (o.status <> 'pending' or o.created_at <= now() - make_interval(mins => ${exclusiveHoldMinutes}))
  `);
  await tx.insert(exclusiveHolds).values({ submissionId, orderId }).onConflictDoNothing();
  const [hold] = await tx
    .select({ orderId: exclusiveHolds.orderId, soldAt: exclusiveHolds.soldAt })
    .from(exclusiveHolds)
    .where(eq(exclusiveHolds.submissionId, submissionId));
  return hold?.orderId === orderId && hold.soldAt === null;
}
