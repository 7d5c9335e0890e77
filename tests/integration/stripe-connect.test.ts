import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import { payoutAccounts, payouts } from "~/modules/db/schema";
import { signedInAs } from "../support/accounts";
import { flashKey } from "../support/checkout";
import { recordSale } from "../support/commerce";
import {
  postStripeEvent,
  signedEvent,
  startFakeStripe,
  useFakeStripe,
  type FakeStripe,
} from "../support/fake-stripe";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { postForm, testApp, type TestApp } from "../support/test-app";

const account = { details_submitted: false, charges_enabled: false, payouts_enabled: false };
const webhookSecret = "whsec_test_vitrine_connect";
let stripe: FakeStripe;
let app: TestApp;
let services: Services;

beforeAll(async () => {
  // Stripe's Connect API: accounts, account links and transfers.
  stripe = await startFakeStripe(({ method, path }) => {
    if (method === "POST" && path === "/v1/accounts") {
      return { id: "acct_fake_1", object: "account", ...account };
    }
    if (method === "POST" && path === "/v1/account_links") {
      return { object: "account_link", url: "https://connect.stripe.test/setup/e/acct_fake_1" };
    }
    if (method === "GET" && path === "/v1/accounts/acct_fake_1") {
      return {
        id: "acct_fake_1",
        object: "account",
        ...account,
        requirements: { currently_due: [], eventually_due: [], past_due: [] },
      };
    }
    if (method === "POST" && path === "/v1/transfers") {
      return { id: "tr_fake_1", object: "transfer" };
    }
    return undefined;
  });
  useFakeStripe(stripe, webhookSecret);
  app = await testApp();
  services = await app.services();
});

afterAll(() => stripe.close());

describe("Stripe Connect", () => {
  it("creates an express account and its onboarding link, reads the state from Stripe on account.updated, then transfers with an idempotency key", async () => {
    const seller = await signedInAs(app, "creator");
    const sellerId = (await viewerByEmail(services, seller.email, "creator")).id;
    const { submission } = await makeSubmission(services, sellerId, { status: "approved" });
    await recordSale(services, null, submission);
    const { creditSales } = await import("~/modules/payouts/ledger.server");
    const { transactions } = await import("~/modules/db/schema");
    await creditSales(
      services.db,
      await services.db.select().from(transactions).where(eq(transactions.sellerId, sellerId)),
    );

    const created = await postForm(
      app,
      "/fr/seller-dashboard/payout-account",
      { intent: "create", type: "express" },
      { cookies: seller.jar },
    );
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("https://connect.stripe.test/setup/e/acct_fake_1");
    const create = stripe.calls.find((call) => call.path === "/v1/accounts")!;
    expect(create.body.get("type")).toBe("express");
    expect(create.body.get("country")).toBe("FR");
    expect(create.key).toBe(`connect-account-${sellerId}`);
    const link = stripe.calls.find((call) => call.path === "/v1/account_links")!;
    expect(link.body.get("return_url")).toBe(
      "http://localhost:3000/fr/seller-dashboard?tab=payments",
    );
    expect(link.body.get("type")).toBe("account_onboarding");

    // Stripe says the account is enabled; the event's own body claims otherwise and is not
    // trusted: the state is read back from Stripe.
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    const delivered = await postStripeEvent(
      app,
      signedEvent(
        {
          id: "evt_account_1",
          object: "event",
          type: "account.updated",
          data: { object: { id: "acct_fake_1", object: "account", charges_enabled: false } },
        },
        webhookSecret,
      ),
    );
    expect(delivered.status).toBe(200);
    const [row] = await services.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, sellerId));
    expect(row).toMatchObject({ provider: "stripe", chargesEnabled: true, payoutsEnabled: true });
    expect(
      stripe.calls.some(
        (call) => call.method === "GET" && call.path === "/v1/accounts/acct_fake_1",
      ),
    ).toBe(true);
    const [payout] = await services.db.select().from(payouts).where(eq(payouts.sellerId, sellerId));
    expect(payout).toMatchObject({ status: "paid", providerTransferId: "tr_fake_1" });
    const transfer = stripe.calls.find((call) => call.path === "/v1/transfers")!;
    expect(transfer.key).toBe(payout!.idempotencyKey);
    expect(transfer.body.get("destination")).toBe("acct_fake_1");
    expect(transfer.body.get("currency")).toBe("eur");
    expect(Number(transfer.body.get("amount"))).toBe(payout!.amountCents);

    const again = await postForm(
      app,
      "/fr/seller-dashboard/payout-account",
      { intent: "create", type: "express" },
      { cookies: seller.jar },
    );
    expect(flashKey(again)).toBe("payouts.toast.alreadyConfigured");
  });
});
