import { and, eq, gte, inArray, lt } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import {
  earningsLedger,
  entitlements,
  mailOutbox,
  orders,
  payoutAccounts,
  payouts,
  testConnectAccounts,
  testProviderObjects,
  transactions,
} from "~/modules/db/schema";
import { createTestConnectProvider } from "~/modules/payouts/connect-provider.server";
import { monthBounds, monthlyStatement, sellerBalance } from "~/modules/payouts/ledger.server";
import { refreshAccount, startOnboarding } from "~/modules/payouts/payout-accounts.server";
import { payOutSeller } from "~/modules/payouts/payouts.server";
import { deliver, paidSale, signedInPerson, type SignedInPerson } from "../support/payouts";
import { makeSubmission } from "../support/studio";
import { testApp, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
});

async function item(sellerId: string, priceCents = 2_000) {
  return (await makeSubmission(services, sellerId, { status: "approved", priceCents })).submission;
}

async function ledgerOf(sellerId: string) {
  return services.db.select().from(earningsLedger).where(eq(earningsLedger.sellerId, sellerId));
}

async function entitlementOf(transactionId: string) {
  const [row] = await services.db
    .select()
    .from(entitlements)
    .where(eq(entitlements.transactionId, transactionId));
  return row;
}

/** Takes a seller's account through the test provider's onboarding, as its page does. */
async function activate(seller: SignedInPerson, bank = "FR7630006000011234567890189") {
  await startOnboarding(services, seller.viewer, { type: "express" }, "fr");
  await services.db
    .update(testConnectAccounts)
    .set({ detailsSubmitted: true, verified: true, bankAccount: bank })
    .where(eq(testConnectAccounts.userId, seller.id));
  return refreshAccount(services, seller.id);
}

describe("earnings ledger", () => {
  it("credits the seller's share once at fulfilment, however many times the payment is reported", async () => {
    const seller = await signedInPerson(app, "creator");
    const buyer = await signedInPerson(app, "client");
    // 20 € + extended licence 45 € = 65 €; commission 15 % = 9,75 €; share 55,25 €.
    const sale = await paidSale(services, buyer.id, await item(seller.id), {
      licenceId: "extended",
    });
    expect(
      await deliver(
        services,
        "checkout.session.completed",
        { sessionId: sale.sessionId, paymentId: sale.paymentId },
        sale.eventId,
      ),
    ).toMatchObject({ duplicate: true });
    // Another delivery with a new event id: fulfilment's guard makes it a no-op too.
    await deliver(services, "checkout.session.completed", {
      sessionId: sale.sessionId,
      paymentId: sale.paymentId,
    });
    const ledger = await ledgerOf(seller.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      kind: "sale",
      amountCents: 5_525,
      transactionId: sale.transaction.id,
    });
    expect(await sellerBalance(services.db, seller.id)).toBe(5_525);
    expect(await entitlementOf(sale.transaction.id)).toBeTruthy();
  });

  it("keeps the money waiting for a seller without an active account, and pays it out on activation", async () => {
    const seller = await signedInPerson(app, "creator");
    const buyer = await signedInPerson(app, "client");
    await paidSale(services, buyer.id, await item(seller.id, 1_000));
    // 10 + 15 = 25 €; share 21,25 €.
    expect(await sellerBalance(services.db, seller.id)).toBe(2_125);
    expect(await payOutSeller(services, seller.id)).toBeNull();
    await startOnboarding(services, seller.viewer, { type: "express" }, "fr");
    expect(await payOutSeller(services, seller.id)).toBeNull();
    const account = await activate(seller);
    expect(account).toMatchObject({ chargesEnabled: true, payoutsEnabled: true });
    const [payout] = await services.db
      .select()
      .from(payouts)
      .where(eq(payouts.sellerId, seller.id));
    expect(payout).toMatchObject({ status: "paid", amountCents: 2_125 });
    expect(payout!.providerTransferId).toMatch(/^tr_test_/);
    expect(await sellerBalance(services.db, seller.id)).toBe(0);

    // The next sale is paid out at once.
    await paidSale(services, buyer.id, await item(seller.id, 1_000));
    const all = await services.db.select().from(payouts).where(eq(payouts.sellerId, seller.id));
    expect(all.map((row) => row.status)).toEqual(["paid", "paid"]);
    expect(await sellerBalance(services.db, seller.id)).toBe(0);
  });

  it("gives a failed transfer back to the balance, with its reason", async () => {
    const seller = await signedInPerson(app, "creator");
    const buyer = await signedInPerson(app, "client");
    await paidSale(services, buyer.id, await item(seller.id, 1_000));
    await activate(seller, "FR7630006000019999999999904");
    const [payout] = await services.db
      .select()
      .from(payouts)
      .where(eq(payouts.sellerId, seller.id));
    expect(payout).toMatchObject({ status: "failed", failureCode: "account_closed" });
    expect(await sellerBalance(services.db, seller.id)).toBe(2_125);
    const kinds = (await ledgerOf(seller.id)).map((row) => row.kind).sort();
    expect(kinds).toEqual(["payout", "payout_failed", "sale"]);
  });
});

describe("concurrent payouts", () => {
  it("pays a balance once when 10 payouts are asked at the same time", async () => {
    const seller = await signedInPerson(app, "creator");
    const buyer = await signedInPerson(app, "client");
    await startOnboarding(services, seller.viewer, { type: "express" }, "fr");
    await paidSale(services, buyer.id, await item(seller.id, 1_000));
    // Activated behind payOutSeller's back, so that the parallel calls below do the paying.
    await services.db
      .update(testConnectAccounts)
      .set({ detailsSubmitted: true, verified: true, bankAccount: "FR7630006000011234567890189" })
      .where(eq(testConnectAccounts.userId, seller.id));
    await services.db
      .update(payoutAccounts)
      .set({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true })
      .where(eq(payoutAccounts.userId, seller.id));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => payOutSeller(services, seller.id)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await services.db.select().from(payouts).where(eq(payouts.sellerId, seller.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "paid", amountCents: 2_125 });
    expect(await sellerBalance(services.db, seller.id)).toBe(0);
  });
});

describe("refunds", () => {
  it("removes the download and reverses the seller's share exactly once when the refund event arrives twice", async () => {
    const seller = await signedInPerson(app, "creator");
    const buyer = await signedInPerson(app, "client");
    const sale = await paidSale(services, buyer.id, await item(seller.id));
    const refundId = `evt_refund_${sale.transaction.id}`;
    const data = { sessionId: sale.sessionId, paymentId: sale.paymentId };
    await deliver(services, "charge.refunded", data, refundId);
    expect(await deliver(services, "charge.refunded", data, refundId)).toMatchObject({
      duplicate: true,
    });
    // A second refund event with its own id changes nothing either.
    await deliver(services, "charge.refunded", data);
    const entitlement = await entitlementOf(sale.transaction.id);
    expect(entitlement!.revokedAt).not.toBeNull();
    const ledger = await ledgerOf(seller.id);
    expect(ledger.map((row) => [row.kind, row.amountCents]).sort()).toEqual([
      ["refund", -2_975],
      ["sale", 2_975],
    ]);
    expect(await sellerBalance(services.db, seller.id)).toBe(0);
    const [line] = await services.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, sale.transaction.id));
    expect(line!.status).toBe("refunded");
    const [order] = await services.db.select().from(orders).where(eq(orders.id, sale.orderId));
    expect(order!.status).toBe("refunded");
    // The buyer and the seller are told once each.
    const mails = await services.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [buyer.email, seller.email]));
    expect(mails.filter((mail) => /Remboursement|remboursée/.test(mail.subject))).toHaveLength(2);
  });

  it("applies a refund that arrives before the payment event: no download, no share left", async () => {
    const seller = await signedInPerson(app, "creator");
    const buyer = await signedInPerson(app, "client");
    const { recordSale } = await import("../support/commerce");
    const sale = await recordSale(services, buyer.id, await item(seller.id), {
      status: "pending",
      withEntitlement: false,
    });
    const [order] = await services.db.select().from(orders).where(eq(orders.id, sale.orderId));
    const paymentId = `pi_test_early_${sale.orderId.slice(0, 8)}`;
    await deliver(services, "charge.refunded", { sessionId: "", paymentId });
    await deliver(services, "charge.refunded", { sessionId: "", paymentId });
    expect(await ledgerOf(seller.id)).toHaveLength(0);
    await deliver(services, "checkout.session.completed", {
      sessionId: order!.providerSessionId!,
      paymentId,
    });
    const entitlement = await entitlementOf(sale.transaction.id);
    expect(entitlement!.revokedAt).not.toBeNull();
    const ledger = await ledgerOf(seller.id);
    expect(ledger.map((row) => row.kind).sort()).toEqual(["refund", "sale"]);
    expect(await sellerBalance(services.db, seller.id)).toBe(0);
    const [after] = await services.db.select().from(orders).where(eq(orders.id, sale.orderId));
    expect(after!.status).toBe("refunded");
  });

  it("suspends the downloads of a disputed order until the dispute is won", async () => {
    const seller = await signedInPerson(app, "creator");
    const buyer = await signedInPerson(app, "client");
    const sale = await paidSale(services, buyer.id, await item(seller.id));
    const { handlePaymentEvent } = await import("~/modules/commerce/fulfilment.server");
    await handlePaymentEvent(services, "test", {
      eventId: `evt_dispute_${sale.orderId}`,
      type: "dispute.opened",
      sessionId: null,
      paymentId: sale.paymentId,
      payload: {},
    });
    expect((await entitlementOf(sale.transaction.id))!.suspendedReason).toBe("dispute");
    await handlePaymentEvent(services, "test", {
      eventId: `evt_dispute_won_${sale.orderId}`,
      type: "dispute.closed",
      sessionId: null,
      paymentId: sale.paymentId,
      disputeLost: false,
      payload: {},
    });
    expect((await entitlementOf(sale.transaction.id))!.suspendedReason).toBeNull();
  });
});

describe("the test provider's idempotency", () => {
  it("gives back the same transfer and the same refund for a retried key", async () => {
    const seller = await signedInPerson(app, "creator");
    await activate(seller);
    const [account] = await services.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, seller.id));
    const provider = createTestConnectProvider({ db: services.db, baseUrl: "http://localhost" });
    const input = { amountCents: 1_000, destination: account!.accountId, payoutId: "p1" };
    const first = await provider.createTransfer(input, `payout-retry-${seller.id}`);
    const second = await provider.createTransfer(input, `payout-retry-${seller.id}`);
    expect(second.id).toBe(first.id);
    const refundInput = { paymentId: "pi_x", amountCents: 500, orderId: "o" };
    const r1 = await provider.createRefund(refundInput, `refund-retry-${seller.id}`);
    const r2 = await provider.createRefund(refundInput, `refund-retry-${seller.id}`);
    expect(r2.id).toBe(r1.id);
    const rows = await services.db
      .select()
      .from(testProviderObjects)
      .where(
        inArray(testProviderObjects.idempotencyKey, [
          `payout-retry-${seller.id}`,
          `refund-retry-${seller.id}`,
        ]),
      );
    expect(rows).toHaveLength(2);
  });
});

describe("monthly figures", () => {
  it("ledger sums equal transaction sums for a seeded month", async () => {
    const sellers = [await signedInPerson(app, "creator"), await signedInPerson(app, "creator")];
    const buyer = await signedInPerson(app, "client");
    const sales = [];
    const licences = ["standard", "extended", "exclusive"] as const;
    let n = 0;
    for (const seller of sellers) {
      for (const price of [0, 399, 1_000, 6_000, 12_345]) {
        const licenceId = licences[n++ % licences.length]!;
        const commissionBps = n % 2 === 0 ? 1500 : 2250;
        sales.push(
          await paidSale(services, buyer.id, await item(seller.id, price), {
            licenceId,
            commissionBps,
          }),
        );
      }
    }
    // Refund three of them, one twice.
    for (const sale of [sales[1]!, sales[4]!, sales[7]!, sales[4]!]) {
      await deliver(services, "charge.refunded", {
        sessionId: sale.sessionId,
        paymentId: sale.paymentId,
      });
    }
    // One sale of an earlier month must stay out of this month's figures.
    const { start, end } = monthBounds(new Date().toISOString().slice(0, 7));
    const old = sales[9]!;
    const lastMonth = new Date(start.getTime() - 86_400_000);
    await services.db
      .update(earningsLedger)
      .set({ createdAt: lastMonth })
      .where(eq(earningsLedger.transactionId, old.transaction.id));
    await services.db
      .update(transactions)
      .set({ createdAt: lastMonth, succeededAt: lastMonth })
      .where(eq(transactions.id, old.transaction.id));

    const month = start.toISOString().slice(0, 7);
    let ledgerNet = 0;
    for (const seller of sellers) {
      const lines = await services.db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.sellerId, seller.id),
            inArray(transactions.status, ["succeeded", "refunded"]),
            gte(transactions.succeededAt, start),
            lt(transactions.succeededAt, end),
          ),
        );
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      const statement = await monthlyStatement(services.db, seller.id, month);
      expect(statement.salesCents).toBe(sum(lines.map((line) => line.amountCents)));
      expect(statement.commissionCents).toBe(sum(lines.map((line) => line.commissionCents)));
      expect(statement.sharesCents).toBe(sum(lines.map((line) => line.sellerShareCents)));
      expect(statement.salesCents).toBe(statement.commissionCents + statement.sharesCents);
      const refunded = lines.filter((line) => line.status === "refunded");
      expect(statement.refundsCents).toBe(-sum(refunded.map((line) => line.sellerShareCents)));
      const kept = lines.filter((line) => line.status === "succeeded");
      expect(statement.netCents).toBe(sum(kept.map((line) => line.sellerShareCents)));
      ledgerNet += statement.netCents;
    }
    expect(ledgerNet).toBeGreaterThan(0);
    // The month holds 9 of the 10 sales: the moved one is counted in the previous month only.
    const previous = await monthlyStatement(
      services.db,
      sellers[1]!.id,
      lastMonth.toISOString().slice(0, 7),
    );
    expect(previous.sharesCents).toBe(old.transaction.sellerShareCents);
  });
});
