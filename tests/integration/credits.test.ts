import { pdfPages } from "../support/pdf-text";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
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
import {
  earningsLedger,
  mailOutbox,
  orders,
  profiles,
  subscriptionInvoices,
  transactions,
  user,
} from "~/modules/db/schema";
import { testEvent } from "~/modules/payments/test-provider.server";
import { receiveWebhook } from "~/modules/payments/webhooks.server";
import { signedInAs } from "../support/accounts";
import { flashKey, payWithCard } from "../support/checkout";
import type { CookieJar } from "../support/test-app";
import { postForm } from "../support/test-app";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { testApp, type TestApp } from "../support/test-app";
import { drainJobs } from "../support/jobs";

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

  it("credits the seller's share of a credit download in the earnings ledger, and reverses it on refund", async () => {
    const userId = await buyer();
    await grant(userId, 10, new Date(Date.now() + 30 * day));
    const [photo] = await photos(1);
    await downloadWithCredits(services.db, userId, photo!.id);
    const [line] = await services.db
      .select()
      .from(transactions)
      .where(eq(transactions.submissionId, photo!.id));
    const ledger = () =>
      services.db
        .select({ kind: earningsLedger.kind, amountCents: earningsLedger.amountCents })
        .from(earningsLedger)
        .where(eq(earningsLedger.transactionId, line!.id));
    expect(line!.sellerShareCents).toBeGreaterThan(0);
    expect(await ledger()).toEqual([{ kind: "sale", amountCents: line!.sellerShareCents }]);

    const [spend] = await services.db
      .select()
      .from(creditSpends)
      .where(eq(creditSpends.submissionId, photo!.id));
    expect(await refundSpend(services.db, spend!.id)).toBe(true);
    expect(await refundSpend(services.db, spend!.id)).toBe(false);
    expect(await ledger()).toEqual(
      expect.arrayContaining([
        { kind: "sale", amountCents: line!.sellerShareCents },
        { kind: "refund", amountCents: -line!.sellerShareCents },
      ]),
    );
    expect(await ledger()).toHaveLength(2);
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
      // Each seller gets the month's price over the fair-use allowance (limit × days).
      const [invoice] = await services.db
        .select()
        .from(subscriptionInvoices)
        .where(eq(subscriptionInvoices.subscriptionId, subscription.id));
      const days = Math.round(
        (invoice!.periodEnd.getTime() - invoice!.periodStart.getTime()) / day,
      );
      const sales = await services.db
        .select()
        .from(transactions)
        .where(eq(transactions.buyerId, userId));
      expect(sales).toHaveLength(3);
      for (const sale of sales) {
        expect(sale.amountCents).toBe(Math.floor(8900 / (3 * days)));
        expect(sale.sellerId).toBe(sellerId);
      }
    } finally {
      await services.db
        .update(creditSettings)
        .set({ infinityDailyLimit: 50 })
        .where(eq(creditSettings.id, 1));
    }
  });
});

async function signedInBuyer() {
  const account = await signedInAs(app, "client");
  const id = (await viewerByEmail(services, account.email, "client")).id;
  return { jar: account.jar, id };
}

/** Posts a credits form; returns the test provider's session id when it redirects there. */
async function startPurchase(jar: CookieJar, fields: Record<string, string>) {
  const response = await postForm(app, "/fr/credits", fields, { cookies: jar });
  expect(response.status).toBe(302);
  expect(flashKey(response)).toBe("credits.toast.redirecting");
  const match = /\/test-pay\/(cs_test_[0-9a-f]+)/.exec(response.headers.get("location")!);
  expect(match).not.toBeNull();
  return match![1]!;
}

describe("buying and spending through the site", () => {
  it("buys a 10-credit pack once (server price, VAT on top), then downloads a photo for 2", async () => {
    const { jar, id } = await signedInBuyer();
    const sessionId = await startPurchase(jar, {
      intent: "buy-pack",
      packId: "pack-10",
      priceCents: "1",
      credits: "9999",
    });
    const [order] = await services.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId));
    expect(order).toMatchObject({ subtotalCents: 7900, vatCents: 1580, totalCents: 9480 });
    const paid = await payWithCard(app, jar, sessionId, "4242424242424242");
    expect(paid.status).toBe(302);
    expect(await creditBalance(services.db, id)).toBe(10);
    // The provider delivers the completion again (another event id) and the same one again.
    for (const eventId of ["evt_again_1", "evt_again_1", "evt_again_2"]) {
      const event = testEvent(
        services.secret,
        "checkout.session.completed",
        { sessionId, paymentId: "pi_again" },
        { id: `${eventId}_${sessionId}` },
      );
      expect((await receiveWebhook(services, "test", event.body, event.headers)).status).toBe(200);
    }
    expect(await creditBalance(services.db, id)).toBe(10);
    const [grantRow] = await services.db
      .select()
      .from(creditGrants)
      .where(eq(creditGrants.userId, id));
    const yearAhead = grantRow!.expiresAt.getTime() - Date.now();
    expect(yearAhead).toBeGreaterThan(364 * day);
    expect(yearAhead).toBeLessThan(367 * day);

    const [photo] = await photos(1);
    const spent = await postForm(
      app,
      "/fr/credits",
      { intent: "spend-credits", submissionId: photo!.id, credits: "0" },
      { cookies: jar },
    );
    expect(spent.status).toBe(302);
    expect(flashKey(spent)).toBe("credits.toast.downloaded");
    expect(await creditBalance(services.db, id)).toBe(8);
    const [owned] = await services.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.buyerId, id));
    expect(owned).toMatchObject({ source: "credits", licenceId: "standard" });
    // The seller is credited the value of 2 of the 10 credits bought for 79 € (before VAT).
    const [sale] = await services.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, owned!.transactionId!));
    expect(sale).toMatchObject({
      sellerId,
      status: "succeeded",
      amountCents: 1580,
      commissionCents: 237,
      sellerShareCents: 1343,
    });
    const certificate = await app.fetch(`/fr/certificates/${owned!.certificateNumber}`, {
      cookies: jar,
    });
    expect(certificate.status).toBe(200);
    const dashboard = await app.fetch("/fr/buyer-dashboard?tab=credits", { cookies: jar });
    const html = await dashboard.text();
    expect(html).toContain("8 crédits");
    expect(html).toContain("reste 8");
  });

  it("subscribes to a plan: the first payment grants the month's credits; renewals grant once", async () => {
    const { jar, id } = await signedInBuyer();
    const sessionId = await startPurchase(jar, {
      intent: "subscribe",
      planId: "plan-30",
      billing: "year",
    });
    const [order] = await services.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId));
    expect(order!.subtotalCents).toBe(2076_00);
    await payWithCard(app, jar, sessionId, "4242424242424242");
    expect(await creditBalance(services.db, id)).toBe(30);
    const [subscription] = await services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, id));
    expect(subscription).toMatchObject({ status: "active", interval: "year", planId: "plan-30" });
    const renew = () =>
      postForm(
        app,
        "/fr/credits",
        {
          intent: "simulate-renewal",
          subscriptionId: subscription!.id,
          invoiceRef: "renewal-0001",
        },
        { cookies: jar },
      );
    expect((await renew()).status).toBe(302);
    expect((await renew()).status).toBe(302);
    expect(await creditBalance(services.db, id)).toBe(60);
    const cancel = await postForm(
      app,
      "/fr/credits",
      { intent: "cancel", subscriptionId: subscription!.id },
      { cookies: jar },
    );
    expect(flashKey(cancel)).toBe("credits.toast.canceled");
    const html = await (
      await app.fetch("/en/buyer-dashboard?tab=credits", { cookies: jar })
    ).text();
    expect(html).toContain("30 credits a month — ends on");
  });

  it("refuses visitors, strangers' subscriptions, unknown offers and non-admin settings", async () => {
    const visitor = await postForm(app, "/fr/credits", { intent: "buy-pack", packId: "pack-10" });
    expect(visitor.status).toBe(401);
    const owner = await signedInBuyer();
    const subscription = await createPendingSubscription(services.db, {
      userId: owner.id,
      planId: "plan-60",
      interval: "month",
      provider: "test",
    });
    await recordSubscriptionPayment(services.db, {
      subscriptionId: subscription.id,
      invoiceRef: `in_${subscription.id}`,
    });
    const stranger = await signedInBuyer();
    for (const intent of ["cancel", "simulate-renewal"]) {
      const response = await postForm(
        app,
        "/fr/credits",
        { intent, subscriptionId: subscription.id, invoiceRef: "stranger-0001" },
        { cookies: stranger.jar },
      );
      expect(response.status).toBe(404);
    }
    expect(await creditBalance(services.db, owner.id)).toBe(60);
    const unknown = await postForm(
      app,
      "/fr/credits",
      { intent: "buy-pack", packId: "pack-1" },
      { cookies: stranger.jar },
    );
    expect(flashKey(unknown)).toBe("credits.toast.unknownProduct");
    const [photo] = await photos(1);
    const broke = await postForm(
      app,
      "/fr/credits",
      { intent: "spend-credits", submissionId: photo!.id },
      { cookies: stranger.jar },
    );
    expect(flashKey(broke)).toBe("credits.errors.insufficientCredits");
    const infinityRefused = await postForm(
      app,
      "/fr/credits",
      { intent: "infinity-download", submissionId: photo!.id },
      { cookies: stranger.jar },
    );
    expect(flashKey(infinityRefused)).toBe("credits.errors.noInfinity");
    const settings = await postForm(
      app,
      "/fr/credits/settings",
      { photoCost: "1" },
      { cookies: stranger.jar },
    );
    expect(settings.status).toBe(403);
    const admin = await signedInAs(app, "admin");
    const page = await app.fetch("/en/credits/settings", { cookies: admin.jar });
    expect(await page.text()).toContain("Infinity daily limit");
    const bad = await postForm(
      app,
      "/fr/credits/settings",
      { ...currentSettings, photoCost: "0" },
      { cookies: admin.jar },
    );
    expect(bad.status).toBe(400);
    const saved = await postForm(
      app,
      "/fr/credits/settings",
      { ...currentSettings, ebookCost: "6" },
      { cookies: admin.jar },
    );
    expect(saved.status).toBe(302);
    const [row] = await services.db.select().from(creditSettings);
    expect(row).toMatchObject({ ebookCost: 6, photoCost: 2, infinityDailyLimit: 50 });
  });
});

const currentSettings = {
  photoCost: "2",
  illustrationCost: "2",
  vectorCost: "2",
  videoCost: "25",
  audioCost: "25",
  ebookCost: "5",
  infinityDailyLimit: "50",
};

/** The page's text with no-break spaces made plain (Intl uses them in French amounts). */
async function pageText(path: string) {
  return (await (await app.fetch(path)).text()).replace(/[\u00a0\u202f]/g, " ");
}

describe("pricing pages", () => {
  it("shows the packs, the plans with the yearly switch, and Infinity, in French and English", async () => {
    const fr = await pageText("/fr/packages-pricing");
    expect(fr).toContain("Packs de crédits et abonnements");
    expect(fr).toContain("79,00");
    expect(fr).toContain("2 999,00");
    expect(fr).toContain("206,00");
    expect(fr).toContain("Économisez 16%");
    const yearly = await pageText("/en/packages-pricing?billing=year");
    expect(yearly).toContain("€173.00 / month");
    expect(yearly).toContain("€923.00 / month");
    expect(yearly).toContain("Save 16%");
    expect(yearly).toContain("Best Value");
    expect(yearly).not.toMatch(/\$\s?\d/);
    const infinityEn = await pageText("/en/infinity?billing=year");
    expect(infinityEn).toContain("€79.00 / month");
    expect(infinityEn).toMatch(/Instead of[\s\S]{0,80}<s[^>]*>€99\.00<\/s>/);
    expect(infinityEn).toContain("Save 11%");
    const infinityFr = await pageText("/fr/infinity");
    expect(infinityFr).toContain("89,00");
    expect(infinityFr).toMatch(/Au lieu de[\s\S]{0,80}<s[^>]*>109,00 €<\/s>/);
    expect(infinityFr).toContain("Notre bibliothèque");
  });
});

describe("receipts for packs and subscription payments", () => {
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
  async function mailsTo(userId: string) {
    await drainJobs(services);
    const [row] = await services.db.select().from(user).where(eq(user.id, userId));
    return services.db.select().from(mailOutbox).where(eq(mailOutbox.to, row!.email));
  }

  it("a pack's receipt says what was bought, with its VAT line, by e-mail and on its page, in both languages", async () => {
    const { jar, id } = await signedInBuyer();
    const sessionId = await startPurchase(jar, { intent: "buy-pack", packId: "pack-10" });
    await payWithCard(app, jar, sessionId, "4242424242424242");
    const [order] = await services.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId));
    const [mail] = await mailsTo(id);
    expect(mail!.subject).toBe("Votre reçu Vitrine — Pack de 10 crédits");
    expect(plain(mail!.text)).toContain(
      "Pack de 10 crédits : 79,00 € (5 photos · 0 vidéo · 5 vecteurs · 0 audio · 5 images IA · crédits valables un an)",
    );
    expect(plain(mail!.text)).toContain("TVA (20 %) 15,80 €, total payé 94,80 €");
    expect(mail!.text).toContain(`/fr/receipts/${order!.id}`);

    const fr = plain(await (await app.fetch(`/fr/receipts/${order!.id}`, { cookies: jar })).text());
    expect(fr).toContain("Pack de 10 crédits");
    expect(fr).toContain("crédits valables un an");
    expect(fr).toContain("TVA (20 %) : 15,80 €");
    expect(fr).toContain("Total payé : 94,80 €");
    const en = plain(await (await app.fetch(`/en/receipts/${order!.id}`, { cookies: jar })).text());
    expect(en).toContain("10-credit pack");
    expect(en).toContain("5 photos · 0 videos · 5 vectors · 0 audio tracks · 5 AI images");
    expect(en).toContain("VAT (20%): €15.80");
    const pdf = await app.fetch(`/en/receipts/${order!.id}/pdf`, { cookies: jar });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const pdfText = (await pdfPages(new Uint8Array(await pdf.arrayBuffer()))).join("\n");
    expect(pdfText).toContain("10-credit pack");
  });

  it("each subscription payment has its receipt (period, VAT), listed on the credits tab; strangers get 404", async () => {
    const { jar, id } = await signedInBuyer();
    const sessionId = await startPurchase(jar, {
      intent: "subscribe",
      planId: "plan-30",
      billing: "month",
    });
    await payWithCard(app, jar, sessionId, "4242424242424242");
    const [subscription] = await services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, id));
    // The subscriber reads e-mails in English.
    await services.db.update(profiles).set({ locale: "en" }).where(eq(profiles.userId, id));
    await postForm(
      app,
      "/fr/credits",
      { intent: "simulate-renewal", subscriptionId: subscription!.id, invoiceRef: "receipt-0001" },
      { cookies: jar },
    );
    const mails = await mailsTo(id);
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        "Votre reçu Vitrine — Abonnement 30 crédits par mois (mensuel)",
        "Your Vitrine receipt — Subscription: 30 credits a month (monthly)",
      ]),
    );
    const renewalMail = mails.find((mail) => mail.subject.startsWith("Your Vitrine receipt"))!;
    expect(plain(renewalMail.text)).toMatch(/Period from \d+ \w+ \d{4} to \d+ \w+ \d{4}/);
    expect(plain(renewalMail.text)).toContain("VAT (20%) €41.20");

    const tab = plain(
      await (await app.fetch("/fr/buyer-dashboard?tab=credits", { cookies: jar })).text(),
    );
    const links = [...tab.matchAll(/href="\/fr\/receipts\/subscriptions\/([0-9a-f-]{36})"/g)].map(
      (match) => match[1]!,
    );
    expect(links).toHaveLength(2);
    expect(tab).toContain("Abonnement 30 crédits par mois (mensuel) — 247,20 €");
    const [invoice] = await services.db
      .select()
      .from(subscriptionInvoices)
      .where(eq(subscriptionInvoices.invoiceRef, "test:receipt-0001"));
    expect(links).toContain(invoice!.id);
    const page = plain(
      await (await app.fetch(`/fr/receipts/subscriptions/${invoice!.id}`, { cookies: jar })).text(),
    );
    expect(page).toContain("Reçu de l'abonnement — paiement");
    expect(page).toMatch(/Période du \d+ \S+ \d{4} au \d+ \S+ \d{4}/);
    expect(page).toContain("TVA (20 %) : 41,20 €");
    expect(page).toContain("Total payé : 247,20 €");
    expect(page).toContain(`/fr/receipts/subscriptions/${invoice!.id}/pdf`);
    const pdf = await app.fetch(`/fr/receipts/subscriptions/${invoice!.id}/pdf`, { cookies: jar });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");

    const stranger = await signedInBuyer();
    for (const path of [
      `/fr/receipts/subscriptions/${invoice!.id}`,
      `/fr/receipts/subscriptions/${invoice!.id}/pdf`,
    ]) {
      expect((await app.fetch(path, { cookies: stranger.jar })).status).toBe(404);
    }
    const admin = await signedInAs(app, "admin");
    expect(
      (await app.fetch(`/en/receipts/subscriptions/${invoice!.id}`, { cookies: admin.jar })).status,
    ).toBe(200);
  });
});
