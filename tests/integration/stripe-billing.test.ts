import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import { creditBalance, downloadWithInfinity } from "~/modules/credits/ledger.server";
import { mailOutbox, orders, subscriptionInvoices, subscriptions } from "~/modules/db/schema";
import { signedInAs } from "../support/accounts";
import { flashKey } from "../support/checkout";
import {
  postStripeEvent,
  signedEvent,
  startFakeStripe,
  useFakeStripe,
  type FakeStripe,
} from "../support/fake-stripe";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { postForm, testApp, type CookieJar, type TestApp } from "../support/test-app";
import { drainJobs } from "../support/jobs";

const webhookSecret = "whsec_test_vitrine_billing";
let stripe: FakeStripe;
let sessions = 0;
/** What Stripe holds for each subscription, as its API answers a read. */
const held = new Map<string, { status: string; cancel_at_period_end: boolean }>();

let app: TestApp;
let services: Services;

beforeAll(async () => {
  // Checkout sessions, subscription updates (cancel at period end) and reads.
  stripe = await startFakeStripe(({ method, path }) => {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_billing_${++sessions}`;
      return { id, object: "checkout.session", url: `https://checkout.stripe.test/${id}` };
    }
    const update = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
    if (method === "POST" && update) {
      const state = {
        status: held.get(update[1]!)?.status ?? "active",
        cancel_at_period_end: true,
      };
      held.set(update[1]!, state);
      return { id: update[1], object: "subscription", ...state };
    }
    if (method === "GET" && update && held.has(update[1]!)) {
      return { id: update[1], object: "subscription", ...held.get(update[1]!) };
    }
    return undefined;
  });
  useFakeStripe(stripe, webhookSecret);
  app = await testApp();
  services = await app.services();
});

afterAll(() => stripe.close());

/** Delivers an event signed by the SDK's own helper, as Stripe would. */
async function deliver(type: string, object: object, id = `evt_${crypto.randomUUID()}`) {
  const response = await postStripeEvent(
    app,
    signedEvent({ id, object: "event", type, data: { object } }, webhookSecret),
  );
  expect(response.status).toBe(200);
}

/** A customer.subscription event whose content says `says` (Stripe may hold otherwise by now). */
function deliverSubscription(
  type: "updated" | "deleted",
  stripeId: string,
  ourId: string,
  says: { status: string; cancel_at_period_end: boolean },
) {
  return deliver(`customer.subscription.${type}`, {
    id: stripeId,
    object: "subscription",
    ...says,
    metadata: { subscriptionId: ourId },
  });
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const day = 86_400_000;

function invoice(
  stripeSubscription: string,
  ourId: string,
  options: { id: string; reason: string; start: Date; end: Date },
) {
  return {
    id: options.id,
    object: "invoice",
    billing_reason: options.reason,
    amount_paid: 0,
    parent: {
      type: "subscription_details",
      subscription_details: {
        subscription: stripeSubscription,
        metadata: { subscriptionId: ourId },
      },
    },
    lines: {
      object: "list",
      data: [
        {
          id: `il_${options.id}`,
          period: { start: seconds(options.start), end: seconds(options.end) },
        },
      ],
    },
  };
}

async function buyer() {
  const account = await signedInAs(app, "client");
  const id = (await viewerByEmail(services, account.email, "client")).id;
  return { jar: account.jar, email: account.email, id };
}

async function subscribe(jar: CookieJar, planId: string, billing: "month" | "year") {
  const response = await postForm(
    app,
    "/fr/credits",
    { intent: "subscribe", planId, billing, priceCents: "1" },
    { cookies: jar },
  );
  expect(response.status).toBe(302);
  expect(flashKey(response)).toBe("credits.toast.redirecting");
  const sessionId = response.headers.get("location")!.split("/").pop()!;
  const call = stripe.calls.findLast((entry) => entry.path === "/v1/checkout/sessions")!;
  const [order] = await services.db
    .select()
    .from(orders)
    .where(eq(orders.providerSessionId, sessionId));
  return { sessionId, call, order: order! };
}

async function completeCheckout(sessionId: string, stripeSubscription: string, ourId: string) {
  await deliver("checkout.session.completed", {
    id: sessionId,
    object: "checkout.session",
    mode: "subscription",
    payment_status: "paid",
    subscription: stripeSubscription,
    payment_intent: null,
    metadata: { subscriptionId: ourId },
  });
}

async function ours(userId: string) {
  const [row] = await services.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row!;
}

async function mails(to: string) {
  await drainJobs(services);
  return services.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

describe("Stripe Billing", () => {
  it("a plan is a Stripe subscription with server-built recurring prices, our ids and an idempotency key", async () => {
    const { jar, id } = await buyer();
    const { call, order } = await subscribe(jar, "plan-30", "year");
    expect(order).toMatchObject({
      provider: "stripe",
      subtotalCents: 2076_00,
      totalCents: 2491_20,
    });
    expect(call.headers["idempotency-key"]).toBe(`checkout-${order.id}`);
    const body = call.body;
    expect(body.get("mode")).toBe("subscription");
    expect(body.get("line_items[0][price_data][unit_amount]")).toBe("207600");
    expect(body.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(body.get("line_items[0][price_data][recurring][interval]")).toBe("year");
    expect(body.get("line_items[1][price_data][unit_amount]")).toBe("41520");
    expect(body.get("line_items[1][price_data][recurring][interval]")).toBe("year");
    expect(body.get("line_items[1][price_data][product_data][name]")).toBe("TVA (20 %)");
    const subscription = await ours(id);
    expect(body.get("metadata[orderId]")).toBe(order.id);
    expect(body.get("metadata[userId]")).toBe(id);
    expect(body.get("metadata[planId]")).toBe("plan-30");
    expect(body.get("subscription_data[metadata][subscriptionId]")).toBe(subscription.id);
    // Subscription mode takes no payment intent data (Stripe would refuse the session).
    expect(body.get("payment_intent_data[metadata][orderId]")).toBeNull();
    // A pack stays a one-time payment.
    const pack = await postForm(
      app,
      "/fr/credits",
      { intent: "buy-pack", packId: "pack-10" },
      { cookies: jar },
    );
    expect(pack.status).toBe(302);
    const packCall = stripe.calls.findLast((entry) => entry.path === "/v1/checkout/sessions")!;
    expect(packCall.body.get("mode")).toBe("payment");
    expect(packCall.body.get("line_items[0][price_data][recurring][interval]")).toBeNull();
  });

  it("grants the first period once, each paid invoice once, and follows failures and cancellation", async () => {
    const { jar, id, email } = await buyer();
    const { sessionId } = await subscribe(jar, "plan-30", "month");
    const subscription = await ours(id);
    const stripeId = `sub_${id.replace(/\W/g, "").slice(0, 12)}`;
    await completeCheckout(sessionId, stripeId, subscription.id);
    // Stripe's invoice of the checkout itself grants nothing more.
    const periodEnd = (await ours(id)).currentPeriodEnd!;
    await deliver(
      "invoice.paid",
      invoice(stripeId, subscription.id, {
        id: `in_first_${stripeId}`,
        reason: "subscription_create",
        start: new Date(),
        end: periodEnd,
      }),
    );
    expect(await ours(id)).toMatchObject({ status: "active", providerSubscriptionId: stripeId });
    expect(await creditBalance(services.db, id)).toBe(30);
    const firstReceipt = (await mails(email)).find((mail) => mail.subject.includes("Abonnement"));
    expect(firstReceipt?.subject).toBe(
      "Votre reçu Vitrine — Abonnement 30 crédits par mois (mensuel)",
    );
    expect(firstReceipt?.text).toContain("TVA (20 %) 41,20");
    expect(firstReceipt?.text).toMatch(/Période du .+ au .+/);

    // The next month's invoice, delivered twice (two event ids) and in parallel.
    const renewal = invoice(stripeId, subscription.id, {
      id: `in_cycle_${stripeId}`,
      reason: "subscription_cycle",
      start: periodEnd,
      end: new Date(periodEnd.getTime() + 30 * day),
    });
    await Promise.all([
      deliver("invoice.paid", renewal, `evt_a_${stripeId}`),
      deliver("invoice.paid", renewal, `evt_b_${stripeId}`),
    ]);
    await deliver("invoice.paid", renewal, `evt_a_${stripeId}`);
    expect(await creditBalance(services.db, id)).toBe(60);
    const invoices = await services.db
      .select()
      .from(subscriptionInvoices)
      .where(eq(subscriptionInvoices.subscriptionId, subscription.id));
    expect(invoices).toHaveLength(2);
    expect(invoices.find((row) => row.invoiceRef === `stripe:in_cycle_${stripeId}`)).toMatchObject({
      amountCents: 206_00,
      vatCents: 41_20,
      totalCents: 247_20,
    });
    expect((await ours(id)).currentPeriodEnd!.getTime()).toBe(
      seconds(new Date(periodEnd.getTime() + 30 * day)) * 1000,
    );
    const receipts = (await mails(email)).filter((mail) => mail.subject.includes("Abonnement"));
    expect(receipts).toHaveLength(2);

    // A failed renewal: past due, one translated notice however many times it is reported.
    const failed = invoice(stripeId, subscription.id, {
      id: `in_failed_${stripeId}`,
      reason: "subscription_cycle",
      start: new Date(periodEnd.getTime() + 30 * day),
      end: new Date(periodEnd.getTime() + 60 * day),
    });
    await deliver("invoice.payment_failed", failed);
    await deliver("invoice.payment_failed", failed);
    held.set(stripeId, { status: "past_due", cancel_at_period_end: false });
    await deliverSubscription("updated", stripeId, subscription.id, {
      status: "past_due",
      cancel_at_period_end: false,
    });
    expect((await ours(id)).status).toBe("past_due");
    const notices = (await mails(email)).filter((mail) => mail.subject.includes("a échoué"));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain("Abonnement 30 crédits par mois (mensuel)");
    const fr = await (await app.fetch("/fr/buyer-dashboard?tab=credits", { cookies: jar })).text();
    expect(fr).toContain("paiement en échec : vérifiez votre moyen de paiement.");
    const en = await (await app.fetch("/en/buyer-dashboard?tab=credits", { cookies: jar })).text();
    expect(en).toContain("payment failed: check your payment method.");

    // Stripe's retry succeeds: active again, that month granted once.
    held.set(stripeId, { status: "active", cancel_at_period_end: false });
    await deliver("invoice.paid", failed);
    expect((await ours(id)).status).toBe("active");
    expect(await creditBalance(services.db, id)).toBe(90);

    // Cancelling from the dashboard tells Stripe first; a stranger cannot.
    const stranger = await buyer();
    const callsBefore = stripe.calls.length;
    const refused = await postForm(
      app,
      "/fr/credits",
      { intent: "cancel", subscriptionId: subscription.id },
      { cookies: stranger.jar },
    );
    expect(refused.status).toBe(404);
    expect(stripe.calls.length).toBe(callsBefore);
    const cancel = await postForm(
      app,
      "/fr/credits",
      { intent: "cancel", subscriptionId: subscription.id },
      { cookies: jar },
    );
    expect(flashKey(cancel)).toBe("credits.toast.canceled");
    const call = stripe.calls.findLast((entry) => entry.path === `/v1/subscriptions/${stripeId}`)!;
    expect(call.method).toBe("POST");
    expect(call.body.get("cancel_at_period_end")).toBe("true");
    expect(call.headers["idempotency-key"]).toBe(`cancel-at-period-end-${stripeId}`);
    expect(await ours(id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });

    // An older update arriving late says nothing is cancelled: Stripe, read again, says it is.
    await deliverSubscription("updated", stripeId, subscription.id, {
      status: "past_due",
      cancel_at_period_end: false,
    });
    expect(await ours(id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });

    // The subscription ends on Stripe's side: no access, no renewal.
    held.set(stripeId, { status: "canceled", cancel_at_period_end: true });
    await deliverSubscription("deleted", stripeId, subscription.id, {
      status: "canceled",
      cancel_at_period_end: true,
    });
    expect((await ours(id)).status).toBe("canceled");
    await deliver(
      "invoice.paid",
      invoice(stripeId, subscription.id, {
        id: `in_late_${stripeId}`,
        reason: "subscription_cycle",
        start: new Date(periodEnd.getTime() + 60 * day),
        end: new Date(periodEnd.getTime() + 90 * day),
      }),
    );
    expect(await creditBalance(services.db, id)).toBe(90);
  });

  it("Infinity through Stripe: downloads while active, none once Stripe ends it", async () => {
    const { jar, id } = await buyer();
    const { sessionId, call } = await subscribe(jar, "infinity", "month");
    expect(call.body.get("line_items[0][price_data][unit_amount]")).toBe("8900");
    expect(call.body.get("line_items[0][price_data][recurring][interval]")).toBe("month");
    const subscription = await ours(id);
    const stripeId = `sub_inf_${id.replace(/\W/g, "").slice(0, 10)}`;
    await completeCheckout(sessionId, stripeId, subscription.id);
    const seller = await signedInAs(app, "creator");
    const sellerId = (await viewerByEmail(services, seller.email, "creator")).id;
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push((await makeSubmission(services, sellerId, { status: "approved" })).submission);
    }
    await downloadWithInfinity(services.db, id, made[0]!.id);
    // An update whose own content is stale changes nothing while Stripe says it is active.
    held.set(stripeId, { status: "active", cancel_at_period_end: false });
    await deliverSubscription("updated", stripeId, subscription.id, {
      status: "canceled",
      cancel_at_period_end: false,
    });
    await downloadWithInfinity(services.db, id, made[1]!.id);
    held.set(stripeId, { status: "canceled", cancel_at_period_end: false });
    await deliverSubscription("updated", stripeId, subscription.id, {
      status: "canceled",
      cancel_at_period_end: false,
    });
    await expect(downloadWithInfinity(services.db, id, made[2]!.id)).rejects.toMatchObject({
      code: "noInfinity",
    });
  });
});
