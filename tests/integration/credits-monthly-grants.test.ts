import { and, eq, like } from "drizzle-orm";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import { creditBalance } from "~/modules/credits/ledger.server";
import {
  grantDueMonthlyCredits,
  monthlyGrantsJobHandler,
  monthlyGrantsJobType,
} from "~/modules/credits/monthly-grants.server";
import { addMonths } from "~/modules/credits/plans";
import {
  createPendingSubscription,
  markCancelAtPeriodEnd,
  recordSubscriptionPayment,
} from "~/modules/credits/subscriptions.server";
import { creditGrants, jobs, subscriptions } from "~/modules/db/schema";
import { startWorker } from "~/modules/jobs/job-queue.server";
import { signedInAs } from "../support/accounts";
import { viewerByEmail } from "../support/studio";
import { testApp, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;
const day = 86_400_000;
// The 31st, so that the months of the year include short ones (31 January + 1 month = 28 February).
const start = new Date("2027-01-31T10:00:00Z");

beforeAll(async () => {
  // No in-process worker: the test runs the sweep's job itself, with its own clock.
  process.env.MEDIA_WORKER = "false";
  app = await testApp();
  services = await app.services();
});

/** A buyer with a yearly plan-30 subscription paid once at `start` (the test clock). */
async function yearlySubscriber() {
  const account = await signedInAs(app, "client");
  const userId = (await viewerByEmail(services, account.email, "client")).id;
  const subscription = await createPendingSubscription(services.db, {
    userId,
    planId: "plan-30",
    interval: "year",
    provider: "test",
  });
  const paid = await recordSubscriptionPayment(services.db, {
    subscriptionId: subscription.id,
    invoiceRef: `year-${subscription.id}`,
    now: start,
  });
  expect(paid.applied).toBe(true);
  return { userId, subscription };
}

async function planGrants(subscriptionId: string) {
  return services.db
    .select()
    .from(creditGrants)
    .where(like(creditGrants.sourceRef, `plan:${subscriptionId}:%`));
}

/** Runs the sweep every `stepDays` (twice each time) from `from` until `until`, clock injected. */
async function sweepEvery(stepDays: number, from: Date, until: Date) {
  for (let at = from.getTime(); at <= until.getTime(); at += stepDays * day) {
    await grantDueMonthlyCredits(services.db, new Date(at));
    await grantDueMonthlyCredits(services.db, new Date(at));
  }
  await grantDueMonthlyCredits(services.db, until);
}

describe("yearly plans grant their credits month by month", () => {
  it("twelve grants across the paid year, one per month, none after the year", async () => {
    const { userId, subscription } = await yearlySubscriber();
    expect(await planGrants(subscription.id)).toHaveLength(1);
    // Cancelled at period end: the paid year still gives its twelve months.
    expect(await markCancelAtPeriodEnd(services.db, userId, subscription.id)).toBe(true);
    // Each month's credits last until the next month's arrive: 30 at a time, never 60.
    const midMarch = new Date(start.getTime() + 45 * day);
    await sweepEvery(3, start, midMarch);
    expect(await creditBalance(services.db, userId, midMarch)).toBe(30);
    await sweepEvery(3, midMarch, new Date(start.getTime() + 500 * day));
    const grants = await planGrants(subscription.id);
    expect(grants).toHaveLength(12);
    expect(grants.map((grant) => grant.sourceRef.split(":").pop()).sort()).toEqual([
      "2027-01",
      "2027-02",
      "2027-03",
      "2027-04",
      "2027-05",
      "2027-06",
      "2027-07",
      "2027-08",
      "2027-09",
      "2027-10",
      "2027-11",
      "2027-12",
    ]);
    expect(grants.every((grant) => grant.credits === 30 && grant.valueCents === 173_00)).toBe(true);
    const february = grants.find((grant) => grant.sourceRef.endsWith("2027-02"))!;
    expect(february.expiresAt.toISOString()).toBe("2027-03-31T10:00:00.000Z");
    const december = grants.find((grant) => grant.sourceRef.endsWith("2027-12"))!;
    expect(december.expiresAt.toISOString()).toBe("2028-01-31T10:00:00.000Z");
    expect(await creditBalance(services.db, userId, new Date("2028-02-01T00:00:00Z"))).toBe(0);
  });

  it("none once the subscription has ended (Stripe's deletion)", async () => {
    const { subscription } = await yearlySubscriber();
    await sweepEvery(5, start, addMonths(start, 3));
    expect(await planGrants(subscription.id)).toHaveLength(4);
    await services.db
      .update(subscriptions)
      .set({ status: "canceled" })
      .where(eq(subscriptions.id, subscription.id));
    await sweepEvery(5, addMonths(start, 3), new Date(start.getTime() + 400 * day));
    expect(await planGrants(subscription.id)).toHaveLength(4);
  });

  it("catches up on months that passed while no worker ran, each once, still usable", async () => {
    const { userId, subscription } = await yearlySubscriber();
    // The worker is down from February to May: its next run is on 5 June.
    const backOn = new Date("2027-06-05T08:00:00Z");
    expect(await grantDueMonthlyCredits(services.db, backOn)).toBe(4);
    expect(await grantDueMonthlyCredits(services.db, backOn)).toBe(0);
    expect(await grantDueMonthlyCredits(services.db, new Date(backOn.getTime() + day))).toBe(0);
    const grants = await planGrants(subscription.id);
    const expiry = Object.fromEntries(
      grants.map((grant) => [grant.sourceRef.slice(-7), grant.expiresAt.toISOString()]),
    );
    // January came with the payment; the months that went by last one month from their grant;
    // May, granted within its month, keeps its own end (the next month's start).
    expect(expiry).toEqual({
      "2027-01": "2027-02-28T10:00:00.000Z",
      "2027-02": "2027-07-05T08:00:00.000Z",
      "2027-03": "2027-07-05T08:00:00.000Z",
      "2027-04": "2027-07-05T08:00:00.000Z",
      "2027-05": "2027-06-30T10:00:00.000Z",
    });
    expect(await creditBalance(services.db, userId, backOn)).toBe(120);
    expect(await creditBalance(services.db, userId, new Date("2027-07-01T00:00:00Z"))).toBe(90);
    expect(await creditBalance(services.db, userId, new Date("2027-07-06T00:00:00Z"))).toBe(0);
  });

  it("catches up on no month after the paid year", async () => {
    const { subscription } = await yearlySubscriber();
    // Down for the whole year and beyond: the twelve paid months, none of the next year.
    await grantDueMonthlyCredits(services.db, new Date("2028-03-01T00:00:00Z"));
    const months = (await planGrants(subscription.id)).map((grant) => grant.sourceRef.slice(-7));
    expect(months).toHaveLength(12);
    expect(months.sort().at(-1)).toBe("2027-12");
  });

  it("runs as a recurring job of the database queue, which queues its next run", async () => {
    const { subscription } = await yearlySubscriber();
    // The app queued the first run at boot.
    const queued = await services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, monthlyGrantsJobType), eq(jobs.status, "queued")));
    expect(queued).toHaveLength(1);
    const clock = () => new Date(start.getTime() + 70 * day);
    const worker = startWorker({
      db: services.db,
      log: pino({ level: "silent" }),
      pollMs: 50,
      handlers: {
        [monthlyGrantsJobType]: monthlyGrantsJobHandler({
          db: services.db,
          log: pino({ level: "silent" }),
          clock,
        }),
      },
    });
    try {
      await worker.drained();
    } finally {
      await worker.stop();
    }
    const months = (await planGrants(subscription.id)).map((grant) => grant.sourceRef.slice(-7));
    // Day 70 is in March; February, missed while no worker ran, is caught up.
    expect(months.sort()).toEqual(["2027-01", "2027-02", "2027-03"]);
    // One row per recurring job: the run is recorded on it and it waits for the next one.
    const rows = await services.db.select().from(jobs).where(eq(jobs.type, monthlyGrantsJobType));
    expect(rows.filter((row) => row.finishedAt !== null)).toHaveLength(1);
    const next = rows.filter((row) => row.status === "queued");
    expect(next).toHaveLength(1);
    const inMinutes = (next[0]!.runAfter.getTime() - Date.now()) / 60_000;
    expect(inMinutes).toBeGreaterThan(55);
    expect(inMinutes).toBeLessThanOrEqual(60);
  });
});
