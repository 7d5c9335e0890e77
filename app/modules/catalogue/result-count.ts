import type { TFunction } from "i18next";
import { formatNumber } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";

const labels = {
  results: { exact: "catalogue.results", atLeast: "catalogue.resultsAtLeast" },
  shopItems: { exact: "catalogue.creator.items", atLeast: "catalogue.creator.itemsAtLeast" },
} as const;

/**
 * "1 234 résultats", or "10 000+ résultats" once the search stopped counting at its cap
 * (`resultCountCap`): the number formatted for the page's language, the plural from the count.
 */
export function resultCountLabel(
  t: TFunction,
  locale: Locale,
  label: keyof typeof labels,
  result: { total: number; totalCapped: boolean },
): string {
  const number = formatNumber(locale, result.total);
  return result.totalCapped
    ? t(labels[label].atLeast, { number })
    : t(labels[label].exact, { count: result.total, number });
}
