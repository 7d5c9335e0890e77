import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import { expireLeftOrders } from "~/modules/commerce/expire-orders.server";
import { orders } from "~/modules/db/schema";
import { signedInAs } from "../support/accounts";
import { addToCart } from "../support/checkout";
import { startFakeStripe, useFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { postForm, testApp, type CookieJar, type TestApp } from "../support/test-app";

let stripe: FakeStripe;
let app: TestApp;
let services: Services;
let sellerId: string;
/** Sessions the fake reports paid when asked to expire them (the buyer paid at the last second). */
const paidAtStripe = new Set<string>();

beforeAll(async () => {
  // Like Stripe, the same idempotency key gives the same session.
  stripe = await startFakeStripe(({ method, path, key }) => {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_fake_${createHash("sha256").update(key).digest("hex").slice(0, 16)}`;
      return { id, object: "checkout.session", url: `https://checkout.stripe.test/c/pay/${id}` };
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(path);
    if (method === "POST" && expire) {
      // Only an open session can be expired.
      if (paidAtStripe.has(expire[1]!)) return undefined;
      return { id: expire[1], object: "checkout.session", status: "expired" };
    }
    const read = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (method === "GET" && read) {
      const status = paidAtStripe.has(read[1]!) ? "complete" : "expired";
      return { id: read[1], object: "checkout.session", status };
    }
    return undefined;
  });
  useFakeStripe(stripe, "whsec_test_vitrine_fake");
  app = await testApp();
  services = await app.services();
  const seller = await signedInAs(app, "creator");
  sellerId = (await viewerByEmail(services, seller.email, "creator")).id;
});

afterAll(() => stripe.close());

async function buyerWithCart(): Promise<{ jar: CookieJar; id: string }> {
  const account = await signedInAs(app, "client");
  const id = (await viewerByEmail(services, account.email, "client")).id;
  const { submission } = await makeSubmission(services, sellerId, { status: "approved" });
  await addToCart(app, account.jar, submission.id, "standard");
  return { jar: account.jar, id };
}

function pay(jar: CookieJar) {
  return postForm(app, "/fr/checkout", { intent: "pay" }, { cookies: jar });
}

describe("open orders with Stripe", () => {
  it("20 parallel clicks ask Stripe for one session: one key, the same parameters, one order", async () => {
    const { jar, id } = await buyerWithCart();
    const before = stripe.calls.length;
    const responses = await Promise.all(Array.from({ length: 20 }, () => pay(jar)));
    expect(new Set(responses.map((response) => response.headers.get("location"))).size).toBe(1);
    const creates = stripe.calls
      .slice(before)
      .filter((call) => call.method === "POST" && call.path === "/v1/checkout/sessions");
    expect(creates.length).toBeGreaterThan(0);
    // A repeated request must be identical for Stripe to answer it with the first session.
    expect(new Set(creates.map((call) => call.key)).size).toBe(1);
    expect(new Set(creates.map((call) => call.body.toString())).size).toBe(1);
    const expiresAt = Number(creates[0]!.body.get("expires_at"));
    const [order] = await services.db.select().from(orders).where(eq(orders.buyerId, id));
    // Stripe wants the page open at least 30 minutes after it is created.
    expect(expiresAt - order!.createdAt.getTime() / 1000).toBeGreaterThan(30 * 60);
    expect(
      (await services.db.select().from(orders).where(eq(orders.buyerId, id))).map(
        (row) => row.status,
      ),
    ).toEqual(["pending"]);
  });

  it("expires a left order's Stripe session, and leaves one Stripe reports paid for its event", async () => {
    const left = await buyerWithCart();
    const paidLate = await buyerWithCart();
    await pay(left.jar);
    await pay(paidLate.jar);
    const rows = await services.db
      .select()
      .from(orders)
      .where(inArray(orders.buyerId, [left.id, paidLate.id]));
    const sessionOf = (buyerId: string) =>
      rows.find((row) => row.buyerId === buyerId)!.providerSessionId!;
    paidAtStripe.add(sessionOf(paidLate.id));
    await services.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 40 * 60_000) })
      .where(inArray(orders.buyerId, [left.id, paidLate.id]));

    await expireLeftOrders(services);

    const status = async (buyerId: string) =>
      (await services.db.select().from(orders).where(eq(orders.buyerId, buyerId)))[0]!.status;
    expect(await status(left.id)).toBe("expired");
    expect(await status(paidLate.id)).toBe("pending");
    const expireCall = stripe.calls.find(
      (call) => call.path === `/v1/checkout/sessions/${sessionOf(left.id)}/expire`,
    );
    expect(expireCall?.key).toBe(`expire-${sessionOf(left.id)}`);
  });
});
