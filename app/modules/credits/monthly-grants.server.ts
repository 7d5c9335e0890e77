import { and, eq, inArray, lte, ne } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client.server";
import { creditGrants, subscriptionInvoices, subscriptions } from "../db/schema";
import type { JobHandler } from "../jobs/job-queue.server";
import { infinity, addMonths, monthKey } from "./plans";
import { grantPlanMonth } from "./subscriptions.server";

export const monthlyGrantsJobType = "credits.monthly-grants";
/** How often the sweep looks for a month that has begun: hourly is well within a day. */
export const monthlyGrantsEveryMs = 60 * 60 * 1000;

/**
 * Yearly plans are paid once a year but give their credits month by month (docs/product.md, "Credits, plans and Infinity"): for
 * every paid yearly period of an active credit plan, each month of the period that has begun
 * by `now` and has no grant yet is granted. The sweep thus catches up on months that passed
 * while no worker ran (0035). Grants are keyed by subscription and calendar month, so running
 * the sweep any number of times grants each month once. A subscription that has ended
 * (cancelled, or its period over) gets nothing more.
 */
export async function grantDueMonthlyCredits(db: Database, now = new Date()): Promise<number> {
  const paid = await db
    .select({ subscription: subscriptions, invoice: subscriptionInvoices })
    .from(subscriptionInvoices)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionInvoices.subscriptionId))
    .where(
      and(
        eq(subscriptions.interval, "year"),
        eq(subscriptions.status, "active"),
        ne(subscriptions.planId, infinity.id),
        lte(subscriptionInvoices.periodStart, now),
      ),
    );
  if (paid.length === 0) return 0;
  // The months already granted, read once so that an hourly sweep over long-paid years
  // attempts no insert for them.
  const userIds = [...new Set(paid.map(({ subscription }) => subscription.userId))];
  const existing = await db
    .select({ sourceRef: creditGrants.sourceRef })
    .from(creditGrants)
    .where(and(eq(creditGrants.source, "plan"), inArray(creditGrants.userId, userIds)));
  const granted = new Set(existing.map((row) => row.sourceRef));
  let count = 0;
  for (const { subscription, invoice } of paid) {
    for (let month = 0; month < 12; month += 1) {
      const monthStart = addMonths(invoice.periodStart, month);
      if (monthStart > now || monthStart >= invoice.periodEnd) break;
      if (granted.has(`plan:${subscription.id}:${monthKey(monthStart)}`)) continue;
      const expiresAt = monthGrantExpiry(invoice, month, now);
      if (await grantPlanMonth(db, subscription, monthStart, expiresAt)) count += 1;
    }
  }
  return count;
}

/**
 * A month's credits last until the next month of the period begins (never past the period's
 * end). A month whose own expiry has already passed when it is granted — the sweep did not run
 * during it — would be worthless, so its credits last one month from the grant instead (0035).
 */
export function monthGrantExpiry(
  period: { periodStart: Date; periodEnd: Date },
  month: number,
  now: Date,
): Date {
  const monthEnd = addMonths(period.periodStart, month + 1);
  const ownExpiry = monthEnd < period.periodEnd ? monthEnd : period.periodEnd;
  return ownExpiry > now ? ownExpiry : addMonths(now, 1);
}

/** The recurring job that runs the sweep (registered with the in-process worker). */
export function monthlyGrantsJobHandler(options: {
  db: Database;
  log: Logger;
  clock?: () => Date;
}): JobHandler {
  const clock = options.clock ?? (() => new Date());
  return {
    async run() {
      const granted = await grantDueMonthlyCredits(options.db, clock());
      if (granted > 0) options.log.info({ granted }, "monthly plan credits granted");
    },
  };
}
