import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import { earningsLedger, orders, payoutAccounts, payouts } from "~/modules/db/schema";
import { sellerBalance } from "~/modules/payouts/ledger.server";
import { signedInAs } from "../support/accounts";
import { recordSale } from "../support/commerce";
import {
  postStripeEvent,
  signedEvent,
  startFakeStripe,
  useFakeStripe,
  type FakeStripe,
} from "../support/fake-stripe";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { testApp, type TestApp } from "../support/test-app";

const webhookSecret = "whsec_test_vitrine_payouts";
let stripe: FakeStripe;
let app: TestApp;
let services: Services;

beforeAll(async () => {
  // Payment intents (their charge), transfers and transfer reversals, each answered once per
  // idempotency key as Stripe does.
  const byKey = new Map<string, object>();
  const once = (key: string, make: () => object) => {
    if (!byKey.has(key)) byKey.set(key, make());
    return byKey.get(key)!;
  };
  stripe = await startFakeStripe(({ method, path, key, body }) => {
    const intent = /^\/v1\/payment_intents\/(pi_[\w]+)$/.exec(path);
    if (method === "GET" && intent) {
      return { id: intent[1], object: "payment_intent", latest_charge: `ch_${intent[1]}` };
    }
    if (method === "POST" && path === "/v1/transfers") {
      return once(key, () => ({ id: `tr_fake_${byKey.size + 1}`, object: "transfer" }));
    }
    const reversal = /^\/v1\/transfers\/(tr_[\w]+)\/reversals$/.exec(path);
    if (method === "POST" && reversal) {
      return once(key, () => ({
        id: `trr_fake_${byKey.size + 1}`,
        object: "transfer_reversal",
        transfer: reversal[1],
        amount: Number(body.get("amount")),
      }));
    }
    return undefined;
  });
  useFakeStripe(stripe, webhookSecret);
  app = await testApp();
  services = await app.services();
});

afterAll(() => stripe.close());

/** Delivers an event signed with the endpoint's secret, as Stripe does. */
async function deliver(event: object) {
  const response = await postStripeEvent(
    app,
    signedEvent({ object: "event", ...event }, webhookSecret),
  );
  expect(response.status).toBe(200);
}

/** A seller whose Stripe account is active, and a buyer. */
async function people(accountId: string) {
  const seller = await signedInAs(app, "creator");
  const sellerId = (await viewerByEmail(services, seller.email, "creator")).id;
  const buyer = await signedInAs(app, "client");
  const buyerId = (await viewerByEmail(services, buyer.email, "client")).id;
  await services.db.insert(payoutAccounts).values({
    userId: sellerId,
    provider: "stripe",
    accountId,
    type: "express",
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
  });
  return { seller, sellerId, buyerId };
}

/** A one-line order paid by card through Stripe Checkout (a signed session.completed event). */
async function cardSale(sellerId: string, buyerId: string, name: string) {
  const { submission } = await makeSubmission(services, sellerId, {
    status: "approved",
    priceCents: 1_000,
    title: name,
  });
  const sale = await recordSale(services, buyerId, submission, {
    status: "pending",
    withEntitlement: false,
  });
  const sessionId = `cs_${name}`;
  const paymentId = `pi_${name}`;
  await services.db
    .update(orders)
    .set({ provider: "stripe", providerSessionId: sessionId })
    .where(eq(orders.id, sale.orderId));
  await deliver({
    id: `evt_paid_${name}`,
    type: "checkout.session.completed",
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: "paid",
        payment_intent: paymentId,
      },
    },
  });
  const [payout] = await services.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.sellerId, sellerId), eq(payouts.sourcePaymentId, paymentId)));
  return { ...sale, paymentId, payout: payout! };
}

describe("Stripe payouts", () => {
  it("funds the transfer of a card sale from its charge, and takes it back when the sale is refunded, once", async () => {
    const { sellerId, buyerId } = await people("acct_fake_refund");
    const sale = await cardSale(sellerId, buyerId, "refunded1");
    // 10 + 15 = 25 € at 15 %: 21,25 € paid out at once, from the sale's own charge.
    expect(sale.payout).toMatchObject({ status: "paid", amountCents: 2_125 });
    const transfer = stripe.calls.find((call) => call.key === sale.payout.idempotencyKey)!;
    expect(transfer.body.get("source_transaction")).toBe("ch_pi_refunded1");
    expect(transfer.body.get("destination")).toBe("acct_fake_refund");
    expect(stripe.calls.some((call) => call.path === "/v1/payment_intents/pi_refunded1")).toBe(
      true,
    );

    const refunded = {
      type: "charge.refunded",
      data: {
        object: {
          id: "ch_pi_refunded1",
          object: "charge",
          amount: 3_000,
          amount_refunded: 3_000,
          payment_intent: "pi_refunded1",
        },
      },
    };
    await deliver({ id: "evt_refund_1", ...refunded });
    // The same refund reported again under another event id changes nothing.
    await deliver({ id: "evt_refund_2", ...refunded });
    const reversals = stripe.calls.filter((call) =>
      call.path.startsWith(`/v1/transfers/${sale.payout.providerTransferId}/reversals`),
    );
    expect(reversals).toHaveLength(1);
    expect(reversals[0]!.key).toBe(`reversal-${sale.transaction.id}`);
    expect(Number(reversals[0]!.body.get("amount"))).toBe(2_125);
    const entries = await services.db
      .select()
      .from(earningsLedger)
      .where(eq(earningsLedger.sellerId, sellerId));
    expect(entries.map((row) => [row.kind, row.amountCents]).sort()).toEqual([
      ["payout", -2_125],
      ["refund", -2_125],
      ["sale", 2_125],
      ["transfer_reversal", 2_125],
    ]);
    expect(await sellerBalance(services.db, sellerId)).toBe(0);
  });

  it("undoes a payout the seller's bank refused: transfer reversed, payout failed with the reason, amount waiting again", async () => {
    const { seller, sellerId, buyerId } = await people("acct_fake_bank");
    const sale = await cardSale(sellerId, buyerId, "bankfail1");
    expect(sale.payout.status).toBe("paid");
    const failed = {
      type: "payout.failed",
      account: "acct_fake_bank",
      data: {
        object: {
          id: "po_fake_1",
          object: "payout",
          amount: 2_125,
          currency: "eur",
          failure_code: "account_closed",
        },
      },
    };
    await deliver({ id: "evt_payout_failed_1", ...failed });
    await deliver({ id: "evt_payout_failed_1", ...failed });
    const reversals = stripe.calls.filter((call) => call.key === `payout-failed-${sale.payout.id}`);
    expect(reversals).toHaveLength(1);
    expect(reversals[0]!.path).toBe(`/v1/transfers/${sale.payout.providerTransferId}/reversals`);
    const [row] = await services.db.select().from(payouts).where(eq(payouts.id, sale.payout.id));
    expect(row).toMatchObject({ status: "failed", failureCode: "account_closed" });
    expect(await sellerBalance(services.db, sellerId)).toBe(2_125);

    // The seller sees the reason and what to do next, and the amount waiting.
    for (const [locale, reason, next] of [
      ["fr", "Le compte bancaire est clôturé.", "Que faire"],
      ["en", "The bank account is closed.", "What to do"],
    ] as const) {
      const html = (
        await (
          await app.fetch(`/${locale}/seller-dashboard?tab=payments`, { cookies: seller.jar })
        ).text()
      ).replace(/&#x27;/g, "'");
      expect(html).toContain(reason);
      expect(html).toContain(next);
    }
  });
});
