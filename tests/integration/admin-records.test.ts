import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { csvCell } from "~/modules/admin/csv";
import { platformMonths, platformStats } from "~/modules/admin/stats.server";
import { listTransactions } from "~/modules/admin/transactions.server";
import type { Services } from "~/modules/services";
import type { Role, Viewer } from "~/modules/auth/roles";
import {
  contentSubmissions,
  paymentEvents,
  payoutAccounts,
  transactions,
  user,
} from "~/modules/db/schema";
import { signedInAs } from "../support/accounts";
import { recordSale } from "../support/commerce";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { type CookieJar, testApp, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;
let admin: { jar: CookieJar; viewer: Viewer };

async function account(role: Role): Promise<{ jar: CookieJar; viewer: Viewer }> {
  const { jar, email } = await signedInAs(app, role);
  return { jar, viewer: await viewerByEmail(services, email, role) };
}

const page = async (path: string, jar = admin.jar) => {
  const response = await app.fetch(path, { cookies: jar });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** What the overview and the list must agree with: sums straight from the table. */
async function fromDatabase() {
  const rows = await services.db.select().from(transactions);
  const ok = rows.filter((row) => row.status === "succeeded");
  return {
    count: rows.length,
    revenue: ok.reduce((sum, row) => sum + row.amountCents, 0),
    commission: ok.reduce((sum, row) => sum + row.commissionCents, 0),
    sellers: new Set(ok.map((row) => row.sellerId).filter(Boolean)).size,
  };
}

let keptTitle: string;
let goneContentTitle: string;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  admin = await account("admin");
  const sellerA = await account("creator");
  const sellerB = await account("creator");
  const sellerGone = await account("creator");
  const buyer = await account("client");
  const buyerGone = await account("client");

  const kept = await makeSubmission(services, sellerA.viewer.id, {
    status: "approved",
    title: '=HYPERLINK("http://evil")',
    priceCents: 1_000,
  });
  keptTitle = kept.submission.titleFr;
  const other = await makeSubmission(services, sellerB.viewer.id, {
    status: "approved",
    title: "Aube sur la lagune",
    priceCents: 2_500,
  });
  const goneContent = await makeSubmission(services, sellerA.viewer.id, {
    status: "approved",
    title: "Contenu effacé",
  });
  goneContentTitle = goneContent.submission.titleFr;
  const fromGoneSeller = await makeSubmission(services, sellerGone.viewer.id, {
    status: "approved",
    title: "Vendeur parti",
  });

  const lastMonth = new Date();
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1, 15);
  await recordSale(services, buyer.viewer.id, kept.submission);
  await recordSale(services, buyer.viewer.id, other.submission, {
    licenceId: "extended",
    commissionBps: 2_000,
    createdAt: lastMonth,
  });
  await recordSale(services, buyerGone.viewer.id, other.submission);
  await recordSale(services, buyer.viewer.id, goneContent.submission);
  await recordSale(services, buyer.viewer.id, fromGoneSeller.submission);
  await recordSale(services, buyer.viewer.id, other.submission, { status: "failed" });
  await recordSale(services, buyer.viewer.id, kept.submission, { status: "pending" });

  // Deletions after the sales: the records stay, with their fallbacks.
  await services.db.delete(user).where(eq(user.id, buyerGone.viewer.id));
  await services.db.delete(user).where(eq(user.id, sellerGone.viewer.id));
  await services.db
    .delete(contentSubmissions)
    .where(eq(contentSubmissions.id, goneContent.submission.id));
});

describe("overview", () => {
  it("matches the database: users, submissions, revenue, commission, active sellers", async () => {
    const expected = await fromDatabase();
    const stats = await platformStats(services.db);
    const [users] = await services.db.select({ total: count() }).from(user);
    expect(stats.totalUsers).toBe(users!.total);
    expect(stats.revenueCents).toBe(expected.revenue);
    expect(stats.commissionCents).toBe(expected.commission);
    // The deleted seller's sale counts in revenue, not among active sellers (no account left).
    expect(stats.activeSellers).toBe(expected.sellers);
    expect(stats.activeSellers).toBe(2);
    // Two approved items remain: one was deleted, one went with its seller.
    expect(stats.submissions).toMatchObject({ approved: 2, pending: 0, total: 2 });

    const months = await platformMonths(services.db);
    expect(months).toHaveLength(12);
    expect(months.reduce((sum, month) => sum + month.revenueCents, 0)).toBe(expected.revenue);
    expect(months.at(-2)!.revenueCents).toBeGreaterThan(0);

    const html = await page("/fr/admin");
    const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
    expect(html).toContain(euros.format(expected.revenue / 100));
    expect(html).toContain(euros.format(expected.commission / 100));
    // The unprefixed address is the menus' one, in French.
    expect(await page("/admin")).toContain("Chiffre d&#x27;affaires");
  });
});

describe("transactions", () => {
  it("lists every transaction with its parties and the fixed fallbacks", async () => {
    const expected = await fromDatabase();
    const list = await listTransactions(services.db, {}, 1);
    expect(list.total).toBe(expected.count);
    expect(list.rows.filter((row) => row.buyer === null)).toHaveLength(1);
    expect(list.rows.filter((row) => row.seller === null)).toHaveLength(1);
    expect(list.rows.filter((row) => row.title === null)).toHaveLength(2);

    const html = await page("/fr/admin/transactions");
    expect(html).toContain("Utilisateur supprimé");
    expect(html).toContain("Contenu supprimé");
    expect(html).not.toContain(goneContentTitle);
    for (const label of ["Réussi", "Échoué", "En attente"]) expect(html).toContain(label);
    // Licences by their names, not their identifiers.
    expect(html).toContain("Étendue");
    expect(html).not.toMatch(/>\s*extended\s*</);
    const en = await page("/en/admin/transactions");
    expect(en).toContain("Extended");
    expect(en).not.toMatch(/>\s*extended\s*</);
    expect(en).toContain("Deleted user");
    expect(en).toContain("Deleted content");
    expect(en).toContain("Succeeded");
  });

  it("links each succeeded sale, and only those, to its order's refund page", async () => {
    const rows = await services.db.select().from(transactions);
    const html = await page("/fr/admin/transactions");
    for (const row of rows) {
      const link = `href="/fr/admin/refunds/${row.orderId}"`;
      if (row.status === "succeeded") expect(html).toContain(link);
      else expect(html).not.toContain(link);
    }
  });

  it("filters by status, text and dates, and says when nothing matches", async () => {
    const failed = await listTransactions(services.db, { status: "failed" }, 1);
    expect(failed.total).toBe(1);
    const lagoon = await listTransactions(services.db, { q: "lagune" }, 1);
    expect(lagoon.total).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    const todays = await listTransactions(services.db, { from: today, to: today }, 1);
    expect(todays.total).toBe((await fromDatabase()).count - 1);
    const html = await page("/fr/admin/transactions?q=introuvable-xyz");
    expect(html).toContain("Aucune transaction trouvée");
    // A wildcard typed in the search box is a character, not a pattern.
    expect((await listTransactions(services.db, { q: "%" }, 1)).total).toBe(0);
    // A bad filter value is ignored, not an error.
    expect(await page("/fr/admin/transactions?status=nope&from=yesterday")).toContain("Réussi");
  });

  it("pages by 50", async () => {
    const seller = await account("creator");
    const buyer = await account("client");
    const { submission } = await makeSubmission(services, seller.viewer.id, {
      status: "approved",
      title: "Série paginée",
    });
    for (let index = 0; index < 50; index++)
      await recordSale(services, buyer.viewer.id, submission, { withEntitlement: false });
    const first = await listTransactions(services.db, { q: "paginée" }, 1);
    const second = await listTransactions(services.db, { q: "paginée" }, 2);
    expect(first.rows).toHaveLength(50);
    expect(second.rows).toHaveLength(0);
    const all = await listTransactions(services.db, {}, 2);
    expect(all.rows.length).toBe(all.total - 50);
    expect(await page("/en/admin/transactions?page=2")).toContain("Page 2 of 2");
  });

  it("exports the filtered list as CSV, with formulas neutralised", async () => {
    const response = await app.fetch("/fr/admin/transactions.csv?status=succeeded", {
      cookies: admin.jar,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toContain("attachment");
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toContain("Montant HT (EUR)");
    const succeeded = (await listTransactions(services.db, { status: "succeeded" }, 1)).total;
    expect(lines).toHaveLength(succeeded + 1);
    expect(text).not.toContain('\n"=HYPERLINK');
    expect(text).toContain(`"'${keptTitle.replaceAll('"', '""')}"`);
    expect(text).toContain("Utilisateur supprimé");
    expect(text).toContain("Contenu supprimé");
    expect(text).not.toContain("Échoué");
  });

  it("refuses the export to anyone but an admin", async () => {
    expect((await app.fetch("/fr/admin/transactions.csv")).status).toBe(401);
    for (const role of ["client", "creator"] as const) {
      const { jar } = await account(role);
      const refused = await app.fetch("/en/admin/transactions.csv", { cookies: jar });
      expect(refused.status).toBe(403);
      const body = await refused.text();
      expect(body).toContain("Only administrators can access this page.");
      expect(body).not.toContain("HYPERLINK");
    }
  });
});

describe("csv cells", () => {
  it("quotes separators and prefixes formula starters", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    for (const start of ["=", "+", "-", "@", "\t"]) expect(csvCell(`${start}1`)).toMatch(/^"?'/);
    expect(csvCell(-12)).toBe("-12");
    expect(csvCell(null)).toBe("");
  });
});

describe("payment provider, outbox", () => {
  it("shows the active provider and webhook health from the events received", async () => {
    expect(await page("/fr/admin/payments")).toContain("Aucun événement reçu pour l&#x27;instant");
    await services.db.insert(paymentEvents).values([
      {
        provider: "test",
        eventId: "evt_ok",
        type: "checkout.session.completed",
        payload: {},
        processedAt: new Date(),
      },
      {
        provider: "test",
        eventId: "evt_bad",
        type: "checkout.session.completed",
        payload: {},
        error: "order not found",
      },
    ]);
    const html = await page("/en/admin/payments");
    expect(html).toContain("Built-in test provider");
    expect(html).toContain("Test: no real card is charged");
    expect(html).toContain("Failed: order not found");
    expect(html).toContain("Processed");
  });

  it("lists the sellers' payout accounts with their badge state", async () => {
    expect(await page("/fr/admin/payments")).toContain(
      "Aucun vendeur n&#x27;a encore créé de compte de paiement.",
    );
    const active = await account("creator");
    const pending = await account("creator");
    await services.db.insert(payoutAccounts).values([
      {
        userId: active.viewer.id,
        provider: "test",
        accountId: "acct_active",
        type: "express",
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
      },
      { userId: pending.viewer.id, provider: "test", accountId: "acct_new", type: "express" },
    ]);
    const html = await page("/fr/admin/payments");
    expect(html).toContain("Compte actif");
    expect(html).toContain("Configuration en cours");
    expect(html).toContain(active.viewer.email);
  });

  it("lets admins read the demo outbox", async () => {
    const html = await page("/fr/admin/outbox");
    expect(html).toContain("E-mails envoyés (mode démo)");
  });
});
