import { describe, expect, it } from "vitest";
import {
  isFree,
  linePriceCents,
  orderTotals,
  shareOf,
  splitCommission,
} from "~/modules/pricing/pricing";

describe("money rules", () => {
  it("prices a line as the item's price, never below 0, plus the licence", () => {
    expect(linePriceCents(1200, 1500)).toBe(2700);
    expect(linePriceCents(null, 1500)).toBe(1500);
    expect(linePriceCents(0, 4500)).toBe(4500);
    expect(linePriceCents(-300, 1500)).toBe(1500);
    expect(linePriceCents(6000, 29_900)).toBe(35_900);
  });

  it("says free for no price or 0 only", () => {
    expect(isFree(null)).toBe(true);
    expect(isFree(0)).toBe(true);
    expect(isFree(1)).toBe(false);
  });

  it("adds 20 % VAT on top, rounded to the nearest cent, and the total is what is charged", () => {
    expect(orderTotals([2700, 5700], 2000)).toEqual({
      subtotalCents: 8400,
      vatCents: 1680,
      totalCents: 10_080,
    });
    // 0.2 × 1 cent = 0.2 → 0; 0.2 × 3 cents = 0.6 → 1; 0.2 × 1 234 567 = 246 913.4 → 246 913.
    expect(orderTotals([1], 2000).vatCents).toBe(0);
    expect(orderTotals([3], 2000).vatCents).toBe(1);
    expect(orderTotals([1_234_567], 2000).vatCents).toBe(246_913);
    expect(orderTotals([], 2000)).toEqual({ subtotalCents: 0, vatCents: 0, totalCents: 0 });
  });

  it("splits a line between commission and seller without losing a cent", () => {
    expect(splitCommission(2700, 1500)).toEqual({ commissionCents: 405, sellerShareCents: 2295 });
    expect(splitCommission(1999, 1500)).toEqual({ commissionCents: 300, sellerShareCents: 1699 });
    expect(splitCommission(1000, 0)).toEqual({ commissionCents: 0, sellerShareCents: 1000 });
    expect(splitCommission(1000, 10_000)).toEqual({ commissionCents: 1000, sellerShareCents: 0 });
    for (let amount = 0; amount < 2000; amount += 7) {
      const { commissionCents, sellerShareCents } = splitCommission(amount, 1234);
      expect(commissionCents + sellerShareCents).toBe(amount);
    }
  });

  it("rounds half up", () => {
    expect(shareOf(5, 5000)).toBe(3);
    expect(shareOf(4, 5000)).toBe(2);
  });
});
