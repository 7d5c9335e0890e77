import { or, sql } from "drizzle-orm";
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

/** The most items on sale any vocabulary word holding one of the spellings has. */
async function mostHoldingWord(db: Database, { spellings }: SearchedWord): Promise<number> {
  const result = (await db.execute(
    sql`select coalesce(max(items), 0)::int as most from catalogue_words where ${or(...spellings.map((spelling) => sql`word like ${`%${spelling}%`}`))}`,
  )) as unknown as { rows: Array<{ most: number }> };
  return Number(result.rows[0]!.most);
}

/**
 * The most items on sale any two side-by-side title words holding the two search words have
 * (in either order): a pair is stored as 'first second', so '%a% %b%' matches the pairs whose
 * first word holds a and second holds b.
 */
async function mostHoldingPair(
  db: Database,
  [a, b]: [SearchedWord, SearchedWord],
): Promise<number> {
  const patterns = a.spellings.flatMap((first) =>
    b.spellings.flatMap((second) => [`%${first}% %${second}%`, `%${second}% %${first}%`]),
  );
  const result = (await db.execute(
    sql`select coalesce(max(items), 0)::int as most from catalogue_word_pairs where ${or(...patterns.map((pattern) => sql`pair like ${pattern}`))}`,
  )) as unknown as { rows: Array<{ most: number }> };
  return Number(result.rows[0]!.most);
}

/** For each word, the items on sale of all vocabulary words holding one of its spellings. */
async function sumHoldingWord(db: Database, { spellings }: SearchedWord): Promise<number> {
  const result = (await db.execute(
    sql`select coalesce(sum(items), 0)::bigint as total from catalogue_words where ${or(...spellings.map((spelling) => sql`word like ${`%${spelling}%`}`))}`,
  )) as unknown as { rows: Array<{ total: string | number }> };
  return Number(result.rows[0]!.total);
}

/**
 * Bounds read from the vocabulary's counts of items approved and not deleted (decision record
 * 0066), without touching the items:
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
  const totals = await Promise.all(countable.map((word) => sumHoldingWord(db, word)));
  const atMost = Math.min(...totals);
  if (atMost === 0) return { atLeast: 0, atMost };
  const most =
    words.length === 1
      ? await mostHoldingWord(db, words[0]!)
      : words.length === 2
        ? await mostHoldingPair(db, [words[0]!, words[1]!])
        : 0;
  if (most === 0) return { atLeast: 0, atMost };
  const held = (await db.execute(
    sql`select count(*)::int as held from exclusive_holds`,
  )) as unknown as { rows: Array<{ held: number }> };
  return { atLeast: Math.max(0, most - Number(held.rows[0]!.held)), atMost };
}
