import { describe, expect, it } from "vitest";
import {
  creditPacks,
  creditPlans,
  grantExpiry,
  infinity,
  subscriptionPriceCents,
  yearlyPerMonthCents,
  yearlyTotalCents,
} from "~/modules/credits/plans";

describe("credit plans", () => {
  it("the yearly price per month is round(monthly × 12 × 0.84) / 12, rounded, for all four plans", () => {
    const expected: Record<number, { total: number; perMonth: number }> = {
      206: { total: 2076, perMonth: 173 },
      379: { total: 3820, perMonth: 318 },
      599: { total: 6038, perMonth: 503 },
      1099: { total: 11078, perMonth: 923 },
    };
    expect(creditPlans).toHaveLength(4);
    for (const plan of creditPlans) {
      const monthly = plan.monthlyCents / 100;
      const want = expected[monthly]!;
      expect(want).toBeDefined();
      // The formula of docs/product.md, "Credits, plans and Infinity", written out independently.
      expect(Math.round(Math.round(monthly * 12 * 0.84) / 12)).toBe(want.perMonth);
      expect(yearlyTotalCents(plan.monthlyCents)).toBe(want.total * 100);
      expect(yearlyPerMonthCents(plan.monthlyCents)).toBe(want.perMonth * 100);
      expect(subscriptionPriceCents(plan.id, "year")).toBe(want.total * 100);
      expect(subscriptionPriceCents(plan.id, "month")).toBe(plan.monthlyCents);
    }
  });

  it("has the six packs and the four plans of the product's price list, in euros", () => {
    expect(creditPacks.map((pack) => [pack.credits, pack.priceCents / 100])).toEqual([
      [10, 79],
      [20, 149],
      [80, 299],
      [160, 549],
      [300, 999],
      [1000, 2999],
    ]);
    expect(
      creditPlans.map((plan) => [plan.credits, plan.monthlyCents / 100, plan.popular]),
    ).toEqual([
      [30, 206, true],
      [60, 379, false],
      [100, 599, false],
      [200, 1099, false],
    ]);
    expect(creditPacks[2]).toMatchObject({
      photos: 40,
      videos: 3,
      vectors: 40,
      audios: 3,
      aiImages: 40,
    });
    expect(infinity).toMatchObject({
      monthlyCents: 8900,
      monthlyWasCents: 10900,
      annualPerMonthCents: 7900,
      annualWasCents: 9900,
      savePercent: 11,
    });
    expect(subscriptionPriceCents("infinity", "year")).toBe(79 * 12 * 100);
    expect(subscriptionPriceCents("nope", "month")).toBeNull();
  });

  it("packs last one year and plan credits one month", () => {
    const from = new Date("2026-01-31T10:00:00Z");
    expect(grantExpiry("pack", from).toISOString()).toBe("2027-01-31T10:00:00.000Z");
    expect(grantExpiry("plan", from).getTime() - from.getTime()).toBeGreaterThan(27 * 86_400_000);
  });
});
