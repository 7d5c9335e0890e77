import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/app.server";
import { creditGrants, creditSettings, entitlements, subscriptions } from "~/modules/db/schema";
import {
  CreditError,
  creditBalance,
  downloadWithCredits,
  downloadWithInfinity,
  grantCredits,
  refundSpend,
} from "~/modules/credits/ledger.server";
import {
  createPendingSubscription,
  recordSubscriptionPayment,
} from "~/modules/credits/subscriptions.server";
import { creditSpends } from "~/modules/db/schema";
import { signedInAs } from "../support/accounts";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { testApp, type TestApp } from "../support/test-app";

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
  return (await viewerByEmail(services, account.email, "client")).id;
}

async function photos(n: number) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    rows.push((await makeSubmission(services, sellerId, { status: "approved" })).submission);
  }
  return rows;
}

const day = 24 * 3600 * 1000;

async function grant(userId: string, credits: number, expiresAt: Date, createdAt?: Date) {
  await grantCredits(services.db, {
    userId,
    source: "pack",
    sourceRef: `test:${crypto.randomUUID()}`,
    credits,
    valueCents: credits * 790,
    expiresAt,
  });
  if (createdAt) {
    await services.db
      .update(creditGrants)
      .set({ createdAt })
      .where(eq(creditGrants.expiresAt, expiresAt));
  }
}

function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (error: unknown) => (error instanceof CreditError ? error.code : String(error)),
  );
}

describe("credits ledger", () => {
  it("20 parallel photo downloads with credits for 5 give exactly 5, never below zero", async () => {
    const userId = await buyer();
    await grant(userId, 10, new Date(Date.now() + 365 * day));
    const items = await photos(20);
    const results = await Promise.allSettled(
      items.map((item) => downloadWithCredits(services.db, userId, item.id)),
    );
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result) => result.status === "rejected");
    expect(won).toHaveLength(5);
    for (const result of lost) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(CreditError);
      expect((result as PromiseRejectedResult).reason.code).toBe("insufficientCredits");
    }
    expect(await creditBalance(services.db, userId)).toBe(0);
    const rows = await services.db
      .select()
      .from(creditGrants)
      .where(eq(creditGrants.userId, userId));
    expect(rows.every((row) => row.remaining >= 0)).toBe(true);
    const owned = await services.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.buyerId, userId));
    expect(owned).toHaveLength(5);
    expect(owned.every((row) => row.source === "credits" && row.licenceId === "standard")).toBe(
      true,
    );
    expect(new Set(owned.map((row) => row.certificateNumber)).size).toBe(5);
  });

  it("an expired grant is not spendable and is not in the balance", async () => {
    const userId = await buyer();
    await grant(userId, 10, new Date(Date.now() - 1000));
    expect(await creditBalance(services.db, userId)).toBe(0);
    const [item] = await photos(1);
    expect(await refusal(downloadWithCredits(services.db, userId, item!.id))).toBe(
      "insufficientCredits",
    );
    // It expires between grant and spend: a grant valid now is refused a second later.
    const [other] = await photos(1);
    const soon = new Date(Date.now() + 60_000);
    await grant(userId, 10, soon);
    expect(await creditBalance(services.db, userId)).toBe(10);
    expect(
      await refusal(
        downloadWithCredits(services.db, userId, other!.id, new Date(soon.getTime() + 1)),
      ),
    ).toBe("insufficientCredits");
  });

  it("spends the oldest grant first, and a refund gives the credits back", async () => {
    const userId = await buyer();
    const older = new Date(Date.now() + 300 * day);
    const newer = new Date(Date.now() + 30 * day);
    await grant(userId, 3, older, new Date(Date.now() - 10 * day));
    await grant(userId, 10, newer);
    const [a, b] = await photos(2);
    await downloadWithCredits(services.db, userId, a!.id);
    await downloadWithCredits(services.db, userId, b!.id);
    const rows = await services.db
      .select()
      .from(creditGrants)
      .where(eq(creditGrants.userId, userId));
    expect(rows.find((row) => row.expiresAt.getTime() === older.getTime())!.remaining).toBe(0);
    expect(rows.find((row) => row.expiresAt.getTime() === newer.getTime())!.remaining).toBe(9);
    expect(await creditBalance(services.db, userId)).toBe(9);
    const [spend] = await services.db
      .select()
      .from(creditSpends)
      .where(eq(creditSpends.submissionId, b!.id));
    expect(await refundSpend(services.db, spend!.id)).toBe(true);
    expect(await refundSpend(services.db, spend!.id)).toBe(false);
    expect(await creditBalance(services.db, userId)).toBe(11);
  });

  it("charges the admins' cost per kind and refuses a second copy of an owned item", async () => {
    const userId = await buyer();
    await grant(userId, 40, new Date(Date.now() + day));
    const { submission: video } = await makeSubmission(services, sellerId, {
      status: "approved",
      kind: "video",
    });
    const first = await downloadWithCredits(services.db, userId, video.id);
    expect(first.credits).toBe(25);
    expect(first.balance).toBe(15);
    expect(await refusal(downloadWithCredits(services.db, userId, video.id))).toBe("alreadyOwned");
    const { submission: draft } = await makeSubmission(services, sellerId, { status: "draft" });
    expect(await refusal(downloadWithCredits(services.db, userId, draft.id))).toBe("notFound");
  });
});

describe("subscriptions", () => {
  it("a renewal delivered twice extends the period and grants the plan's credits once", async () => {
    const userId = await buyer();
    const subscription = await createPendingSubscription(services.db, {
      userId,
      planId: "plan-30",
      interval: "month",
      provider: "test",
    });
    expect(
      (
        await recordSubscriptionPayment(services.db, {
          subscriptionId: subscription.id,
          invoiceRef: `in_${subscription.id}_1`,
        })
      ).applied,
    ).toBe(true);
    expect(await creditBalance(services.db, userId)).toBe(30);
    const renewal = { subscriptionId: subscription.id, invoiceRef: `in_${subscription.id}_2` };
    const twice = await Promise.all([
      recordSubscriptionPayment(services.db, renewal),
      recordSubscriptionPayment(services.db, renewal),
    ]);
    expect(twice.filter((result) => result.applied)).toHaveLength(1);
    expect(await creditBalance(services.db, userId)).toBe(60);
    const [row] = await services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(row!.status).toBe("active");
    const months = (row!.currentPeriodEnd!.getTime() - row!.createdAt.getTime()) / (30 * day);
    expect(months).toBeGreaterThan(1.8);
    expect(months).toBeLessThan(2.2);
  });

  it("Infinity downloads need no credits and hold the daily limit under parallel requests", async () => {
    const userId = await buyer();
    const items = await photos(8);
    expect(await refusal(downloadWithInfinity(services.db, userId, items[0]!.id))).toBe(
      "noInfinity",
    );
    const subscription = await createPendingSubscription(services.db, {
      userId,
      planId: "infinity",
      interval: "month",
      provider: "test",
    });
    await recordSubscriptionPayment(services.db, {
      subscriptionId: subscription.id,
      invoiceRef: `in_${subscription.id}_1`,
    });
    await services.db
      .insert(creditSettings)
      .values({ id: 1, infinityDailyLimit: 3 })
      .onConflictDoUpdate({ target: creditSettings.id, set: { infinityDailyLimit: 3 } });
    try {
      const results = await Promise.allSettled(
        items.map((item) => downloadWithInfinity(services.db, userId, item.id)),
      );
      const won = results.filter((result) => result.status === "fulfilled");
      expect(won).toHaveLength(3);
      for (const result of results) {
        if (result.status === "rejected") expect(result.reason.code).toBe("dailyLimit");
      }
      expect(await creditBalance(services.db, userId)).toBe(0);
    } finally {
      await services.db
        .update(creditSettings)
        .set({ infinityDailyLimit: 50 })
        .where(eq(creditSettings.id, 1));
    }
  });
});
