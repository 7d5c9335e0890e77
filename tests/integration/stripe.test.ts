import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import { entitlements, orders } from "~/modules/db/schema";
import { WebhookSignatureError } from "~/modules/payments/provider.server";
import { createStripeProvider } from "~/modules/payments/stripe-provider.server";
import { signedInAs } from "../support/accounts";
import { addToCart } from "../support/checkout";
import {
  postStripeEvent,
  signedEvent,
  startFakeStripe,
  useFakeStripe,
  type FakeStripe,
} from "../support/fake-stripe";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { postForm, testApp, type TestApp } from "../support/test-app";

const webhookSecret = "whsec_test_vitrine_fake";
let stripe: FakeStripe;
let sessions = 0;

let app: TestApp;
let services: Services;

beforeAll(async () => {
  // Answers like Checkout would: a hosted page per session, refunds that succeed.
  stripe = await startFakeStripe(({ method, path }) => {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_fake_${++sessions}`;
      return {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        payment_status: "unpaid",
      };
    }
    if (method === "POST" && path === "/v1/refunds") {
      return { id: `re_fake_${stripe.calls.length}`, object: "refund", status: "succeeded" };
    }
    return undefined;
  });
  // The app of this file runs with Stripe configured, pointed at the fake.
  useFakeStripe(stripe, webhookSecret);
  app = await testApp();
  services = await app.services();
});

afterAll(() => stripe.close());

function signed(payload: object, options: { secret?: string; timestamp?: number } = {}) {
  return signedEvent(payload, options.secret ?? webhookSecret, options.timestamp);
}

function completedEvent(sessionId: string, id = `evt_${sessionId}`) {
  return {
    id,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: "paid",
        payment_intent: `pi_${sessionId}`,
      },
    },
  };
}

function deliver(body: string, header: string) {
  return postStripeEvent(app, { body, header });
}

describe("Stripe adapter", () => {
  it("creates a Checkout session with server-built lines, VAT, the order id and an idempotency key", async () => {
    const seller = await signedInAs(app, "creator");
    const sellerId = (await viewerByEmail(services, seller.email, "creator")).id;
    const buyer = await signedInAs(app, "client");
    const buyerId = (await viewerByEmail(services, buyer.email, "client")).id;
    const { submission } = await makeSubmission(services, sellerId, {
      status: "approved",
      priceCents: 2_000,
    });
    await addToCart(app, buyer.jar, submission.id, "extended");
    const response = await postForm(app, "/fr/checkout", { intent: "pay" }, { cookies: buyer.jar });
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_fake_\d+$/);
    const sessionId = location.split("/").pop()!;

    const call = stripe.calls.find((entry) => entry.path === "/v1/checkout/sessions")!;
    expect(call.method).toBe("POST");
    const [order] = await services.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId));
    expect(order).toMatchObject({ provider: "stripe", status: "pending", totalCents: 7_800 });
    expect(call.headers["idempotency-key"]).toBe(`checkout-${order!.id}`);
    expect(call.body.get("mode")).toBe("payment");
    expect(call.body.get("metadata[orderId]")).toBe(order!.id);
    expect(call.body.get("line_items[0][price_data][unit_amount]")).toBe("6500");
    expect(call.body.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(call.body.get("line_items[1][price_data][unit_amount]")).toBe("1300");
    expect(call.body.get("line_items[1][price_data][product_data][name]")).toBe("TVA (20 %)");
    expect(call.body.get("success_url")).toContain("session_id={CHECKOUT_SESSION_ID}");

    // Signed by the SDK's own helper: the order is paid once, whatever the deliveries.
    const event = signed(completedEvent(sessionId));
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => deliver(event.body, event.header)),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const [paid] = await services.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(paid).toMatchObject({ status: "paid", providerPaymentId: `pi_${sessionId}` });
    expect(
      await services.db.select().from(entitlements).where(eq(entitlements.buyerId, buyerId)),
    ).toHaveLength(1);

    // A full refund, then the entitlement is revoked.
    const refund = signed({
      id: `evt_refund_${sessionId}`,
      object: "event",
      type: "charge.refunded",
      data: {
        object: {
          id: "ch_1",
          object: "charge",
          amount: 7_800,
          amount_refunded: 7_800,
          payment_intent: `pi_${sessionId}`,
        },
      },
    });
    expect((await deliver(refund.body, refund.header)).status).toBe(200);
    const [right] = await services.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.buyerId, buyerId));
    expect(right!.revokedAt).not.toBeNull();
  });

  it("refunds a payment whose exclusive licence another checkout took: one Stripe refund, keyed on the order", async () => {
    const seller = await signedInAs(app, "creator");
    const sellerId = (await viewerByEmail(services, seller.email, "creator")).id;
    const { submission } = await makeSubmission(services, sellerId, {
      status: "approved",
      priceCents: 2_000,
    });
    const checkout = async () => {
      const buyer = await signedInAs(app, "client");
      await addToCart(app, buyer.jar, submission.id, "exclusive");
      const response = await postForm(
        app,
        "/fr/checkout",
        { intent: "pay" },
        { cookies: buyer.jar },
      );
      expect(response.status).toBe(302);
      return response.headers.get("location")!.split("/").pop()!;
    };
    const late = await checkout();
    // Its hold lapses unpaid; another checkout takes the item.
    await services.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.providerSessionId, late));
    await checkout();

    const event = signed(completedEvent(late));
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => deliver(event.body, event.header)),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const [order] = await services.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, late));
    expect(order!.status).toBe("refunded");
    const refunds = stripe.calls.filter((entry) => entry.path === "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.headers["idempotency-key"]).toBe(`refund-exclusive-${order!.id}`);
    expect(refunds[0]!.body.get("payment_intent")).toBe(`pi_${late}`);
    expect(refunds[0]!.body.get("amount")).toBeNull();
  });

  it("refuses a wrong secret, an old timestamp and a re-serialised body", async () => {
    const provider = createStripeProvider({
      secretKey: "sk_test_x",
      webhookSecret,
      apiUrl: stripe.url,
    });
    const good = signed(completedEvent("cs_test_sig"));
    const headers = (header: string) => new Headers({ "stripe-signature": header });
    await expect(provider.parseWebhook(good.body, headers(good.header))).resolves.toMatchObject({
      type: "checkout.completed",
      sessionId: "cs_test_sig",
    });
    const wrong = signed(completedEvent("cs_test_sig"), { secret: "whsec_other" });
    await expect(provider.parseWebhook(wrong.body, headers(wrong.header))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const old = signed(completedEvent("cs_test_sig"), {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    await expect(provider.parseWebhook(old.body, headers(old.header))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const reserialised = JSON.stringify(JSON.parse(good.body), null, 2);
    await expect(provider.parseWebhook(reserialised, headers(good.header))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    // Through the route: 400 and nothing stripe.calls.
    expect((await deliver(wrong.body, wrong.header)).status).toBe(400);
  });

  it("maps async payments, expiry and disputes; ignores the rest", async () => {
    const provider = createStripeProvider({
      secretKey: "sk_test_x",
      webhookSecret,
      apiUrl: stripe.url,
    });
    const parse = (payload: object) => {
      const event = signed(payload);
      return provider.parseWebhook(event.body, new Headers({ "stripe-signature": event.header }));
    };
    const session = (type: string, paymentStatus: string) => ({
      id: `evt_${type}`,
      object: "event",
      type,
      data: {
        object: {
          id: "cs_1",
          object: "checkout.session",
          payment_status: paymentStatus,
          payment_intent: "pi_1",
        },
      },
    });
    expect((await parse(session("checkout.session.completed", "unpaid"))).type).toBe("ignored");
    expect((await parse(session("checkout.session.async_payment_succeeded", "paid"))).type).toBe(
      "checkout.completed",
    );
    expect((await parse(session("checkout.session.async_payment_failed", "unpaid"))).type).toBe(
      "payment.failed",
    );
    expect((await parse(session("checkout.session.expired", "unpaid"))).type).toBe(
      "checkout.expired",
    );
    const dispute = (type: string, status: string) => ({
      id: `evt_${type}_${status}`,
      object: "event",
      type,
      data: { object: { id: "dp_1", object: "dispute", status, payment_intent: "pi_1" } },
    });
    expect(await parse(dispute("charge.dispute.created", "needs_response"))).toMatchObject({
      type: "dispute.opened",
      paymentId: "pi_1",
    });
    expect(await parse(dispute("charge.dispute.closed", "lost"))).toMatchObject({
      type: "dispute.closed",
      disputeLost: true,
    });
    expect(
      (
        await parse({
          id: "evt_x",
          object: "event",
          type: "customer.created",
          data: { object: {} },
        })
      ).type,
    ).toBe("ignored");
  });
});
