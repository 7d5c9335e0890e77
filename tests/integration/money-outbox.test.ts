import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import {
  earningsLedger,
  entitlements,
  jobs,
  mailOutbox,
  orders,
  payouts,
  testConnectAccounts,
  testProviderObjects,
  transactions,
} from "~/modules/db/schema";
import { testEvent } from "~/modules/payments/test-provider.server";
import { receiveWebhook } from "~/modules/payments/webhooks.server";
import { refreshAccount, startOnboarding } from "~/modules/payouts/payout-accounts.server";
import { recordSale } from "../support/commerce";
import { drainJobs } from "../support/jobs";
import { signedInPerson, type SignedInPerson } from "../support/payouts";
import { makeSubmission } from "../support/studio";
import { testApp, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
});

/** Takes a seller's account through the test provider's onboarding, as its page does. */
async function activate(seller: SignedInPerson) {
  await startOnboarding(services, seller.viewer, { type: "express" }, "fr");
  await services.db
    .update(testConnectAccounts)
    .set({ detailsSubmitted: true, verified: true, bankAccount: "FR7630006000011234567890189" })
    .where(eq(testConnectAccounts.userId, seller.id));
  await refreshAccount(services, seller.id);
}

/** The mail server refuses every message until `recover` is called (the network edge). */
function mailServerDown() {
  const send = services.mailer.send;
  let refused = 0;
  services.mailer.send = async () => {
    refused += 1;
    throw new Error("421 4.3.2 Service not available");
  };
  return {
    refused: () => refused,
    recover: () => {
      services.mailer.send = send;
    },
  };
}

/** The same signed event, delivered `times` times at once, as a provider retrying would. */
async function deliverInParallel(event: { body: string; headers: Headers }, times: number) {
  const responses = await Promise.all(
    Array.from({ length: times }, () =>
      receiveWebhook(services, "test", event.body, event.headers),
    ),
  );
  return Promise.all(
    responses.map(async (response) => ({
      status: response.status,
      ...((await response.json()) as { duplicate: boolean }),
    })),
  );
}

describe("money side effects queued with the payment", () => {
  it("with a mail server that refuses everything: paid once, seller paid once, receipt sent once it recovers, 20 duplicate deliveries change nothing", async () => {
    const seller = await signedInPerson(app, "creator");
    const buyer = await signedInPerson(app, "client");
    await activate(seller);
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      priceCents: 2_000,
    });
    const sale = await recordSale(services, buyer.id, submission, {
      status: "pending",
      withEntitlement: false,
    });
    const [order] = await services.db.select().from(orders).where(eq(orders.id, sale.orderId));
    const paymentId = `pi_test_${randomUUID().slice(0, 12)}`;
    const event = testEvent(
      services.secret,
      "checkout.session.completed",
      { sessionId: order!.providerSessionId!, paymentId },
      { id: `evt_test_${randomUUID()}` },
    );
    const mail = mailServerDown();
    try {
      // The payment is acknowledged as soon as its facts are committed, whatever the mail does.
      const first = await deliverInParallel(event, 20);
      expect(first.every((answer) => answer.status === 200)).toBe(true);
      expect(first.filter((answer) => !answer.duplicate)).toHaveLength(1);
      await drainJobs(services);
      expect(mail.refused()).toBeGreaterThan(0);

      // The seller was paid although no e-mail could go.
      const sellerPayouts = await services.db
        .select()
        .from(payouts)
        .where(eq(payouts.sellerId, seller.id));
      expect(sellerPayouts).toHaveLength(1);
      expect(sellerPayouts[0]).toMatchObject({ status: "paid", amountCents: 2_975 });
      // The e-mails wait for their retry, with the server's answer.
      const waiting = await services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "mail.send"), eq(jobs.status, "queued")));
      expect(waiting.length).toBeGreaterThanOrEqual(2);
      expect(waiting.every((job) => job.lastError === "421 4.3.2 Service not available")).toBe(
        true,
      );
      expect(
        await services.db
          .select()
          .from(mailOutbox)
          .where(inArray(mailOutbox.to, [buyer.email, seller.email])),
      ).toHaveLength(0);

      // The mail server is back; the retries fall due.
      mail.recover();
      await services.db
        .update(jobs)
        .set({ runAfter: sql`now()` })
        .where(and(eq(jobs.type, "mail.send"), eq(jobs.status, "queued")));
      services.worker!.wake();
      await drainJobs(services);

      // The provider keeps retrying the same event: 20 more deliveries at once.
      const again = await deliverInParallel(event, 20);
      expect(again.every((answer) => answer.status === 200 && answer.duplicate)).toBe(true);
      await drainJobs(services);
    } finally {
      mail.recover();
    }

    const lines = await services.db
      .select()
      .from(transactions)
      .where(eq(transactions.orderId, sale.orderId));
    expect(lines.map((line) => line.status)).toEqual(["succeeded"]);
    expect(
      await services.db.select().from(entitlements).where(eq(entitlements.buyerId, buyer.id)),
    ).toHaveLength(1);
    expect(
      await services.db.select().from(earningsLedger).where(eq(earningsLedger.sellerId, seller.id)),
    ).toHaveLength(2);
    // One payout, one transfer at the provider.
    const [payout, ...more] = await services.db
      .select()
      .from(payouts)
      .where(eq(payouts.sellerId, seller.id));
    expect(more).toHaveLength(0);
    expect(
      await services.db
        .select()
        .from(testProviderObjects)
        .where(
          and(
            eq(testProviderObjects.kind, "transfer"),
            eq(testProviderObjects.target, payout!.accountId),
          ),
        ),
    ).toHaveLength(1);
    const receipts = await services.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, buyer.email));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("42,00");
    expect(
      await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, seller.email)),
    ).toHaveLength(1);
  });
});
