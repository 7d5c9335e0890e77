/** The help centre's questions (docs/product.md, "Public pages": five entries), by catalog key. */
export const faqKeys = ["buy", "licence", "download", "sell", "refund"] as const;
export type FaqKey = (typeof faqKeys)[number];

/** Lower case, without accents, so that "remboursement" finds "Remboursé". */
export function foldText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** The entries whose question or answer contains every word of the query. */
export function filterFaq<Entry extends { question: string; answer: string }>(
  entries: readonly Entry[],
  query: string,
): Entry[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const text = foldText(`${entry.question} ${entry.answer}`);
    return words.every((word) => text.includes(word));
  });
}
