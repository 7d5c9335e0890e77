import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import {
  cartItems,
  earningsLedger,
  entitlements,
  exclusiveHolds,
  mailOutbox,
  orders,
  paymentEvents,
  platformSettings,
  testProviderObjects,
  transactions,
} from "~/modules/db/schema";
import { testEvent } from "~/modules/payments/test-provider.server";
import { originalKey } from "~/modules/storage/file-storage.server";
import { signedInAs, uniqueIp, testPassword } from "../support/accounts";
import { addToCart, checkout, flashKey, payWithCard } from "../support/checkout";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { CookieJar, postForm, testApp, type TestApp } from "../support/test-app";
import { pngBytes } from "../support/files";
import { drainJobs } from "../support/jobs";

let app: TestApp;
let services: Services;
let sellerId: string;
let sellerEmail: string;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  const seller = await signedInAs(app, "creator");
  sellerEmail = seller.email;
  sellerId = (await viewerByEmail(services, seller.email, "creator")).id;
});

async function buyer() {
  const account = await signedInAs(app, "client");
  const viewer = await viewerByEmail(services, account.email, "client");
  return { ...account, id: viewer.id };
}

async function item(priceCents: number | null = 1_200) {
  return makeSubmission(services, sellerId, { status: "approved", priceCents });
}

async function orderOf(sessionId: string) {
  const [order] = await services.db
    .select()
    .from(orders)
    .where(eq(orders.providerSessionId, sessionId));
  return order!;
}

/** Posts a signed event to the webhook and waits for the worker to run what it queued. */
async function deliver(event: { body: string; headers: Headers }) {
  const response = await app.fetch("/api/payments/webhook/test", {
    method: "POST",
    body: event.body,
    headers: event.headers,
  });
  await drainJobs(services);
  return response;
}

describe("cart", () => {
  it("adds an item once, with the fixed messages, and ignores a price sent by the browser", async () => {
    const { jar, id } = await buyer();
    const { submission } = await item(1_200);
    const added = await addToCart(app, jar, submission.id, "extended", {
      price: "1",
      priceCents: "1",
      currency: "usd",
      sellerId: id,
    });
    expect(added.status).toBe(302);
    expect(flashKey(added)).toBe("commerce.toast.added");
    const again = await addToCart(app, jar, submission.id, "standard");
    expect(flashKey(again)).toBe("commerce.toast.duplicate");
    const rows = await services.db.select().from(cartItems).where(eq(cartItems.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.licenceId).toBe("extended");

    const page = await app.fetch("/fr/cart", { cookies: jar });
    const html = await page.text();
    // 12 € + extended 45 € = 57 €, VAT 11,40 €, total 68,40 €.
    expect(html).toContain("57,00");
    expect(html).toContain("11,40");
    expect(html).toContain("68,40");
    expect(html).not.toContain("1,00 €");
  });

  it("removes and clears with toasts", async () => {
    const { jar, id } = await buyer();
    const a = (await item()).submission;
    const b = (await item()).submission;
    await addToCart(app, jar, a.id);
    await addToCart(app, jar, b.id);
    const removed = await postForm(
      app,
      "/fr/cart",
      { intent: "remove", submissionId: a.id },
      {
        cookies: jar,
      },
    );
    expect(flashKey(removed)).toBe("commerce.toast.removed");
    expect(await services.db.select().from(cartItems).where(eq(cartItems.userId, id))).toHaveLength(
      1,
    );
    await postForm(app, "/fr/cart", { intent: "clear" }, { cookies: jar });
    expect(await services.db.select().from(cartItems).where(eq(cartItems.userId, id))).toHaveLength(
      0,
    );
  });

  it("refuses items not on sale and free items under the standard licence", async () => {
    const { jar } = await buyer();
    const draft = (await makeSubmission(services, sellerId, { status: "draft" })).submission;
    expect(flashKey(await addToCart(app, jar, draft.id))).toBe("commerce.toast.unavailable");
    const free = (await item(null)).submission;
    expect(flashKey(await addToCart(app, jar, free.id, "standard"))).toBe("commerce.toast.free");
    expect(flashKey(await addToCart(app, jar, free.id, "extended"))).toBe("commerce.toast.added");
  });

  it("keeps a visitor's cart in a cookie and merges it into the account at sign-in", async () => {
    const jar = new CookieJar();
    const { submission } = await item();
    expect(flashKey(await addToCart(app, jar, submission.id, "standard"))).toBe(
      "commerce.toast.added",
    );
    expect(await (await app.fetch("/fr/cart", { cookies: jar })).text()).toContain(
      submission.titleFr,
    );
    const account = await signedInAs(app, "client");
    const id = (await viewerByEmail(services, account.email, "client")).id;
    const signIn = await postForm(
      app,
      "/fr/auth",
      { intent: "login", email: account.email, password: testPassword },
      { ip: uniqueIp(), cookies: jar },
    );
    expect(signIn.status).toBe(302);
    await app.fetch("/fr", { cookies: jar });
    const rows = await services.db.select().from(cartItems).where(eq(cartItems.userId, id));
    expect(rows.map((row) => row.submissionId)).toEqual([submission.id]);
    expect(jar.has("vitrine_cart")).toBe(false);
  });
});

describe("checkout and the test provider", () => {
  it("shows 'Connexion requise' to visitors and 'Panier vide' to an empty cart", async () => {
    const visitor = await app.fetch("/fr/checkout");
    expect(await visitor.text()).toContain("Connexion requise");
    const { jar } = await buyer();
    expect(await (await app.fetch("/fr/checkout", { cookies: jar })).text()).toContain(
      "Panier vide",
    );
    const refused = await postForm(app, "/fr/checkout", { intent: "pay" }, { cookies: jar });
    expect(await refused.text()).toContain("Votre panier est vide");
    const anonymous = await postForm(app, "/fr/checkout", { intent: "pay" });
    expect(await anonymous.text()).toContain("Vous devez être connecté pour effectuer un achat");
  });

  it("shows the test-mode banner and its cards", async () => {
    const { jar } = await buyer();
    await addToCart(app, jar, (await item()).submission.id);
    const html = await (await app.fetch("/fr/checkout", { cookies: jar })).text();
    for (const card of [
      "4242 4242 4242 4242",
      "4000 0000 0000 0002",
      "4000 0000 0000 9995",
      "4000 0027 6000 3184",
    ]) {
      expect(html).toContain(card);
    }
  });

  it("pays with 4242: order paid, lines with commission from the settings, entitlements, cart emptied, e-mails sent", async () => {
    await services.db
      .update(platformSettings)
      .set({ commissionRateBps: 2_000 })
      .where(eq(platformSettings.id, 1));
    const { jar, id, email } = await buyer();
    const a = (await item(1_000)).submission;
    const b = (await item(2_000)).submission;
    await addToCart(app, jar, a.id, "standard");
    await addToCart(app, jar, b.id, "extended");
    const sessionId = await checkout(app, jar);
    const pending = await orderOf(sessionId);
    expect(pending).toMatchObject({ status: "pending", subtotalCents: 2_500 + 6_500 });
    expect(await services.db.select().from(cartItems).where(eq(cartItems.userId, id))).toHaveLength(
      2,
    );

    const paid = await payWithCard(app, jar, sessionId, "4242 4242 4242 4242");
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe(`/payment-success?session_id=${sessionId}&lang=fr`);
    const order = await orderOf(sessionId);
    expect(order).toMatchObject({
      status: "paid",
      subtotalCents: 9_000,
      vatCents: 1_800,
      totalCents: 10_800,
    });
    const lines = await services.db
      .select()
      .from(transactions)
      .where(eq(transactions.orderId, order.id));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.status).toBe("succeeded");
      expect(line.commissionBps).toBe(2_000);
      expect(line.commissionCents + line.sellerShareCents).toBe(line.amountCents);
      expect(line.commissionCents).toBe(line.amountCents / 5);
    }
    const rights = await services.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.buyerId, id));
    expect(rights.map((row) => row.licenceId).sort()).toEqual(["extended", "standard"]);
    expect(rights.every((row) => /^VT-\d{4}-[0-9A-F]{8}$/.test(row.certificateNumber))).toBe(true);
    expect(await services.db.select().from(cartItems).where(eq(cartItems.userId, id))).toHaveLength(
      0,
    );
    await drainJobs(services);
    const receipt = await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.text).toContain("108,00");
    const sales = await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, sellerEmail));
    expect(sales.length).toBeGreaterThanOrEqual(2);

    // The page's data: the order looked up, paid, with its files.
    const success = await app.fetch(`/payment-success.data?session_id=${sessionId}&lang=fr`, {
      cookies: jar,
    });
    const data = await success.text();
    expect(data).toContain('"paid"');
    expect(data).toContain(sessionId.slice(-8));
    const files = await services.db.query.uploads.findMany({
      where: (row, { eq: is }) => is(row.submissionId, a.id),
    });
    expect(data).toContain(files[0]!.id);
    await services.db
      .update(platformSettings)
      .set({ commissionRateBps: 1_500 })
      .where(eq(platformSettings.id, 1));
  });

  it("a declined card leaves the order unpaid and the cart intact", async () => {
    const { jar, id } = await buyer();
    await addToCart(app, jar, (await item()).submission.id);
    const sessionId = await checkout(app, jar);
    for (const [card, message] of [
      ["4000 0000 0000 0002", "Votre carte a été refusée."],
      ["4000 0000 0000 9995", "Fonds insuffisants"],
    ] as const) {
      const response = await payWithCard(app, jar, sessionId, card);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(message);
    }
    expect((await orderOf(sessionId)).status).toBe("pending");
    expect(await services.db.select().from(cartItems).where(eq(cartItems.userId, id))).toHaveLength(
      1,
    );
    expect(
      await services.db.select().from(entitlements).where(eq(entitlements.buyerId, id)),
    ).toHaveLength(0);
  });

  it("refuses an expired or malformed card date and a wrong CVC, and pays with the current month", async () => {
    const { jar, id } = await buyer();
    await addToCart(app, jar, (await item()).submission.id);
    const sessionId = await checkout(app, jar);
    const monthYear = (date: Date) =>
      `${String(date.getUTCMonth() + 1).padStart(2, "0")}/${String(date.getUTCFullYear() % 100).padStart(2, "0")}`;
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const expired = "La date d'expiration de votre carte est déjà passée.";
    const malformed = "La date d'expiration de votre carte est invalide";
    const wrongCvc = "Le code de sécurité (CVC) de votre carte est invalide";
    for (const [card, message] of [
      [{ expiry: "01/20" }, expired],
      [{ expiry: monthYear(lastMonth) }, expired],
      [{ expiry: "13/30" }, malformed],
      [{ expiry: "" }, malformed],
      [{ cvc: "12" }, wrongCvc],
      [{ cvc: "" }, wrongCvc],
    ] as const) {
      const response = await payWithCard(app, jar, sessionId, "4242 4242 4242 4242", card);
      expect(response.status, JSON.stringify(card)).toBe(200);
      expect((await response.text()).replaceAll("&#x27;", "'")).toContain(message);
    }
    expect((await orderOf(sessionId)).status).toBe("pending");
    expect(
      await services.db.select().from(entitlements).where(eq(entitlements.buyerId, id)),
    ).toHaveLength(0);

    const paid = await payWithCard(app, jar, sessionId, "4242 4242 4242 4242", {
      expiry: monthYear(now),
    });
    expect(paid.status).toBe(302);
    expect((await orderOf(sessionId)).status).toBe("paid");
  });

  it("asks for 3-D Secure with 4000 0027 6000 3184, then pays once approved", async () => {
    const { jar } = await buyer();
    await addToCart(app, jar, (await item()).submission.id);
    const sessionId = await checkout(app, jar);
    const step = await payWithCard(app, jar, sessionId, "4000002760003184");
    const html = await step.text();
    expect(html).toContain("Authentification 3-D Secure");
    const challenge = /name="challenge" value="([0-9a-f]+)"/.exec(html)![1]!;
    const failed = await postForm(
      app,
      `/test-pay/${sessionId}`,
      { intent: "3ds-fail", challenge },
      { cookies: jar },
    );
    expect(await failed.text()).toContain("L&#x27;authentification 3-D Secure a échoué");
    expect((await orderOf(sessionId)).status).toBe("pending");
    const forged = await postForm(
      app,
      `/test-pay/${sessionId}`,
      { intent: "3ds-approve", challenge: "00" },
      { cookies: jar },
    );
    expect(forged.status).toBe(400);
    const approved = await postForm(
      app,
      `/test-pay/${sessionId}`,
      { intent: "3ds-approve", challenge },
      { cookies: jar },
    );
    expect(approved.status).toBe(302);
    expect((await orderOf(sessionId)).status).toBe("paid");
  });

  it("another buyer cannot open or pay someone's payment page, nor see their order", async () => {
    const owner = await buyer();
    await addToCart(app, owner.jar, (await item()).submission.id);
    const sessionId = await checkout(app, owner.jar);
    const other = await buyer();
    expect((await app.fetch(`/test-pay/${sessionId}`, { cookies: other.jar })).status).toBe(404);
    expect((await payWithCard(app, other.jar, sessionId, "4242424242424242")).status).toBe(404);
    await payWithCard(app, owner.jar, sessionId, "4242424242424242");
    const foreign = await app.fetch(`/payment-success.data?session_id=${sessionId}`, {
      cookies: other.jar,
    });
    const data = await foreign.text();
    expect(data).toContain('"notFound"');
    expect(data).not.toContain('"paid"');
    const forged = await app.fetch(`/payment-success.data?session_id=cs_test_forged`, {
      cookies: owner.jar,
    });
    expect(await forged.text()).toContain('"notFound"');
    const own = await app.fetch(`/payment-success.data?session_id=${sessionId}`, {
      cookies: owner.jar,
    });
    expect(await own.text()).toContain('"paid"');
  });

  it("cancelling returns to payment-cancelled with the cart intact", async () => {
    const { jar, id } = await buyer();
    await addToCart(app, jar, (await item()).submission.id);
    const sessionId = await checkout(app, jar);
    const cancelled = await postForm(
      app,
      `/test-pay/${sessionId}`,
      { intent: "cancel" },
      { cookies: jar },
    );
    expect(cancelled.headers.get("location")).toBe("/payment-cancelled?lang=fr");
    expect((await orderOf(sessionId)).status).toBe("expired");
    expect(await services.db.select().from(cartItems).where(eq(cartItems.userId, id))).toHaveLength(
      1,
    );
    const page = await app.fetch("/payment-cancelled?lang=fr");
    expect(await page.text()).toContain("Paiement annulé");
  });

  it("an expired payment page pays nothing and releases the order", async () => {
    const { jar, id } = await buyer();
    await addToCart(app, jar, (await item()).submission.id, "exclusive");
    const sessionId = await checkout(app, jar);
    await services.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.providerSessionId, sessionId));
    const response = await payWithCard(app, jar, sessionId, "4242424242424242");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Cette session de paiement n&#x27;est plus ouverte.");
    expect((await orderOf(sessionId)).status).toBe("expired");
    expect(
      await services.db.select().from(entitlements).where(eq(entitlements.buyerId, id)),
    ).toHaveLength(0);
  });

  it("'Acheter maintenant' pays one line and leaves the cart alone", async () => {
    const { jar, id } = await buyer();
    const inCart = (await item()).submission;
    await addToCart(app, jar, inCart.id);
    const now = (await item(500)).submission;
    const response = await postForm(
      app,
      "/fr/checkout",
      { intent: "buy-now", submissionId: now.id, licenceId: "standard", price: "0" },
      { cookies: jar },
    );
    expect(response.status).toBe(302);
    const sessionId = /cs_test_[0-9a-f]+/.exec(response.headers.get("location")!)![0];
    expect((await orderOf(sessionId)).totalCents).toBe(2_400);
    await payWithCard(app, jar, sessionId, "4242424242424242");
    const cart = await services.db.select().from(cartItems).where(eq(cartItems.userId, id));
    expect(cart.map((row) => row.submissionId)).toEqual([inCart.id]);
  });

  it("claims a free item in one click, once", async () => {
    const { jar, id } = await buyer();
    const free = (await item(null)).submission;
    const first = await postForm(
      app,
      "/fr/checkout",
      { intent: "claim-free", submissionId: free.id },
      { cookies: jar },
    );
    expect(first.status).toBe(302);
    expect(flashKey(first)).toBe("commerce.toast.claimed");
    await postForm(
      app,
      "/fr/checkout",
      { intent: "claim-free", submissionId: free.id },
      { cookies: jar },
    );
    const rights = await services.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.buyerId, id));
    expect(rights).toHaveLength(1);
    expect(rights[0]!.source).toBe("free");
    const paid = (await item(900)).submission;
    const refused = await postForm(
      app,
      "/fr/checkout",
      { intent: "claim-free", submissionId: paid.id },
      { cookies: jar },
    );
    expect(refused.status).toBe(400);
  });
});

describe("webhooks", () => {
  async function pendingOrder() {
    const account = await buyer();
    await addToCart(app, account.jar, (await item()).submission.id);
    return { ...account, sessionId: await checkout(app, account.jar) };
  }

  it("refuses a bad signature, another secret, an altered body and an old timestamp", async () => {
    const { sessionId } = await pendingOrder();
    const good = testEvent(services.secret, "checkout.session.completed", { sessionId });
    const wrongSecret = testEvent("another-secret", "checkout.session.completed", { sessionId });
    const old = testEvent(
      services.secret,
      "checkout.session.completed",
      { sessionId },
      {
        timestamp: Math.floor(Date.now() / 1000) - 600,
      },
    );
    const altered = { body: good.body.replace(sessionId, `${sessionId} `), headers: good.headers };
    for (const event of [wrongSecret, old, altered, { body: good.body, headers: new Headers() }]) {
      expect((await deliver(event)).status).toBe(400);
    }
    expect((await orderOf(sessionId)).status).toBe("pending");
    expect((await deliver(good)).status).toBe(200);
    expect((await orderOf(sessionId)).status).toBe("paid");
  });

  it("20 deliveries of one event in parallel give one transaction set and one entitlement", async () => {
    const { sessionId, id } = await pendingOrder();
    const event = testEvent(
      services.secret,
      "checkout.session.completed",
      { sessionId },
      { id: `evt_${sessionId}` },
    );
    const responses = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const rights = await services.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.buyerId, id));
    expect(rights).toHaveLength(1);
    const events = await services.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, `evt_${sessionId}`));
    expect(events).toHaveLength(1);
  });

  it("20 different events completing one order in parallel fulfil it once", async () => {
    const { sessionId, id } = await pendingOrder();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        deliver(testEvent(services.secret, "checkout.session.completed", { sessionId })),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(
      await services.db.select().from(entitlements).where(eq(entitlements.buyerId, id)),
    ).toHaveLength(1);
    const order = await orderOf(sessionId);
    const lines = await services.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, order.id), eq(transactions.status, "succeeded")));
    expect(lines).toHaveLength(1);
  });

  it("a refund revokes the downloads at once", async () => {
    const { sessionId, jar } = await pendingOrder();
    await deliver(
      testEvent(services.secret, "checkout.session.completed", {
        sessionId,
        paymentId: `pi_${sessionId}`,
      }),
    );
    const order = await orderOf(sessionId);
    const [line] = await services.db
      .select()
      .from(transactions)
      .where(eq(transactions.orderId, order.id));
    const [file] = await services.db.query.uploads.findMany({
      where: (u, { eq: is }) => is(u.submissionId, line!.submissionId!),
    });
    expect((await app.fetch(`/downloads/${file!.id}`, { cookies: jar })).status).toBe(302);
    await deliver(
      testEvent(services.secret, "charge.refunded", { sessionId, paymentId: `pi_${sessionId}` }),
    );
    expect((await orderOf(sessionId)).status).toBe("refunded");
    expect((await app.fetch(`/downloads/${file!.id}`, { cookies: jar })).status).toBe(404);
  });
});

describe("exclusive licence", () => {
  it("20 parallel checkouts of one exclusive item: one gets the payment page, the item leaves the sale once paid", async () => {
    const { submission } = await item(3_000);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer()));
    for (const account of buyers) await addToCart(app, account.jar, submission.id, "exclusive");
    const responses = await Promise.all(
      buyers.map((account) =>
        postForm(app, "/fr/checkout", { intent: "pay" }, { cookies: account.jar }),
      ),
    );
    const winners = responses.filter((response) => response.status === 302);
    expect(winners).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 302)) {
      expect(await response.text()).toContain(
        "La licence exclusive de cet article n&#x27;est plus disponible.",
      );
    }
    const winner = buyers[responses.indexOf(winners[0]!)]!;
    const sessionId = /cs_test_[0-9a-f]+/.exec(winners[0]!.headers.get("location")!)![0];
    await payWithCard(app, winner.jar, sessionId, "4242424242424242");
    const sold = await services.db
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.submissionId, submission.id), eq(transactions.status, "succeeded")),
      );
    expect(sold).toHaveLength(1);
    // Off sale for everyone now, whatever the licence.
    const late = await buyer();
    expect(flashKey(await addToCart(app, late.jar, submission.id, "standard"))).toBe(
      "commerce.toast.unavailable",
    );
  });
});

describe("exclusive licence taken over while paying", () => {
  /** Buyer A's checkout holds the item, A's hold lapses, buyer B's checkout takes it over. */
  async function raceLost(submissionId: string) {
    const first = await buyer();
    await addToCart(app, first.jar, submissionId, "exclusive");
    const firstSession = await checkout(app, first.jar);
    await services.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.providerSessionId, firstSession));
    const second = await buyer();
    await addToCart(app, second.jar, submissionId, "exclusive");
    const secondSession = await checkout(app, second.jar);
    return { first, firstSession, second, secondSession };
  }

  it("refunds the late payment once, grants and credits nothing, and tells the buyer why", async () => {
    const { submission } = await item(3_000);
    const { first, firstSession, second, secondSession } = await raceLost(submission.id);
    await payWithCard(app, second.jar, secondSession, "4242424242424242");
    expect((await orderOf(secondSession)).status).toBe("paid");

    // A's payment still succeeds at the provider (a late asynchronous payment). Its event is
    // delivered 20 times in parallel, beside 5 other events reporting the same payment.
    const paymentId = `pi_${firstSession}`;
    const event = testEvent(
      services.secret,
      "checkout.session.completed",
      { sessionId: firstSession, paymentId },
      { id: `evt_${firstSession}` },
    );
    const responses = await Promise.all([
      ...Array.from({ length: 20 }, () => deliver(event)),
      ...Array.from({ length: 5 }, () =>
        deliver(
          testEvent(services.secret, "checkout.session.completed", {
            sessionId: firstSession,
            paymentId,
          }),
        ),
      ),
    ]);
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect((await deliver(event)).status).toBe(200);

    const order = await orderOf(firstSession);
    expect(order.status).toBe("refunded");
    const lines = await services.db
      .select()
      .from(transactions)
      .where(eq(transactions.orderId, order.id));
    expect(lines.map((line) => line.status)).toEqual(["refunded"]);
    expect(
      await services.db.select().from(entitlements).where(eq(entitlements.buyerId, first.id)),
    ).toHaveLength(0);
    expect(
      await services.db
        .select()
        .from(earningsLedger)
        .where(eq(earningsLedger.transactionId, lines[0]!.id)),
    ).toHaveLength(0);
    const refunds = await services.db
      .select()
      .from(testProviderObjects)
      .where(eq(testProviderObjects.target, paymentId));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      kind: "refund",
      idempotencyKey: `refund-exclusive-${order.id}`,
    });
    const mails = await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, first.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("licence exclusive indisponible");
    expect(mails[0]!.text).toContain("a été attribuée entre-temps à un autre acheteur");
    expect(mails[0]!.text).toContain("394,80");

    // B keeps the sale: its entitlement, its hold sold, A's download refused.
    expect(
      await services.db.select().from(entitlements).where(eq(entitlements.buyerId, second.id)),
    ).toHaveLength(1);
    const [hold] = await services.db
      .select()
      .from(exclusiveHolds)
      .where(eq(exclusiveHolds.submissionId, submission.id));
    expect(hold).toMatchObject({ orderId: (await orderOf(secondSession)).id });
    expect(hold!.soldAt).not.toBeNull();
    // The provider's own refund event, coming back later, changes nothing more.
    await deliver(
      testEvent(services.secret, "charge.refunded", { sessionId: firstSession, paymentId }),
    );
    expect(
      await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, first.email)),
    ).toHaveLength(1);
  });

  it("refunds the late payment while the other checkout still holds the item unpaid", async () => {
    const { submission } = await item(3_000);
    const { first, firstSession, secondSession } = await raceLost(submission.id);
    await deliver(
      testEvent(services.secret, "checkout.session.completed", {
        sessionId: firstSession,
        paymentId: `pi_${firstSession}`,
      }),
    );
    expect((await orderOf(firstSession)).status).toBe("refunded");
    expect(
      await services.db.select().from(entitlements).where(eq(entitlements.buyerId, first.id)),
    ).toHaveLength(0);
    const [hold] = await services.db
      .select()
      .from(exclusiveHolds)
      .where(eq(exclusiveHolds.submissionId, submission.id));
    expect(hold!.orderId).toBe((await orderOf(secondSession)).id);
  });

  it("a lapsed hold nobody took over is taken back by its payment", async () => {
    const { submission } = await item(3_000);
    const owner = await buyer();
    await addToCart(app, owner.jar, submission.id, "exclusive");
    const sessionId = await checkout(app, owner.jar);
    await services.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.providerSessionId, sessionId));
    await deliver(
      testEvent(services.secret, "checkout.session.completed", {
        sessionId,
        paymentId: `pi_${sessionId}`,
      }),
    );
    expect((await orderOf(sessionId)).status).toBe("paid");
    expect(
      await services.db.select().from(entitlements).where(eq(entitlements.buyerId, owner.id)),
    ).toHaveLength(1);
  });
});

describe("downloads", () => {
  it("serves the original to its buyer through a short-lived signed link, as an attachment", async () => {
    const bytes = pngBytes(12, 9);
    const { submission, files } = await makeSubmission(services, sellerId, {
      status: "approved",
      priceCents: 700,
    });
    await services.storage.put(originalKey(files[0]!.id), bytes);
    const owner = await buyer();
    await addToCart(app, owner.jar, submission.id);
    const sessionId = await checkout(app, owner.jar);
    await payWithCard(app, owner.jar, sessionId, "4242424242424242");

    const link = await app.fetch(`/downloads/${files[0]!.id}`, { cookies: owner.jar });
    expect(link.status).toBe(302);
    const signed = link.headers.get("location")!;
    expect(signed).toMatch(/^\/downloads\/[0-9a-f-]+\/file\?u=.+&e=\d+&s=[0-9a-f]{64}$/);
    const file = await app.fetch(signed);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("cache-control")).toBe("no-store");
    const received = Buffer.from(await file.arrayBuffer());
    expect(createHash("sha256").update(received).digest("hex")).toBe(
      createHash("sha256").update(bytes).digest("hex"),
    );

    // Refusals: another buyer, a visitor, a tampered or expired link.
    const other = await buyer();
    expect((await app.fetch(`/downloads/${files[0]!.id}`, { cookies: other.jar })).status).toBe(
      404,
    );
    expect((await app.fetch(`/downloads/${files[0]!.id}`)).status).toBe(404);
    const tampered = signed.replace(
      /s=([0-9a-f])/,
      (_m, c: string) => `s=${c === "0" ? "1" : "0"}`,
    );
    expect((await app.fetch(tampered)).status).toBe(404);
    const expired = signed.replace(/e=\d+/, "e=1000");
    expect((await app.fetch(expired)).status).toBe(404);
    // The seller and admins may download it too.
    const seller = await signedInAs(app, "admin");
    expect((await app.fetch(`/downloads/${files[0]!.id}`, { cookies: seller.jar })).status).toBe(
      302,
    );
  });
});
