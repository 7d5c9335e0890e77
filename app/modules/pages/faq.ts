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

// Word endings of French and English inflection and derivation, longest first: enough for
// "remboursement", "remboursé" and "rembourser" to share "rembours", or "refunds" and "refunded"
// to share "refund". A stem keeps at least three letters.
const endings = [
  "issements",
  "issement",
  "ements",
  "ations",
  "ement",
  "ation",
  "ables",
  "ments",
  "ment",
  "able",
  "ings",
  "ing",
  "ees",
  "ers",
  "ies",
  "er",
  "es",
  "ee",
  "ed",
  "ez",
  "e",
  "s",
];

/** A folded word without its inflection: the part its other forms share. */
export function stemWord(word: string): string {
  const folded = foldText(word);
  for (const ending of endings) {
    if (folded.endsWith(ending) && folded.length - ending.length >= 3) {
      return folded.slice(0, -ending.length);
    }
  }
  return folded;
}

function stems(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stemWord);
}

/**
 * The entries whose question or answer has, for every word of the query, a word of the same
 * stem or starting with it (accents and case ignored): "remboursement" finds "Puis-je être
 * remboursé ?", "télécharg" finds "téléchargements".
 */
export function filterFaq<Entry extends { question: string; answer: string }>(
  entries: readonly Entry[],
  query: string,
): Entry[] {
  const words = stems(query);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const text = stems(`${entry.question} ${entry.answer}`);
    return words.every((word) => text.some((candidate) => candidate.startsWith(word)));
  });
}
