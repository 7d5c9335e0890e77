import { and, eq, inArray, isNull, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import {
  cartItems,
  entitlements,
  exclusiveHolds,
  jobs,
  mailOutbox,
  orders,
  subscriptions,
  testProviderObjects,
  transactions,
} from "~/modules/db/schema";
import {
  expireOrdersJobHandler,
  expireOrdersJobType,
} from "~/modules/commerce/expire-orders.server";
import { createPendingSubscription } from "~/modules/credits/subscriptions.server";
import { logger } from "~/modules/log/logger.server";
import { testEvent } from "~/modules/payments/test-provider.server";
import { signedInAs } from "../support/accounts";
import { drainJobs } from "../support/jobs";
import { addToCart, checkout, flashKey, payWithCard } from "../support/checkout";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { postForm, testApp, type CookieJar, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;
let sellerId: string;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  const seller = await signedInAs(app, "creator");
  sellerId = (await viewerByEmail(services, seller.email, "creator")).id;
});

async function buyer() {
  const account = await signedInAs(app, "client");
  const viewer = await viewerByEmail(services, account.email, "client");
  return { ...account, id: viewer.id };
}

async function item(priceCents = 1_200) {
  return (await makeSubmission(services, sellerId, { status: "approved", priceCents })).submission;
}

/** Delivers a provider event, then lets the worker carry out what it queued (refunds, e-mails). */
async function deliver(event: { body: string; headers: Headers }) {
  const response = await app.fetch("/api/payments/webhook/test", {
    method: "POST",
    body: event.body,
    headers: event.headers,
  });
  await drainJobs(services);
  return response;
}

/** The provider reports the session paid (a webhook), as it does for a payment in any tab. */
function paid(sessionId: string) {
  return deliver(
    testEvent(services.secret, "checkout.session.completed", {
      sessionId,
      paymentId: `pi_${sessionId}`,
    }),
  );
}

function sessionOf(response: Response): string {
  expect(response.status).toBe(302);
  const match = /\/test-pay\/(cs_test_[0-9a-f]+)/.exec(response.headers.get("location") ?? "");
  expect(match).not.toBeNull();
  return match![1]!;
}

function buyNow(jar: CookieJar, submissionId: string, licenceId = "standard") {
  return postForm(
    app,
    "/fr/checkout",
    { intent: "buy-now", submissionId, licenceId },
    { cookies: jar },
  );
}

async function ordersOf(buyerId: string) {
  return services.db.select().from(orders).where(eq(orders.buyerId, buyerId));
}

async function activeRights(buyerId: string, submissionId: string) {
  return services.db
    .select()
    .from(entitlements)
    .where(
      and(
        eq(entitlements.buyerId, buyerId),
        eq(entitlements.submissionId, submissionId),
        isNull(entitlements.revokedAt),
      ),
    );
}

describe("one open order per cart", () => {
  it("20 parallel 'Payer' clicks on one cart give one pending order and one provider session", async () => {
    const { jar, id } = await buyer();
    const a = await item(1_200);
    const b = await item(3_400);
    await addToCart(app, jar, a.id, "standard");
    await addToCart(app, jar, b.id, "extended");
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        postForm(app, "/fr/checkout", { intent: "pay" }, { cookies: jar }),
      ),
    );
    const sessions = new Set(responses.map(sessionOf));
    expect(sessions.size).toBe(1);
    const pending = (await ordersOf(id)).filter((order) => order.status === "pending");
    expect(pending).toHaveLength(1);
    expect(pending[0]!.providerSessionId).toBe([...sessions][0]);
    expect(
      await services.db.select().from(transactions).where(eq(transactions.orderId, pending[0]!.id)),
    ).toHaveLength(2);

    // A later click returns to the same page; a different cart opens its own order.
    expect(await checkout(app, jar)).toBe([...sessions][0]);
    await postForm(app, "/fr/cart", { intent: "remove", submissionId: b.id }, { cookies: jar });
    const other = await checkout(app, jar);
    expect(other).not.toBe([...sessions][0]);
    expect((await ordersOf(id)).filter((order) => order.status === "pending")).toHaveLength(2);
  });
});

describe("an item already owned under a licence", () => {
  it("is refused at the cart, flagged and removed at checkout, and shown as owned on its page", async () => {
    const { jar, id } = await buyer();
    const owned = await item(1_500);
    const other = await item(900);
    await addToCart(app, jar, owned.id, "standard");
    await payWithCard(app, jar, await checkout(app, jar), "4242424242424242");
    expect(await activeRights(id, owned.id)).toHaveLength(1);

    // The product page (or a second tab) offers it again: refused with the translated message.
    const again = await addToCart(app, jar, owned.id, "standard");
    expect(flashKey(again)).toBe("commerce.toast.owned");
    expect(await services.db.select().from(cartItems).where(eq(cartItems.userId, id))).toHaveLength(
      0,
    );
    // Another licence of the same item stays on sale.
    expect(flashKey(await addToCart(app, jar, owned.id, "extended"))).toBe("commerce.toast.added");
    await postForm(app, "/fr/cart", { intent: "clear" }, { cookies: jar });

    // A cart line added before the purchase (another tab): flagged on the cart, refused at
    // checkout before any order, and taken out of the cart.
    await services.db.insert(cartItems).values([
      { userId: id, submissionId: owned.id, licenceId: "standard" },
      { userId: id, submissionId: other.id, licenceId: "standard" },
    ]);
    const ordersBefore = (await ordersOf(id)).length;
    expect(await (await app.fetch("/fr/cart", { cookies: jar })).text()).toContain("Déjà acquis");
    const refused = await postForm(app, "/fr/checkout", { intent: "pay" }, { cookies: jar });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("que vous possédez déjà sous cette licence");
    expect((await ordersOf(id)).length).toBe(ordersBefore);
    const left = await services.db.select().from(cartItems).where(eq(cartItems.userId, id));
    expect(left.map((line) => line.submissionId)).toEqual([other.id]);
    // 'Acheter maintenant' is the same checkout: refused too.
    expect((await buyNow(jar, owned.id)).status).toBe(400);

    for (const [lang, owns, download] of [
      ["fr", "Vous possédez déjà cette licence", "Télécharger"],
      ["en", "You already own this licence", "Download"],
    ] as const) {
      const html = await (await app.fetch(`/${lang}/product/${owned.id}`, { cookies: jar })).text();
      expect(html).toContain(owns);
      expect(html).toMatch(/href="\/downloads\/[0-9a-f-]{36}"/);
      expect(html).toContain(download);
      expect(html).toMatch(/href="\/(fr|en)\/certificates\/VT-/);
      // The owned licence is not offered again; the others are.
      expect(html).not.toContain('id="licence-standard"');
      expect(html).toContain('id="licence-extended"');
    }
    const stranger = await buyer();
    const strangerPage = await (
      await app.fetch(`/fr/product/${owned.id}`, { cookies: stranger.jar })
    ).text();
    expect(strangerPage).not.toContain("Vous possédez déjà cette licence");
    expect(strangerPage).toContain('id="licence-standard"');
  });

  it("two orders paid for the same item and licence give one right and one refund of the second line", async () => {
    const { jar, id, email } = await buyer();
    const shared = await item(2_000);
    const extra = await item(1_000);
    // Tab 1: the cart with both items; tab 2: 'Acheter maintenant' of one of them.
    await addToCart(app, jar, shared.id, "standard");
    await addToCart(app, jar, extra.id, "standard");
    const cartSession = await checkout(app, jar);
    const buyNowSession = sessionOf(await buyNow(jar, shared.id));
    expect(buyNowSession).not.toBe(cartSession);

    // Both reach the provider and are paid: tab 2 first, then tab 1.
    expect((await paid(buyNowSession)).status).toBe(200);
    expect((await paid(cartSession)).status).toBe(200);

    expect(await activeRights(id, shared.id)).toHaveLength(1);
    expect(await activeRights(id, extra.id)).toHaveLength(1);
    const [cartOrder] = await services.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, cartSession));
    expect(cartOrder!.status).toBe("paid");
    const lines = await services.db
      .select()
      .from(transactions)
      .where(eq(transactions.orderId, cartOrder!.id));
    expect(Object.fromEntries(lines.map((line) => [line.submissionId, line.status]))).toEqual({
      [shared.id]: "refunded",
      [extra.id]: "succeeded",
    });
    // The shared line is refunded, VAT included ((20 € + 15 € standard licence) × 1.2), under
    // an idempotency key.
    const refunds = await services.db
      .select()
      .from(testProviderObjects)
      .where(eq(testProviderObjects.target, `pi_${cartSession}`));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      kind: "refund",
      amountCents: 4_200,
      idempotencyKey: `refund-owned-${cartOrder!.id}`,
    });
    const mails = await services.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, "%déjà acquise%")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("42,00");
  });

  it("two payments for the same item and licence arriving in parallel give one right and one full refund", async () => {
    const { jar, id } = await buyer();
    const shared = await item(2_000);
    const extra = await item(1_000);
    await addToCart(app, jar, shared.id, "standard");
    await addToCart(app, jar, extra.id, "standard");
    const sessions = [await checkout(app, jar), sessionOf(await buyNow(jar, shared.id))];
    const responses = await Promise.all(sessions.map(paid));
    expect(responses.map((response) => response.status)).toEqual([200, 200]);

    expect(await activeRights(id, shared.id)).toHaveLength(1);
    expect(await activeRights(id, extra.id)).toHaveLength(1);
    const refunds = await services.db
      .select()
      .from(testProviderObjects)
      .where(
        inArray(
          testProviderObjects.target,
          sessions.map((session) => `pi_${session}`),
        ),
      );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.idempotencyKey).toMatch(/^refund-owned-/);
    // Whichever won, the shared item's seller is credited once.
    const sold = await services.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.buyerId, id),
          eq(transactions.submissionId, shared.id),
          eq(transactions.status, "succeeded"),
        ),
      );
    expect(sold).toHaveLength(1);
  });

  it("the database refuses a second active right, and a refunded one does not block a new one", async () => {
    const { id } = await buyer();
    const submission = await item();
    const right = (number: string) => ({
      buyerId: id,
      submissionId: submission.id,
      licenceId: "standard" as const,
      source: "purchase" as const,
      certificateNumber: number,
    });
    const [first] = await services.db
      .insert(entitlements)
      .values(right(`VT-T-${crypto.randomUUID()}`))
      .returning();
    await expect(
      services.db.insert(entitlements).values(right(`VT-T-${crypto.randomUUID()}`)),
    ).rejects.toThrow();
    await services.db
      .update(entitlements)
      .set({ revokedAt: new Date() })
      .where(eq(entitlements.id, first!.id));
    await services.db.insert(entitlements).values(right(`VT-T-${crypto.randomUUID()}`));
    expect(await activeRights(id, submission.id)).toHaveLength(1);
  });
});

describe("a free item claimed", () => {
  it("10 parallel claims give one right and no error", async () => {
    const { jar, id } = await buyer();
    const free = await item(0);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        postForm(
          app,
          "/fr/checkout",
          { intent: "claim-free", submissionId: free.id },
          { cookies: jar },
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(302));
    expect(responses.map(flashKey)).toEqual(Array(10).fill("commerce.toast.claimed"));
    expect(await activeRights(id, free.id)).toHaveLength(1);
  });
});

describe("one subscription of a kind", () => {
  function subscribe(jar: CookieJar, planId = "infinity", billing = "month") {
    return postForm(app, "/fr/credits", { intent: "subscribe", planId, billing }, { cookies: jar });
  }

  it("20 parallel subscriptions give one waiting subscription and one payment page", async () => {
    const { jar, id } = await buyer();
    const responses = await Promise.all(Array.from({ length: 20 }, () => subscribe(jar)));
    expect(new Set(responses.map(sessionOf)).size).toBe(1);
    const rows = await services.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(rows.map((row) => row.status)).toEqual(["pending"]);
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it("an active Infinity subscriber sees the plan instead of 'S'abonner' and cannot subscribe again", async () => {
    const { jar, id } = await buyer();
    await payWithCard(app, jar, sessionOf(await subscribe(jar)), "4242424242424242");
    const [active] = await services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, id));
    expect(active!.status).toBe("active");
    const ordersBefore = (await ordersOf(id)).length;

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        subscribe(jar, "infinity", index % 2 ? "year" : "month"),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/fr/buyer-dashboard?tab=credits");
      expect(flashKey(response)).toBe("credits.errors.alreadySubscribed");
    }
    const rows = await services.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(rows.map((row) => row.status)).toEqual(["active"]);
    expect((await ordersOf(id)).length).toBe(ordersBefore);
    // A credit plan is another kind: still offered.
    expect(sessionOf(await subscribe(jar, "plan-30"))).toMatch(/^cs_test_/);

    for (const [lang, title, manage, subscribeLabel] of [
      ["fr", "Votre abonnement", "Gérer mon abonnement", "S&#x27;abonner à Infinity"],
      ["en", "Your subscription", "Manage my subscription", "Subscribe to Infinity"],
    ] as const) {
      const html = await (await app.fetch(`/${lang}/infinity`, { cookies: jar })).text();
      expect(html).toContain(title);
      expect(html).toContain(manage);
      expect(html).toContain(`href="/${lang}/buyer-dashboard?tab=credits"`);
      expect(html).not.toContain(subscribeLabel);
    }
  });

  it("a credit plan subscriber sees it on the pricing page; the database holds one per kind", async () => {
    const { jar, id } = await buyer();
    await payWithCard(
      app,
      jar,
      sessionOf(await subscribe(jar, "plan-60", "month")),
      "4242424242424242",
    );
    const html = await (await app.fetch("/fr/packages-pricing", { cookies: jar })).text();
    expect(html).toContain("Votre abonnement");
    expect(html).toContain("60 crédits par mois");
    expect(html).not.toContain("S&#x27;abonner à 60 crédits par mois");
    expect(flashKey(await subscribe(jar, "plan-100"))).toBe("credits.errors.alreadySubscribed");
    await expect(
      createPendingSubscription(services.db, {
        userId: id,
        planId: "plan-200",
        interval: "month",
        provider: "test",
      }),
    ).rejects.toThrow();
  });
});

describe("pending orders left unpaid", () => {
  it("are expired by the recurring job: holds released, waiting subscriptions dropped", async () => {
    const first = await buyer();
    const exclusive = await item(5_000);
    await addToCart(app, first.jar, exclusive.id, "exclusive");
    const leftSession = await checkout(app, first.jar);
    const subscriber = await buyer();
    const leftSubscription = sessionOf(
      await postForm(
        app,
        "/fr/credits",
        { intent: "subscribe", planId: "infinity", billing: "month" },
        { cookies: subscriber.jar },
      ),
    );
    const fresh = await buyer();
    await addToCart(app, fresh.jar, (await item()).id, "standard");
    const freshSession = await checkout(app, fresh.jar);
    const past = new Date(Date.now() - 40 * 60_000);
    await services.db
      .update(orders)
      .set({ createdAt: past })
      .where(inArray(orders.providerSessionId, [leftSession, leftSubscription]));

    await expireOrdersJobHandler({ services, log: logger() }).run({}, { jobId: "t", attempt: 1 });

    const byStatus = async (sessionId: string) =>
      (await services.db.select().from(orders).where(eq(orders.providerSessionId, sessionId)))[0]!
        .status;
    expect(await byStatus(leftSession)).toBe("expired");
    expect(await byStatus(leftSubscription)).toBe("expired");
    expect(await byStatus(freshSession)).toBe("pending");
    expect(
      await services.db
        .select()
        .from(exclusiveHolds)
        .where(eq(exclusiveHolds.submissionId, exclusive.id)),
    ).toHaveLength(0);
    const [waiting] = await services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, subscriber.id));
    expect(waiting!.status).toBe("canceled");
    // The next run is queued; the expired page pays nothing.
    const queued = await services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, expireOrdersJobType), eq(jobs.status, "queued")));
    expect(queued.length).toBeGreaterThan(0);
    await payWithCard(app, first.jar, leftSession, "4242424242424242");
    expect(await byStatus(leftSession)).toBe("expired");
    expect(await activeRights(first.id, exclusive.id)).toHaveLength(0);
    // The exclusive licence is for sale again, and the subscriber may subscribe anew.
    const second = await buyer();
    await addToCart(app, second.jar, exclusive.id, "exclusive");
    expect(await checkout(app, second.jar)).toMatch(/^cs_test_/);
    expect(
      sessionOf(
        await postForm(
          app,
          "/fr/credits",
          { intent: "subscribe", planId: "infinity", billing: "month" },
          { cookies: subscriber.jar },
        ),
      ),
    ).not.toBe(leftSubscription);
  });
});
