import "~/modules/i18n/catalogs.server";
import { describe, expect, it } from "vitest";
import { resultCountLabel } from "~/modules/catalogue/result-count";
import { getT } from "~/modules/i18n/i18n";

// French groups thousands with a narrow no-break space, English with a comma.
describe("the marketplace's result count", () => {
  it("says 10 000+ once the count stopped at its cap, in both languages", () => {
    const capped = { total: 10_000, totalCapped: true };
    expect(resultCountLabel(getT("fr"), "fr", "results", capped)).toBe("10\u202f000+ résultats");
    expect(resultCountLabel(getT("en"), "en", "results", capped)).toBe("10,000+ results");
    expect(resultCountLabel(getT("fr"), "fr", "shopItems", capped)).toBe(
      "10\u202f000+ contenus en vente",
    );
    expect(resultCountLabel(getT("en"), "en", "shopItems", capped)).toBe("10,000+ items on sale");
  });

  it("gives an exact count below the cap, grouped and pluralised", () => {
    const count = (total: number) => ({ total, totalCapped: false });
    expect(resultCountLabel(getT("fr"), "fr", "results", count(9_999))).toBe(
      "9\u202f999 résultats",
    );
    expect(resultCountLabel(getT("en"), "en", "results", count(9_999))).toBe("9,999 results");
    expect(resultCountLabel(getT("fr"), "fr", "results", count(1))).toBe("1 résultat");
    expect(resultCountLabel(getT("en"), "en", "results", count(1))).toBe("1 result");
    expect(resultCountLabel(getT("fr"), "fr", "results", count(0))).toBe("0 résultat");
    expect(resultCountLabel(getT("en"), "en", "results", count(0))).toBe("0 results");
    expect(resultCountLabel(getT("fr"), "fr", "shopItems", count(2))).toBe("2 contenus en vente");
  });
});
