import { or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";

/** One search word as the search matches it: each of its spellings, and whether a store did. */
export interface SearchedWord {
  /** The word as typed, then its corrections when the search forgives typos. */
  spellings: string[];
  /** Some seller's store name holds the word: all that seller's items match too. */
  storeMatched: boolean;
}

/** How many items on sale a search matches, as far as the vocabulary's counts can tell. */
export interface MatchBounds {
  atLeast: number;
  /** `Infinity` when the counts cannot tell. */
  atMost: number;
}

/**
 * A spelling every matching item's vocabulary words account for: a search word is found by
 * substring, so the words holding it are the items holding it, but the vocabulary leaves out
 * words under three characters and plain numbers, and the database's regular expressions may
 * split text at letters beyond ASCII that the search treats as letters.
 */
const wordsAccountFor = (spelling: string) => /^(?=.*[a-z])[a-z0-9]{3,}$/.test(spelling);

/** Vocabulary words holding one of the word's spellings. */
const holdingWord = ({ spellings }: SearchedWord): SQL =>
  or(...spellings.map((spelling) => sql`word like ${`%${spelling}%`}`))!;

/**
 * Pairs of side-by-side title words holding the two search words, in either order: a pair is
 * stored as 'first second', so '%a% %b%' matches the pairs whose first word holds a and second
 * holds b.
 */
function holdingPair([a, b]: [SearchedWord, SearchedWord]): SQL {
  const patterns = a.spellings.flatMap((first) =>
    b.spellings.flatMap((second) => [`%${first}% %${second}%`, `%${second}% %${first}%`]),
  );
  return or(...patterns.map((pattern) => sql`pair like ${pattern}`))!;
}

/**
 * Bounds read from the vocabulary's counts of items approved and not deleted (decision record
 * 0066), in one statement, without touching the items:
 * - at least: for one word, the most items any vocabulary word holding it has; for two, the most
 *   items any pair of side-by-side title words holding them has (a phrase such as 'coucher
 *   soleil'); less, in both cases, the items an exclusive licence may keep off sale (one hold at
 *   most per item). Per-word counts cannot tell how many items hold several words at once.
 * - at most: for each word, the sum over the vocabulary words holding it (an item holding two of
 *   them counts twice); the search matches no more than its least-found word.
 */
export async function matchBounds(db: Database, words: SearchedWord[]): Promise<MatchBounds> {
  const countable = words.filter(
    (word) => !word.storeMatched && word.spellings.every(wordsAccountFor),
  );
  const totals = countable.map(
    (word) => sql`(select coalesce(sum(items), 0) from catalogue_words where ${holdingWord(word)})`,
  );
  const most =
    words.length === 1
      ? sql`(select coalesce(max(items), 0) from catalogue_words where ${holdingWord(words[0]!)})`
      : words.length === 2
        ? sql`(select coalesce(max(items), 0) from catalogue_word_pairs where ${holdingPair([words[0]!, words[1]!])})`
        : sql`0`;
  const result = (await db.execute(
    sql`select ${totals.length > 0 ? sql`least(${sql.join(totals, sql`, `)})` : sql`null`}::bigint as "atMost",
      ${most}::int as most, (select count(*) from exclusive_holds)::int as held`,
  )) as unknown as { rows: Array<{ atMost: string | number | null; most: number; held: number }> };
  const row = result.rows[0]!;
  const atMost = row.atMost === null ? Infinity : Number(row.atMost);
  if (atMost === 0) return { atLeast: 0, atMost };
  return { atLeast: Math.max(0, Number(row.most) - Number(row.held)), atMost };
}
