/**
 * Edit distance with adjacent transpositions (optimal string alignment): 'soliel' → 'soleil' is
 * one edit, where trigram similarity scores that pair 0.27, below any useful threshold. Spelling
 * correction ranks the vocabulary's candidates with it (decision record 0059).
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** How many edits a word of this length may be away from its correction. */
export function allowedEdits(length: number): number {
  return length <= 4 ? 1 : 2;
}

/**
 * The candidate nearest to `word` within the edits its length allows, or undefined. Candidates
 * come most similar first; among equal distances the first wins.
 */
export function closestSpelling(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = allowedEdits(word.length) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}
