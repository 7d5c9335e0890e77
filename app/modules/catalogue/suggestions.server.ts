import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { contentSubmissions as s, profiles } from "../db/schema";
import type { Locale } from "../i18n/locale";
import { onSale, searchCondition } from "./catalogue.server";
import { searchWords, type SearchSuggestions } from "./catalogue-query";
import { titleIn } from "./localized-title.server";

export type { SearchSuggestions };

const itemCount = 5;
const tagCount = 5;
const creatorCount = 3;
/** Tags are read from this many matching items at most: a broad prefix stays cheap. */
const tagSample = 200;

/**
 * Items, tags and creators matching what was typed, from items on sale only (a draft, a pending
 * or rejected item, a deleted one never shows). Titles and tags in the reader's language, the
 * other one when it was left empty (decision 0049). Fewer than 2 letters propose nothing.
 */
export async function searchSuggestions(
  db: Database,
  typed: string,
  locale: Locale,
): Promise<SearchSuggestions> {
  const words = searchWords(typed);
  const phrase = words.join(" ");
  if (phrase.length < 2) return { items: [], tags: [], creators: [] };
  const matching = and(onSale(), await searchCondition(db, phrase));
  const pattern = `%${phrase}%`;
  const [own, other] = locale === "fr" ? [s.tagsFr, s.tagsEn] : [s.tagsEn, s.tagsFr];
  const tagsOf = sql`(case when cardinality(${own}) > 0 then ${own} else ${other} end)`;
  const [items, tags, creators] = await Promise.all([
    db
      .select({ id: s.id, title: titleIn(locale) })
      .from(s)
      .where(matching)
      .orderBy(sql`${s.approvedAt} desc nulls last`, desc(s.id))
      .limit(itemCount),
    db.execute(sql`select tag, count(*)::int as uses
      from (select ${tagsOf} as tags from content_submissions where ${matching} limit ${tagSample}) as sample,
        unnest(sample.tags) as tag
      where vitrine_search_text(tag) like ${pattern}
      group by tag order by uses desc, tag limit ${tagCount}`) as unknown as Promise<{
      rows: Array<{ tag: string }>;
    }>,
    db
      .select({ id: profiles.userId, name: profiles.storeName })
      .from(profiles)
      .where(
        and(
          sql`vitrine_search_text(${profiles.storeName}) like ${pattern}`,
          sql`exists (select 1 from content_submissions where ${and(eq(s.creatorId, profiles.userId), onSale())})`,
        ),
      )
      .orderBy(profiles.storeName)
      .limit(creatorCount),
  ]);
  return {
    items: items.map((item) => ({ id: item.id, title: item.title })),
    tags: tags.rows.map((row) => row.tag),
    creators: creators.flatMap((row) =>
      row.name?.trim() ? [{ id: row.id, name: row.name.trim() }] : [],
    ),
  };
}
