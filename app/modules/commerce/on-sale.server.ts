import { sql, type SQL, type AnyColumn } from "drizzle-orm";

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
