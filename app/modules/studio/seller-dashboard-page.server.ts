import type { Viewer } from "../auth/roles";
import { localeFromUrl } from "../i18n/locale";
import {
  sellerEarningsByMonth,
  sellerEarningsBySubmission,
  sellerEarningsTotals,
} from "../payouts/earnings-figures.server";
import { sellerPaymentsView } from "../payouts/seller-payments.server";
import { commissionRateBps } from "../pricing/commission.server";
import type { Services } from "../services";
import { listSellerSubmissions, sellerStats, submissionsPerMonth } from "./seller-content.server";
import { sellerListView } from "./seller-list-view.server";
import { sellerTabOf } from "./seller-tabs";
import { lastMonths, recentSubmissionsShown, submissionCard } from "./submission-view";

/** What the seller dashboard shows: the asked tab's data only (the others stay null or empty). */
export async function sellerDashboard(app: Services, viewer: Viewer, url: URL) {
  const locale = localeFromUrl(url);
  const tab = sellerTabOf(url);
  const { db } = app;
  const base = { tab, name: viewer.displayName, payments: null, earnings: null, list: null };
  switch (tab) {
    case "content":
      return {
        ...base,
        stats: null,
        submissions: [],
        months: [],
        commissionBps: null,
        list: await sellerListView(db, viewer.id, url.searchParams, locale),
      };
    case "overview":
    case "analytics": {
      const recent = lastMonths(new Date());
      const analytics = tab === "analytics";
      // Payouts: the money figures come from the earnings ledger (decision 0024), the seller's
      // own entries only.
      const [stats, rows, perMonth, totals, earningMonths, bySubmission] = await Promise.all([
        sellerStats(db, viewer.id),
        listSellerSubmissions(db, viewer.id),
        analytics ? submissionsPerMonth(db, viewer.id) : Promise.resolve([]),
        sellerEarningsTotals(db, viewer.id),
        analytics ? sellerEarningsByMonth(db, viewer.id, recent) : Promise.resolve([]),
        analytics ? sellerEarningsBySubmission(db, viewer.id) : Promise.resolve([]),
      ]);
      const cards = rows.map((row) => submissionCard(row, locale));
      const months = recent.map((month) => {
        const found = perMonth.find((row) => row.month === month);
        return { month, submitted: found?.submitted ?? 0, approved: found?.approved ?? 0 };
      });
      return {
        ...base,
        stats,
        submissions: analytics ? cards : cards.slice(0, recentSubmissionsShown),
        months,
        commissionBps: null,
        earnings: { totals, months: earningMonths, bySubmission },
      };
    }
    case "payments": {
      // Payouts: the payment account, the earnings ledger and the payout history.
      const [commissionBps, payments] = await Promise.all([
        commissionRateBps(db),
        sellerPaymentsView(app, viewer.id),
      ]);
      return { ...base, stats: null, submissions: [], months: [], commissionBps, payments };
    }
    case "upload":
      return { ...base, stats: null, submissions: [], months: [], commissionBps: null };
  }
}
