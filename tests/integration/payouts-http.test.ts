import { pdfPages } from "../support/pdf-text";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import {
  earningsLedger,
  entitlements,
  mailOutbox,
  testProviderObjects,
  transactions,
} from "~/modules/db/schema";
import { createStripeConnectProvider } from "~/modules/payouts/connect-provider.server";
import { flashKey } from "../support/checkout";
import { recordSale } from "../support/commerce";
import { deliver, paidSale, signedInPerson } from "../support/payouts";
import { makeSubmission } from "../support/studio";
import { postForm, testApp, type TestApp } from "../support/test-app";
import { drainJobs } from "../support/jobs";

let app: TestApp;
let services: Services;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
});

async function item(sellerId: string, title: string, priceCents = 2_000) {
  return (await makeSubmission(services, sellerId, { status: "approved", priceCents, title }))
    .submission;
}

describe("the seller's payment account", () => {
  it("goes from 'Aucun compte' through the test onboarding to 'Compte actif', then pays the waiting balance", async () => {
    const seller = await signedInPerson(app, "creator");
    const buyer = await signedInPerson(app, "client");
    await paidSale(services, buyer.id, await item(seller.id, "Vente en attente"));
    const tab = async () =>
      (await app.fetch("/fr/seller-dashboard?tab=payments", { cookies: seller.jar })).text();
    let html = await tab();
    expect(html).toContain("Aucun compte");
    expect(html).toContain("Express (recommandé)");
    expect(html).toContain("En attente d&#x27;un compte actif");
    expect(html).toContain("29,75");

    const created = await postForm(
      app,
      "/fr/seller-dashboard/payout-account",
      { intent: "create", type: "express" },
      { cookies: seller.jar },
    );
    expect(created.status).toBe(303);
    const onboarding = new URL(created.headers.get("location")!);
    expect(onboarding.pathname).toMatch(/^\/fr\/test-connect\/acct_test_[0-9a-f]+$/);
    const page = onboarding.pathname;
    expect(await tab()).toContain("Configuration en cours");

    // Another seller cannot open this account's onboarding page.
    const other = await signedInPerson(app, "creator");
    expect((await app.fetch(page, { cookies: other.jar })).status).toBe(404);
    expect((await postForm(app, page, { intent: "verify" }, { cookies: other.jar })).status).toBe(
      404,
    );

    const missing = await postForm(app, page, { intent: "details" }, { cookies: seller.jar });
    expect(missing.status).toBe(400);
    expect(
      (
        await postForm(
          app,
          page,
          {
            intent: "details",
            firstName: "Ada",
            lastName: "Lovelace",
            bankAccount: "FR7630006000011234567890189",
          },
          { cookies: seller.jar },
        )
      ).status,
    ).toBe(302);
    html = await tab();
    expect(html).toContain("Configuration incomplète");
    await postForm(app, page, { intent: "verify" }, { cookies: seller.jar });
    const refreshed = await postForm(
      app,
      "/fr/seller-dashboard/payout-account",
      { intent: "refresh" },
      { cookies: seller.jar },
    );
    expect(flashKey(refreshed)).toBe("payouts.toast.refreshed");
    html = await tab();
    expect(html).toContain("Compte actif");
    expect(html).toContain("Versé");
    // Creating again says the account is already set up.
    const again = await postForm(
      app,
      "/fr/seller-dashboard/payout-account",
      { intent: "create", type: "express" },
      { cookies: seller.jar },
    );
    expect(flashKey(again)).toBe("payouts.toast.alreadyConfigured");
  });

  it("refuses visitors and buyers", async () => {
    const visitor = await postForm(app, "/fr/seller-dashboard/payout-account", {
      intent: "create",
    });
    expect(visitor.status).toBe(401);
    const buyer = await signedInPerson(app, "client");
    const refused = await postForm(
      app,
      "/fr/seller-dashboard/payout-account",
      { intent: "create" },
      { cookies: buyer.jar },
    );
    expect(refused.status).toBe(403);
    expect((await app.fetch("/fr/seller-dashboard/statement", { cookies: buyer.jar })).status).toBe(
      403,
    );
    expect((await app.fetch("/fr/seller-dashboard/statement")).status).toBe(401);
  });

  it("a seller cannot see another seller's ledger, on the page or in the statement", async () => {
    const alice = await signedInPerson(app, "creator");
    const bob = await signedInPerson(app, "creator");
    const buyer = await signedInPerson(app, "client");
    await paidSale(services, buyer.id, await item(alice.id, "Œuvre d'Alice"));
    await paidSale(services, buyer.id, await item(bob.id, "Œuvre de Bob"));
    const page = await (
      await app.fetch("/fr/seller-dashboard?tab=payments", { cookies: alice.jar })
    ).text();
    expect(page).toContain("Alice");
    expect(page).not.toContain("Œuvre de Bob");
    const month = new Date().toISOString().slice(0, 7);
    const csv = await app.fetch(`/fr/seller-dashboard/statement?month=${month}`, {
      cookies: alice.jar,
    });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("Œuvre d'Alice");
    expect(text).not.toContain("Bob");
    // 20 € + 15 € standard = 35 €; commission 5,25 €; share 29,75 €.
    expect(text).toContain('"35.00","5.25","29.75"');
    expect(
      (await app.fetch("/fr/seller-dashboard/statement?month=2026-13", { cookies: alice.jar }))
        .status,
    ).toBe(400);
  });
});

describe("admin refunds", () => {
  it("refunds one line, then the rest, each once; buyers lose the download, sellers their share, both get e-mails", async () => {
    const admin = await signedInPerson(app, "admin");
    const seller = await signedInPerson(app, "creator");
    const buyer = await signedInPerson(app, "client");
    const first = await item(seller.id, "Ligne remboursée");
    const second = await item(seller.id, "Ligne gardée");
    // A two-line order paid through fulfilment.
    const a = await recordSale(services, buyer.id, first, {
      status: "pending",
      withEntitlement: false,
    });
    const b = await recordSale(services, buyer.id, second, {
      status: "pending",
      withEntitlement: false,
    });
    await services.db
      .update(transactions)
      .set({ orderId: a.orderId })
      .where(eq(transactions.id, b.transaction.id));
    const { orders } = await import("~/modules/db/schema");
    const [order] = await services.db.select().from(orders).where(eq(orders.id, a.orderId));
    await services.db
      .update(orders)
      .set({
        subtotalCents: a.transaction.amountCents + b.transaction.amountCents,
        vatCents: a.transaction.vatCents + b.transaction.vatCents,
        totalCents:
          a.transaction.amountCents +
          b.transaction.amountCents +
          a.transaction.vatCents +
          b.transaction.vatCents,
      })
      .where(eq(orders.id, a.orderId));
    await deliver(services, "checkout.session.completed", {
      sessionId: order!.providerSessionId!,
      paymentId: `pi_test_${a.orderId.slice(0, 8)}`,
    });
    const url = `/fr/admin/refunds/${a.orderId}`;
    const pageHtml = await (await app.fetch(url, { cookies: admin.jar })).text();
    expect(pageHtml).toContain("Rembourser toute la commande");
    expect(pageHtml).toContain("Rembourser « Ligne remboursée »");

    // Refused to sellers and buyers.
    for (const jar of [seller.jar, buyer.jar]) {
      const refused = await postForm(
        app,
        url,
        { intent: "refund", transactionId: a.transaction.id },
        { cookies: jar },
      );
      expect(refused.status).toBe(403);
    }

    const line = await postForm(
      app,
      url,
      { intent: "refund", transactionId: a.transaction.id },
      { cookies: admin.jar },
    );
    expect(flashKey(line)).toBe("payouts.toast.refunded");
    const twice = await postForm(
      app,
      url,
      { intent: "refund", transactionId: a.transaction.id },
      { cookies: admin.jar },
    );
    expect(flashKey(twice)).toBe("payouts.errors.notRefundable");
    const [revoked] = await services.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.transactionId, a.transaction.id));
    expect(revoked!.revokedAt).not.toBeNull();
    const [kept] = await services.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.transactionId, b.transaction.id));
    expect(kept!.revokedAt).toBeNull();
    const [still] = await services.db.select().from(orders).where(eq(orders.id, a.orderId));
    expect(still!.status).toBe("paid");

    // The provider's own refund event, delivered later, changes nothing more.
    await deliver(services, "charge.refunded", {
      sessionId: order!.providerSessionId!,
      paymentId: `pi_test_${a.orderId.slice(0, 8)}`,
    });
    const [afterEvent] = await services.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.transactionId, b.transaction.id));
    // A full refund event ends the whole order (the rest of it included).
    expect(afterEvent!.revokedAt).not.toBeNull();
    const refunds = await services.db
      .select()
      .from(earningsLedger)
      .where(and(eq(earningsLedger.sellerId, seller.id), eq(earningsLedger.kind, "refund")));
    expect(refunds.map((row) => row.transactionId).sort()).toEqual(
      [a.transaction.id, b.transaction.id].sort(),
    );
    const providerRefunds = await services.db
      .select()
      .from(testProviderObjects)
      .where(eq(testProviderObjects.target, `pi_test_${a.orderId.slice(0, 8)}`));
    expect(providerRefunds).toHaveLength(1);
    expect(providerRefunds[0]!.amountCents).toBe(
      a.transaction.amountCents + a.transaction.vatCents,
    );
    await drainJobs(services);
    const mails = await services.db.select().from(mailOutbox);
    expect(
      mails.some((mail) => mail.to === buyer.email && /Remboursement/.test(mail.subject)),
    ).toBe(true);
    expect(
      mails.some((mail) => mail.to === seller.email && /Vente remboursée/.test(mail.subject)),
    ).toBe(true);
  });
});

describe("Stripe Connect calls retried after a timeout", () => {
  let fake: http.Server;
  let url: string;
  const objects = new Map<string, string>();
  const seen: string[] = [];

  beforeAll(async () => {
    fake = http.createServer((request, response) => {
      const key = String(request.headers["idempotency-key"] ?? "");
      seen.push(`${request.method} ${request.url} ${key}`);
      request.resume();
      request.on("end", () => {
        const kind = request.url === "/v1/transfers" ? "tr" : "re";
        const first = !objects.has(key);
        if (first) objects.set(key, `${kind}_fake_${objects.size + 1}`);
        const body = JSON.stringify({
          id: objects.get(key),
          object: kind === "tr" ? "transfer" : "refund",
        });
        // The first answer comes too late: the client gives up and sends the request again.
        setTimeout(
          () => {
            if (response.writable) {
              response.writeHead(200, { "Content-Type": "application/json" });
              response.end(body);
            }
          },
          first ? 1_500 : 0,
        );
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    fake.closeAllConnections();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });

  it("create one transfer, one refund and one transfer reversal (same idempotency key on every attempt)", async () => {
    const stripe = createStripeConnectProvider({
      secretKey: "sk_test_fake",
      apiUrl: url,
      timeoutMs: 400,
    });
    const transfer = await stripe.createTransfer(
      { amountCents: 1_000, destination: "acct_1", payoutId: "p-1" },
      "payout-p-1",
    );
    expect(transfer).toMatchObject({ id: "tr_fake_1", status: "paid" });
    const refund = await stripe.createRefund(
      { paymentId: "pi_1", amountCents: 500, orderId: "o-1" },
      "refund-o-1",
    );
    expect(refund.id).toBe("re_fake_2");
    const reversal = await stripe.reverseTransfer(
      { transferId: "tr_fake_1", amountCents: 400, transactionId: "t-1" },
      "reversal-t-1",
    );
    expect(reversal.id).toBe("re_fake_3");
    const reversalAttempts = seen.filter((line) =>
      line.startsWith("POST /v1/transfers/tr_fake_1/reversals"),
    );
    expect(reversalAttempts.length).toBeGreaterThan(1);
    expect(new Set(reversalAttempts).size).toBe(1);
    const transferAttempts = seen.filter((line) => line.startsWith("POST /v1/transfers "));
    expect(transferAttempts.length).toBeGreaterThan(1);
    expect(new Set(transferAttempts).size).toBe(1);
    expect(objects.size).toBe(3);
  });
});

describe("receipts", () => {
  it("shows the buyer a receipt with the VAT line, seller and licence, as a page and a PDF; nobody else", async () => {
    const seller = await signedInPerson(app, "creator");
    const buyer = await signedInPerson(app, "client");
    const sale = await paidSale(services, buyer.id, await item(seller.id, "Reçu testé", 1_000), {
      licenceId: "extended",
    });
    // 10 € + 45 € = 55 €, VAT 11 €, total 66 €.
    const html = await (
      await app.fetch(`/fr/receipts/${sale.orderId}`, { cookies: buyer.jar })
    ).text();
    expect(html).toContain("Reçu testé");
    expect(html).toContain("Licence Étendue · vendu par Shop creator");
    expect(html).toContain("TVA (20 %) : 11,00");
    expect(html).toContain("Total payé : 66,00");
    const english = await (
      await app.fetch(`/en/receipts/${sale.orderId}`, { cookies: buyer.jar })
    ).text();
    expect(english).toContain("VAT (20%): €11.00");
    const pdf = await app.fetch(`/fr/receipts/${sale.orderId}/pdf`, { cookies: buyer.jar });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = (await pdfPages(new Uint8Array(bytes))).join("\n");
    expect(text).toContain("TVA (20 %) : 11,00 €");
    expect(text).toContain("Reçu testé");
    const stranger = await signedInPerson(app, "client");
    expect(
      (await app.fetch(`/fr/receipts/${sale.orderId}`, { cookies: stranger.jar })).status,
    ).toBe(404);
    expect(
      (await app.fetch(`/fr/receipts/${sale.orderId}/pdf`, { cookies: stranger.jar })).status,
    ).toBe(404);
    expect((await app.fetch(`/fr/receipts/${sale.orderId}/pdf`)).status).toBe(401);
    const admin = await signedInPerson(app, "admin");
    expect((await app.fetch(`/fr/receipts/${sale.orderId}`, { cookies: admin.jar })).status).toBe(
      200,
    );
  });
});
