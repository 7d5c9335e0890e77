/**
 * The credit packs, subscription plans and Infinity of docs/product.md, "Credits, plans and Infinity", in euros (decision record 0010: one
 * currency, no dollar signs). Pure: shown by the pricing pages and charged by the server.
 */

export interface Counts {
  photos: number;
  videos: number;
  vectors: number;
  audios: number;
  aiImages: number;
}

export interface CreditPack extends Counts {
  id: string;
  credits: number;
  priceCents: number;
}

export interface CreditPlan extends Counts {
  id: string;
  credits: number;
  monthlyCents: number;
  popular: boolean;
}

function counts(photos: number, videos: number): Counts {
  return { photos, videos, vectors: photos, audios: videos, aiImages: photos };
}

export const creditPacks: CreditPack[] = [
  { id: "pack-10", credits: 10, priceCents: 79_00, ...counts(5, 0) },
  { id: "pack-20", credits: 20, priceCents: 149_00, ...counts(10, 1) },
  { id: "pack-80", credits: 80, priceCents: 299_00, ...counts(40, 3) },
  { id: "pack-160", credits: 160, priceCents: 549_00, ...counts(80, 6) },
  { id: "pack-300", credits: 300, priceCents: 999_00, ...counts(150, 12) },
  { id: "pack-1000", credits: 1000, priceCents: 2999_00, ...counts(500, 40) },
];

export const creditPlans: CreditPlan[] = [
  { id: "plan-30", credits: 30, monthlyCents: 206_00, popular: true, ...counts(15, 1) },
  { id: "plan-60", credits: 60, monthlyCents: 379_00, popular: false, ...counts(30, 3) },
  { id: "plan-100", credits: 100, monthlyCents: 599_00, popular: false, ...counts(50, 5) },
  { id: "plan-200", credits: 200, monthlyCents: 1099_00, popular: false, ...counts(100, 10) },
];

/** The yearly discount of the plans: 16 % ('Économisez 16%' / 'Save 16%'). */
export const yearlyDiscountPercent = 16;

/** What a yearly plan charges once a year: round(monthly × 12 × 0.84), in whole euros. */
export function yearlyTotalCents(monthlyCents: number): number {
  const euros = monthlyCents / 100;
  return Math.round((euros * 12 * (100 - yearlyDiscountPercent)) / 100) * 100;
}

/**
 * The yearly price shown per month (docs/product.md, "Credits, plans and Infinity"): round(monthly × 12 × 0.84) / 12, rounded to
 * the euro.
 */
export function yearlyPerMonthCents(monthlyCents: number): number {
  return Math.round(yearlyTotalCents(monthlyCents) / 100 / 12) * 100;
}

export type BillingInterval = "month" | "year";

/** Infinity: monthly 89 € (was 109 €), annual 79 € a month (was 99 €), 'Save 11%'. */
export const infinity = {
  id: "infinity",
  monthlyCents: 89_00,
  monthlyWasCents: 109_00,
  annualPerMonthCents: 79_00,
  annualWasCents: 99_00,
  savePercent: 11,
} as const;

/** What one period of a subscription costs, charged at its start. */
export function subscriptionPriceCents(planId: string, interval: BillingInterval): number | null {
  if (planId === infinity.id) {
    return interval === "month" ? infinity.monthlyCents : infinity.annualPerMonthCents * 12;
  }
  const plan = creditPlans.find((row) => row.id === planId);
  if (!plan) return null;
  return interval === "month" ? plan.monthlyCents : yearlyTotalCents(plan.monthlyCents);
}

/** How long a grant lasts: packs one year, plan credits one month (docs/product.md, "Credits, plans and Infinity"). */
export function grantExpiry(source: "pack" | "plan", from: Date): Date {
  const end = new Date(from);
  if (source === "pack") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * `from` plus `months` calendar months, kept on the same day of the month when it exists and
 * on the month's last day otherwise (31 January + 1 month = 28 or 29 February), as Stripe
 * Billing counts its periods.
 */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/** The calendar month of a date, "YYYY-MM" (UTC): plan grants are keyed by it. */
export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}
