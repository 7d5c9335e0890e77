import { and, asc, eq, lte } from "drizzle-orm";
import type { Logger } from "pino";
import type { Services } from "../services";
import { orders } from "../db/schema";
import type { JobHandler } from "../jobs/job-queue.server";
import { paymentProvider } from "../payments/payments.server";
import { checkoutSessionMinutes, closePendingOrder } from "./open-orders.server";

export const expireOrdersJobType = "commerce.expire-pending-orders";
/** How often left orders are looked for: their holds are already lapsed, this only tidies. */
export const expireOrdersEveryMs = 5 * 60 * 1000;
/** Time after the page's own end for a payment made at its last second to be reported. */
const graceMinutes = 5;
/** Orders expired per run: a backlog is worked through over a few runs. */
const batchSize = 200;

/**
 * Expires the pending orders whose payment page has closed: Stripe's session is expired (or
 * found paid, and left for its completion event), then the order ends as `expired`, its lines
 * close and its exclusive holds and waiting subscription are released (`closePendingOrder`,
 * guarded on `pending`, so a payment arriving meanwhile wins). Returns how many were expired.
 */
export async function expireLeftOrders(
  services: Pick<Services, "db" | "env" | "secret">,
  now = new Date(),
): Promise<number> {
  const provider = paymentProvider(services);
  const cutoff = new Date(now.getTime() - (checkoutSessionMinutes + graceMinutes) * 60_000);
  const left = await services.db
    .select({
      id: orders.id,
      provider: orders.provider,
      providerSessionId: orders.providerSessionId,
    })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lte(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(batchSize);
  let expired = 0;
  for (const order of left) {
    if (order.providerSessionId && order.provider === provider.name) {
      if ((await provider.expireCheckoutSession(order.providerSessionId)) === "paid") continue;
    }
    const closed = await services.db.transaction((tx) =>
      closePendingOrder(tx, { orderId: order.id }, "expired"),
    );
    if (closed) expired += 1;
  }
  return expired;
}

/** The recurring job that runs it (registered with the in-process worker). */
export function expireOrdersJobHandler(options: {
  services: Pick<Services, "db" | "env" | "secret">;
  log: Logger;
  clock?: () => Date;
}): JobHandler {
  const clock = options.clock ?? (() => new Date());
  return {
    async run() {
      const expired = await expireLeftOrders(options.services, clock());
      if (expired > 0) options.log.info({ expired }, "left pending orders expired");
    },
  };
}
