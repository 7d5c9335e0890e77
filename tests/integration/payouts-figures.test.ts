import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import { earningsLedger, payouts, testConnectAccounts, transactions } from "~/modules/db/schema";
import { formatMoney } from "~/modules/i18n/i18n";
import {
  platformEarningsTotals,
  sellerEarningsByMonth,
  sellerEarningsTotals,
} from "~/modules/payouts/earnings-figures.server";
import { monthlyStatement, sellerBalance } from "~/modules/payouts/ledger.server";
import { refreshAccount, startOnboarding } from "~/modules/payouts/payout-accounts.server";
import { deliver, paidSale, signedInPerson, type SignedInPerson } from "../support/payouts";
import { makeSubmission } from "../support/studio";
import { testApp, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
});

async function item(sellerId: string, priceCents: number, title = "Contenu") {
  return (await makeSubmission(services, sellerId, { status: "approved", priceCents, title }))
    .submission;
}

async function activate(seller: SignedInPerson, bank: string) {
  await startOnboarding(services, seller.viewer, { type: "express" }, "fr");
  await services.db
    .update(testConnectAccounts)
    .set({ detailsSubmitted: true, verified: true, bankAccount: bank })
    .where(eq(testConnectAccounts.userId, seller.id));
  return refreshAccount(services, seller.id);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
/** The text of a page with its HTML entities and narrow spaces made plain. */
const plain = (html: string) => html.replace(/&#x27;/g, "'").replace(/[\u202f\u00a0]/g, " ");
const money = (locale: "fr" | "en", cents: number) =>
  formatMoney(locale, cents).replace(/[\u202f\u00a0]/g, " ");

/**
 * Three sellers: one paid out with a refunded sale, one waiting for an account, one whose
 * payout failed. The figures must equal sums taken straight from the ledger and the sales.
 */
async function seed() {
  const buyer = await signedInPerson(app, "client");
  const paid = await signedInPerson(app, "creator");
  const waiting = await signedInPerson(app, "creator");
  const failed = await signedInPerson(app, "creator");
  const kept = await paidSale(services, buyer.id, await item(paid.id, 1_000, "Falaise"));
  const refunded = await paidSale(services, buyer.id, await item(paid.id, 6_000, "Forêt"));
  await activate(paid, "FR7630006000011234567890189");
  // A refund after the payout: the share is reversed, the balance goes below zero.
  await deliver(services, "charge.refunded", {
    sessionId: refunded.sessionId,
    paymentId: refunded.paymentId,
  });
  await paidSale(services, buyer.id, await item(waiting.id, 399, "Lac"));
  await paidSale(services, buyer.id, await item(failed.id, 12_345, "Glacier"));
  await activate(failed, "FR7630006000019999999999904");
  return { buyer, paid, waiting, failed, kept, refunded };
}

describe("earnings figures from the ledger", () => {
  it("equal the ledger's and the sales' sums, for each seller and for the platform", async () => {
    const { paid, waiting, failed } = await seed();
    for (const seller of [paid, waiting, failed]) {
      const entries = await services.db
        .select()
        .from(earningsLedger)
        .where(eq(earningsLedger.sellerId, seller.id));
      const lines = await services.db
        .select()
        .from(transactions)
        .where(eq(transactions.sellerId, seller.id));
      const sent = await services.db.select().from(payouts).where(eq(payouts.sellerId, seller.id));
      const totals = await sellerEarningsTotals(services.db, seller.id);
      const of = (kind: string) =>
        sum(entries.filter((row) => row.kind === kind).map((row) => row.amountCents));
      expect(totals.earnedCents).toBe(of("sale"));
      expect(totals.earnedCents).toBe(sum(lines.map((line) => line.sellerShareCents)));
      expect(totals.refundedCents).toBe(0 - of("refund"));
      expect(totals.refundedCents).toBe(
        sum(lines.filter((l) => l.status === "refunded").map((l) => l.sellerShareCents)),
      );
      // Paid out: transfers made, less what was taken back after refunds.
      expect(totals.paidOutCents).toBe(
        sum(sent.filter((row) => row.status === "paid").map((row) => row.amountCents)) -
          of("transfer_reversal"),
      );
      expect(totals.waitingCents).toBe(await sellerBalance(services.db, seller.id));
      expect(totals.earnedCents - totals.refundedCents).toBe(
        totals.paidOutCents + totals.inFlightCents + totals.waitingCents,
      );
      const kept = lines.filter((line) => line.status === "succeeded");
      expect(totals.commissionCents).toBe(sum(kept.map((line) => line.commissionCents)));
      expect(totals.salesCents).toBe(sum(kept.map((line) => line.amountCents)));
      expect(totals.salesCount).toBe(kept.length);

      // The month by month figures are the monthly statement's.
      const month = new Date().toISOString().slice(0, 7);
      const [byMonth] = await sellerEarningsByMonth(services.db, seller.id, [month]);
      const statement = await monthlyStatement(services.db, seller.id, month);
      expect(byMonth).toEqual({
        month,
        salesCents: statement.salesCents,
        commissionCents: statement.commissionCents,
        sharesCents: statement.sharesCents,
        refundsCents: 0 - statement.refundsCents,
        payoutsCents: 0 - statement.payoutsCents,
      });
    }
    // 10 + 15 = 25 € at 15 %: 21,25 € paid out; the 75 € sale was refunded after its payout,
    // and its share taken back from the seller's account.
    expect(await sellerEarningsTotals(services.db, paid.id)).toMatchObject({
      earnedCents: 2_125 + 6_375,
      refundedCents: 6_375,
      paidOutCents: 2_125,
      waitingCents: 0,
    });
    expect(await sellerEarningsTotals(services.db, failed.id)).toMatchObject({
      paidOutCents: 0,
      waitingCents: 11_768,
    });

    // The platform: every ledger entry and every sale of this database.
    const everything = await services.db.select().from(earningsLedger);
    const sales = await services.db
      .select()
      .from(transactions)
      .where(
        inArray(
          transactions.id,
          everything.filter((row) => row.kind === "sale").map((row) => row.transactionId!),
        ),
      );
    const platform = await platformEarningsTotals(services.db);
    expect(platform.earnedCents).toBe(
      sum(everything.filter((row) => row.kind === "sale").map((row) => row.amountCents)),
    );
    expect(platform.waitingCents).toBe(sum(everything.map((row) => row.amountCents)));
    expect(platform.commissionCents).toBe(
      sum(sales.filter((l) => l.status === "succeeded").map((l) => l.commissionCents)),
    );
    expect(platform.refundedCents).toBe(
      sum(sales.filter((l) => l.status === "refunded").map((l) => l.sellerShareCents)),
    );
  });
});

describe("the pages that show them", () => {
  it("shows the seller their own figures only, formatted for the page's language", async () => {
    const { paid, waiting } = await seed();
    const mine = await sellerEarningsTotals(services.db, waiting.id);
    const theirs = await sellerEarningsTotals(services.db, paid.id);
    const fr = plain(
      await (
        await app.fetch("/fr/seller-dashboard?tab=analytics", { cookies: waiting.jar })
      ).text(),
    );
    expect(fr).toContain("Gains par mois");
    expect(fr).toContain(money("fr", mine.earnedCents));
    expect(fr).toContain("Votre part de 1 vente");
    expect(fr).not.toContain(money("fr", theirs.paidOutCents));
    expect(fr).not.toContain("Falaise");
    const en = plain(
      await (
        await app.fetch("/en/seller-dashboard?tab=analytics", { cookies: waiting.jar })
      ).text(),
    );
    expect(en).toContain("Earnings by month");
    expect(en).toContain(money("en", mine.waitingCents));
    expect(money("en", mine.waitingCents)).toMatch(/^€/);
    // The overview shows the same figures; the other seller sees theirs.
    const overview = plain(
      await (await app.fetch("/fr/seller-dashboard", { cookies: paid.jar })).text(),
    );
    expect(overview).toContain(money("fr", theirs.paidOutCents));
    expect(overview).toContain(money("fr", theirs.refundedCents));
    expect(overview).not.toContain(money("fr", mine.earnedCents));
  });

  it("shows the admin the platform's totals, and refuses everyone else", async () => {
    await seed();
    const admin = await signedInPerson(app, "admin");
    const totals = await platformEarningsTotals(services.db);
    for (const locale of ["fr", "en"] as const) {
      const html = plain(
        await (await app.fetch(`/${locale}/admin/payments`, { cookies: admin.jar })).text(),
      );
      expect(html).toContain(
        locale === "fr" ? "Argent des ventes (journal des gains)" : "Money from sales",
      );
      for (const cents of [
        totals.commissionCents,
        totals.earnedCents,
        totals.paidOutCents,
        totals.refundedCents,
        totals.waitingCents,
      ]) {
        expect(html).toContain(money(locale, cents));
      }
    }
    const seller = await signedInPerson(app, "creator");
    const refused = await app.fetch("/fr/admin/payments", { cookies: seller.jar });
    expect(refused.status).toBe(403);
  });
});
