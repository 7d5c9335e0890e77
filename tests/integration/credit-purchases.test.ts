import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { entitlements, transactions } from "~/modules/db/schema";
import {
  downloadWithCredits,
  downloadWithInfinity,
  grantCredits,
} from "~/modules/credits/ledger.server";
import {
  createPendingSubscription,
  recordSubscriptionPayment,
} from "~/modules/credits/subscriptions.server";
import type { Services } from "~/modules/services";
import { signedInAs } from "../support/accounts";
import { payWithCard } from "../support/checkout";
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

async function signedInBuyer(): Promise<{ jar: CookieJar; id: string }> {
  const account = await signedInAs(app, "client");
  return { jar: account.jar, id: (await viewerByEmail(services, account.email, "client")).id };
}

async function photo(title: string) {
  return (await makeSubmission(services, sellerId, { status: "approved", title })).submission;
}

async function page(path: string, jar: CookieJar): Promise<string> {
  const response = await app.fetch(path, { cookies: jar });
  expect(response.status, path).toBe(200);
  // The page's text, without tags, on one line: what a reader sees.
  return (await response.text())
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

async function orderOf(submissionId: string): Promise<string> {
  const [row] = await services.db
    .select({ orderId: transactions.orderId })
    .from(entitlements)
    .innerJoin(transactions, eq(transactions.id, entitlements.transactionId))
    .where(eq(entitlements.submissionId, submissionId));
  expect(row).toBeDefined();
  return row!.orderId;
}

describe("downloads with credits and Infinity, as the buyer sees them", () => {
  it("lists a credit download as its credits and an Infinity download as Infinity, never as a price", async () => {
    const { jar, id } = await signedInBuyer();
    await grantCredits(services.db, {
      userId: id,
      source: "pack",
      sourceRef: `test:${crypto.randomUUID()}`,
      credits: 10,
      valueCents: 7900,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    });
    const withCredits = await photo("Falaise aux crédits");
    await downloadWithCredits(services.db, id, withCredits.id);
    const subscription = await createPendingSubscription(services.db, {
      userId: id,
      planId: "infinity",
      interval: "month",
      provider: "test",
    });
    await recordSubscriptionPayment(services.db, {
      subscriptionId: subscription.id,
      invoiceRef: `in_${subscription.id}_1`,
    });
    const withInfinity = await photo("Lagune en Infinity");
    await downloadWithInfinity(services.db, id, withInfinity.id);
    // The lines still record the sellers' share (a few cents): the buyer must not see it as paid.
    const shares = await services.db
      .select({ amountCents: transactions.amountCents })
      .from(transactions)
      .where(eq(transactions.buyerId, id));
    expect(shares.every((line) => line.amountCents > 0)).toBe(true);

    for (const [lang, credits, infinity] of [
      ["fr", "2 crédits", "Infinity"],
      ["en", "2 credits", "Infinity"],
    ] as const) {
      const purchases = await page(`/${lang}/buyer-dashboard?tab=purchases`, jar);
      expect(purchases).toMatch(new RegExp(`Falaise aux crédits .*?${credits}`));
      expect(purchases).toMatch(new RegExp(`Lagune en Infinity .*?${infinity}`));
      expect(purchases).not.toMatch(/0[,.]\d\d\s?€|€\s?0\.\d\d/);
    }

    const creditReceipt = await page(`/fr/receipts/${await orderOf(withCredits.id)}`, jar);
    expect(creditReceipt).toContain("Falaise aux crédits");
    expect(creditReceipt).toContain("payé avec vos crédits");
    expect(creditReceipt).toContain("Total payé : 2 crédits");
    const infinityReceipt = await page(`/en/receipts/${await orderOf(withInfinity.id)}`, jar);
    expect(infinityReceipt).toContain("included in your Infinity subscription");
    expect(infinityReceipt).toContain("Total paid: Included in Infinity");
    for (const receipt of [creditReceipt, infinityReceipt]) {
      expect(receipt).not.toMatch(/0[,.]0[1-9]\s?€|€\s?0\.0[1-9]/);
    }
  });

  it("a pack's payment page says what is bought, and its result page what was added", async () => {
    const { jar } = await signedInBuyer();
    const start = await postForm(
      app,
      "/fr/credits",
      { intent: "buy-pack", packId: "pack-20" },
      { cookies: jar },
    );
    const sessionId = /\/test-pay\/(cs_test_[0-9a-f]+)/.exec(start.headers.get("location")!)![1]!;
    const payPage = await page(`/test-pay/${sessionId}?lang=fr`, jar);
    expect(payPage).toContain("Pack de 20 crédits");
    const paid = await payWithCard(app, jar, sessionId, "4242424242424242");
    expect(paid.status).toBe(302);
    const result = await page(paid.headers.get("location")!, jar);
    expect(result).toContain("20 crédits ajoutés à votre compte.");
    expect(result).toContain("Nouveau solde : 20 crédits");
  });

  it("Infinity's payment page names the subscription, and its result page says until when it runs", async () => {
    const { jar } = await signedInBuyer();
    const start = await postForm(
      app,
      "/en/credits",
      { intent: "subscribe", planId: "infinity", billing: "month" },
      { cookies: jar },
    );
    expect(start.status).toBe(302);
    const sessionId = /\/test-pay\/(cs_test_[0-9a-f]+)/.exec(start.headers.get("location")!)![1]!;
    const payPage = await page(`/test-pay/${sessionId}?lang=en`, jar);
    expect(payPage).toContain("Infinity subscription (monthly)");
    const paid = await payWithCard(app, jar, sessionId, "4242424242424242");
    const location = paid.headers.get("location")!.replace("lang=fr", "lang=en");
    const result = await page(location, jar);
    expect(result).toMatch(
      /Infinity is active until \w+ \d{1,2}, \d{4}\.|Infinity is active until \d{1,2} \w+ \d{4}\./,
    );
  });
});
