import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Viewer } from "../auth/roles";
import { notHeldExclusively } from "../commerce/on-sale.server";
import type { Database } from "../db/client.server";
import { cardVariants, type CardVariant } from "../media/responsive-images";
import { bilingual, type Bilingual } from "../i18n/bilingual-text";
import {
  auditLog,
  catalogueFeatured,
  catalogueLikes,
  categories,
  contentSubmissions,
  profiles,
  user,
  type MediaDerivatives,
  type MediaMetadata,
} from "../db/schema";
import {
  catalogueKinds,
  featuredCount,
  marketplacePageSize,
  searchWords,
  trendingDays,
  uuidPattern,
  type CatalogueKind,
  type CategoryCounts,
  type MarketplaceQuery,
} from "./catalogue-query";
import { closestSpelling } from "./spelling";
import { matchBounds, type SearchedWord } from "./match-bounds.server";
import { facetCounts, marketplaceFilters, priceOf, type FacetCounts } from "./facet-filters.server";

const s = contentSubmissions;

/**
 * THE definition of an item on sale: approved, not deleted, and its exclusive licence neither sold
 * nor held by a running checkout. Every public list follows it.
 */
export function onSale(): SQL {
  return and(eq(s.status, "approved"), isNull(s.deletedAt), notHeldExclusively(s.id))!;
}

/** The same rule for one submission, by id. */
async function isOnSale(db: Database, submissionId: string): Promise<boolean> {
  if (!uuidPattern.test(submissionId)) return false;
  const [row] = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.id, submissionId), onSale()));
  return Boolean(row);
}

/** Stored generated column (custom migration, decision 0012): lower-cased, unaccented text. */
const searchDoc = sql`"content_submissions"."search_doc"`;
const likesCount = sql<number>`(select count(*)::int from catalogue_likes l where l.submission_id = ${s.id})`;
const downloadsCount = sql<number>`(select count(*)::int from entitlements e where e.submission_id = ${s.id} and e.revoked_at is null)`;
/** The file that stands for an item: an ebook's cover, else its first file. */
const pictureOf = sql<{
  id: string;
  thumbnail: string | null;
  poster: string | null;
  clip: string | null;
  audio: string | null;
  webp: CardVariant[];
} | null>`(select jsonb_build_object('id', u.id, 'thumbnail', u.derivatives->>'thumbnail', 'poster', u.derivatives->>'poster', 'clip', u.derivatives->>'clip', 'audio', u.derivatives->>'audio', 'webp', (select coalesce(jsonb_agg(k order by k), '[]'::jsonb) from jsonb_object_keys(u.derivatives) k where k in (${sql.join(
  cardVariants.map((variant) => sql`${variant}`),
  sql`, `,
)}))) from uploads u where u.submission_id = ${s.id} and u.status = 'complete' order by (u.purpose = 'cover') desc, u.position asc limit 1)`;

/**
 * One item as cards show it (docs/product.md, "Pages and navigation"). The title comes in both
 * languages, so one read serves both pages; the page picks with `inLocale` (decision 0049).
 */
export interface CatalogueCard {
  id: string;
  title: Bilingual<string>;
  kind: CatalogueKind;
  priceCents: number | null;
  storeName: string | null;
  creatorId: string;
  /**
   * The upload whose thumbnail or poster stands for the item, if one exists: its version (for a
   * cache-forever URL) and its WebP copies.
   */
  picture: {
    uploadId: string;
    variant: "thumbnail" | "poster";
    version: string;
    webp: CardVariant[];
  } | null;
  /**
   * The watermarked clip (video) or audio preview a card plays on hover or from its button,
   * fetched only then (app/components/catalogue/card-preview.tsx).
   */
  preview: { uploadId: string; variant: "clip" | "audio"; version: string } | null;
  likes: number;
  downloads: number;
  approvedAt: string | null;
}

const cardFields = {
  id: s.id,
  titleFr: s.titleFr,
  titleEn: s.titleEn,
  kind: s.kind,
  priceCents: s.priceCents,
  storeName: profiles.storeName,
  creatorId: s.creatorId,
  picture: pictureOf,
  likes: likesCount,
  downloads: downloadsCount,
  approvedAt: s.approvedAt,
};

type CardRow = {
  id: string;
  titleFr: string;
  titleEn: string;
  kind: CatalogueKind;
  priceCents: number | null;
  storeName: string | null;
  creatorId: string;
  picture: {
    id: string;
    thumbnail: string | null;
    poster: string | null;
    clip: string | null;
    audio: string | null;
    webp: CardVariant[];
  } | null;
  likes: number;
  downloads: number;
  approvedAt: Date | null;
};

function previewOf(picture: CardRow["picture"]): CatalogueCard["preview"] {
  if (picture?.clip) return { uploadId: picture.id, variant: "clip", version: picture.clip };
  if (picture?.audio) return { uploadId: picture.id, variant: "audio", version: picture.audio };
  return null;
}

function toCard(row: CardRow): CatalogueCard {
  const picture = row.picture;
  return {
    id: row.id,
    title: bilingual(row.titleFr, row.titleEn),
    kind: row.kind,
    priceCents: row.priceCents,
    storeName: row.storeName?.trim() || null,
    creatorId: row.creatorId,
    picture:
      picture && (picture.thumbnail || picture.poster)
        ? {
            uploadId: picture.id,
            variant: picture.thumbnail ? "thumbnail" : "poster",
            version: (picture.thumbnail ?? picture.poster)!,
            // Copies of the thumbnail: a poster alone (no thumbnail) keeps its JPEG.
            webp: picture.thumbnail ? picture.webp : [],
          }
        : null,
    preview: previewOf(picture),
    likes: Number(row.likes),
    downloads: Number(row.downloads),
    approvedAt: row.approvedAt ? new Date(row.approvedAt).toISOString() : null,
  };
}

function cardsQuery(db: Database) {
  return db
    .select(cardFields)
    .from(s)
    .leftJoin(profiles, eq(profiles.userId, s.creatorId))
    .$dynamic();
}

function trendingSince(): Date {
  return new Date(Date.now() - trendingDays * 24 * 3600 * 1000);
}

/** How many known words a misspelt search word may be corrected to. */
const correctionsPerWord = 3;
/**
 * Trigram similarity a correction needs: one swapped or missing letter in a word of 7+ letters
 * ('montagen' and 'montagne' score 0.5); pg_trgm's own 0.3 turned nonsense into matches.
 */
const correctionSimilarity = 0.45;

/**
 * The known catalogue words nearest to a (possibly misspelt) search word: trigram similarity over
 * the small `catalogue_words` vocabulary (index-served), never over every item's text (0012).
 */
async function nearestWords(db: Database, word: string): Promise<string[]> {
  const result = (await db.execute(
    sql`select word from catalogue_words where word % ${word} and similarity(word, ${word}) >= ${correctionSimilarity} order by similarity(word, ${word}) desc, word limit ${correctionsPerWord}`,
  )) as unknown as { rows: Array<{ word: string }> };
  return result.rows.map((row) => row.word);
}

/** Trigram similarity a spelling candidate needs: loose, as the edit distance decides. */
const spellingCandidateSimilarity = 0.2;
const spellingCandidates = 50;

/**
 * The known word a misspelt word stands for: the vocabulary's words loosely similar to it
 * (trigram index), the one fewest edits away (transpositions count as one), within the edits its
 * length allows. The looser threshold holds for this transaction only.
 */
async function correctedWord(db: Database, word: string): Promise<string | undefined> {
  const candidates = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(spellingCandidateSimilarity)}, true)`,
    );
    const result = (await tx.execute(
      sql`select word from catalogue_words where word % ${word} order by similarity(word, ${word}) desc, word limit ${spellingCandidates}`,
    )) as unknown as { rows: Array<{ word: string }> };
    return result.rows.map((row) => row.word);
  });
  return closestSpelling(word, candidates);
}

/**
 * The search with every word the vocabulary does not know replaced by its correction
 * ('coucher soliel' → 'coucher soleil'), or null when no word changes. Words are compared
 * lower-cased and without accents, as the search does; short words and numbers stay as typed.
 */
export async function correctedSearch(db: Database, q: string): Promise<string | null> {
  const words = searchWords(q);
  const corrected = await Promise.all(
    words.map(async (word) => {
      if (word.length < 3 || /^\d+$/.test(word)) return word;
      const known = (await db.execute(
        sql`select 1 from catalogue_words where word = ${word}`,
      )) as unknown as { rows: unknown[] };
      if (known.rows.length > 0) return word;
      return (await correctedWord(db, word)) ?? word;
    }),
  );
  return corrected.some((word, index) => word !== words[index]) ? corrected.join(" ") : null;
}

/** A search as a where-clause, and its words as the vocabulary's counts read them. */
interface SearchTerms {
  condition: SQL;
  words: SearchedWord[];
}

/**
 * Every word must be found in the title, tags or description, in either language (accents and
 * case ignored; decision 0049), or in the seller's store name. With `fuzzy`, a word may also be
 * replaced by its nearest known words, which forgives a small typo. Store names are looked up
 * first, so the main query stays a plain trigram-index lookup (decision 0012).
 */
async function searchTerms(
  db: Database,
  q: string,
  fuzzy = false,
): Promise<SearchTerms | undefined> {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  const terms = await Promise.all(
    words.map(async (word) => {
      const spellings = fuzzy ? [...new Set([word, ...(await nearestWords(db, word))])] : [word];
      const patterns = spellings.map((spelling) => `%${spelling}%`);
      const stores = await db
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(
          or(
            ...patterns.map(
              (pattern) => sql`vitrine_search_text(${profiles.storeName}) like ${pattern}`,
            ),
          ),
        )
        .limit(500);
      const text = or(...patterns.map((pattern) => sql`${searchDoc} like ${pattern}`))!;
      const condition =
        stores.length > 0
          ? or(
              text,
              inArray(
                s.creatorId,
                stores.map((row) => row.userId),
              ),
            )!
          : text;
      return { condition, word: { spellings, storeMatched: stores.length > 0 } };
    }),
  );
  return {
    condition: and(...terms.map((term) => term.condition))!,
    words: terms.map((term) => term.word),
  };
}

/** The search's where-clause alone (see `searchTerms`). */
export async function searchCondition(
  db: Database,
  q: string,
  fuzzy = false,
): Promise<SQL | undefined> {
  return (await searchTerms(db, q, fuzzy))?.condition;
}

/**
 * Sales and likes per item, counted once for the whole table and hash-joined: a per-row
 * sub-select would cost two index probes for every matching item before the top of the page is
 * known (decision 0012).
 */
const popularity = sql`(select submission_id, count(*) as score from (
  select submission_id from entitlements where revoked_at is null
  union all select submission_id from catalogue_likes) as votes
  group by submission_id) as "popularity"`;

/** No sale and no like: what the popularity join leaves out (a score of 0). */
const unscored = sql`not exists (select 1 from entitlements e where e.submission_id = ${s.id} and e.revoked_at is null)
  and not exists (select 1 from catalogue_likes l where l.submission_id = ${s.id})`;

/**
 * The first `limit` matching items in the popular order, as a table of ids and scores, read in
 * two parts that each stop early: items with sales or likes (few), by score; then the others,
 * newest first, walking the newest-first index. Sorting every match by score read them all
 * (about 400 ms for a common word at a million items, decision record 0056).
 */
function popularRanking(where: SQL, limit: number): SQL {
  const newest = sql`${s.approvedAt} desc nulls last, ${s.id} desc`;
  return sql`(
    (select ${s.id} as id, "popularity"."score" as score from ${s}
      join ${popularity} on "popularity"."submission_id" = ${s.id}
      where ${where} order by "popularity"."score" desc, ${newest} limit ${limit})
    union all
    (select ${s.id}, 0 from ${s} where ${where} and ${unscored} order by ${newest} limit ${limit})
  ) as "ranked"`;
}

/** Beyond this many matches the marketplace shows "10 000+" rather than counting them all. */
export const resultCountCap = 10_000;

/**
 * How many items match, counting no further than `cap` (+1, to know it was passed). A common
 * word at a million items matches over 100,000, and counting each one read them all (700 ms);
 * the first `cap + 1` are found in a bounded scan (decision record 0056).
 */
export async function countUpTo(
  db: Database,
  where: SQL | undefined,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const matches = db
    .select({ one: sql`1`.as("one") })
    .from(s)
    .where(where)
    .limit(cap + 1)
    .as("matches");
  const [row] = await db.select({ counted: sql<number>`count(*)::int` }).from(matches);
  const counted = Number(row!.counted);
  return counted > cap ? { total: cap, capped: true } : { total: counted, capped: false };
}

/** The other orders; each ends newest first, as the newest-first index walks. */
function orderOf(
  sort: Exclude<MarketplaceQuery["sort"], "popular">,
  licence: MarketplaceQuery["licence"],
): SQL[] {
  switch (sort) {
    case "price-asc":
      return [sql`${priceOf(licence)} asc`, sql`${s.approvedAt} desc nulls last`, desc(s.id)];
    case "price-desc":
      return [sql`${priceOf(licence)} desc`, sql`${s.approvedAt} desc nulls last`, desc(s.id)];
    default:
      return [sql`${s.approvedAt} desc nulls last`, desc(s.id)];
  }
}

export interface MarketplacePage {
  items: CatalogueCard[];
  /** How many items match, or `resultCountCap` when there are more (`totalCapped`). */
  total: number;
  totalCapped: boolean;
  page: number;
  pageCount: number;
  /**
   * The search with each misspelt word replaced by its nearest known word, when the words as
   * typed found nothing and the corrected ones did: the results are the corrected search's.
   */
  correctedQuery: string | null;
  /** Items per facet value (asked for with `facets`), or null past `facetCountLimit`. */
  facetCounts: FacetCounts | null;
}

/** The marketplace's results for a query (search, category, price, facets, sort, page). */
export async function searchCatalogue(
  db: Database,
  query: MarketplaceQuery,
  options: { creatorId?: string; pageSize?: number; facets?: boolean; countCap?: number } = {},
): Promise<MarketplacePage> {
  const pageSize = options.pageSize ?? marketplacePageSize;
  const countCap = options.countCap ?? resultCountCap;
  const scope = [onSale(), options.creatorId ? eq(s.creatorId, options.creatorId) : undefined];
  const filters = marketplaceFilters(query);
  const sort = query.category === "trending" && query.sort === "popular" ? "recent" : query.sort;
  /**
   * One page, read one of two ways depending on how many items match. Many (the count stopped
   * at its cap): walking the newest-first index finds a page after a few hundred rows. Few: the
   * matches are read first through the trigram index (`offset 0` keeps PostgreSQL from walking
   * the newest-first index instead, which for a rare word would read the whole catalogue to
   * find nothing), then sorted.
   */
  const pageOf = (where: SQL, page: number, many: boolean) => {
    const offset = (page - 1) * pageSize;
    const rows = (() => {
      if (many)
        return sort === "popular"
          ? cardsQuery(db)
              .innerJoin(popularRanking(where, offset + pageSize), sql`"ranked"."id" = ${s.id}`)
              .orderBy(sql`"ranked"."score" desc`, sql`${s.approvedAt} desc nulls last`, desc(s.id))
          : cardsQuery(db)
              .where(where)
              .orderBy(...orderOf(sort, query.licence));
      const matches = sql`(select ${s.id} as id from ${s} where ${where} offset 0) as "matches"`;
      const few = cardsQuery(db).innerJoin(matches, sql`"matches"."id" = ${s.id}`);
      return sort === "popular"
        ? few
            .leftJoin(popularity, sql`"popularity"."submission_id" = ${s.id}`)
            .orderBy(
              sql`coalesce("popularity"."score", 0) desc`,
              sql`${s.approvedAt} desc nulls last`,
              desc(s.id),
            )
        : few.orderBy(...orderOf(sort, query.licence));
    })();
    return rows.limit(pageSize).offset(offset) as Promise<CardRow[]>;
  };
  // The count first: it says which way to read the page, and which page is the last. Without
  // other filters, the vocabulary's counts may answer it without reading any item: a common
  // word has more than the cap, a word no item holds has none (decision record 0066).
  const unfiltered = filters.length === 0 && !options.creatorId;
  const countOf = async (search: SearchTerms | undefined, where: SQL) => {
    if (search && unfiltered) {
      const bounds = await matchBounds(db, search.words);
      if (bounds.atLeast > countCap) return { total: countCap, capped: true };
      if (bounds.atMost === 0) return { total: 0, capped: false };
    }
    return countUpTo(db, where, countCap);
  };
  const read = async (search: SearchTerms | undefined) => {
    const where = and(...scope, ...filters, search?.condition)!;
    const count = await countOf(search, where);
    const pageCount = Math.max(1, Math.ceil(count.total / pageSize));
    const page = Math.min(query.page, pageCount);
    const rows = count.total === 0 ? [] : await pageOf(where, page, count.capped);
    return { searched: search?.condition, count, page, pageCount, rows };
  };
  // Exact words first; a search that finds nothing is corrected word by word against the
  // vocabulary ('soliel' → 'soleil'), then, failing that, each word may match its nearest
  // known words, which forgives typos. All are served by the trigram index (decision 0012).
  let result = await read(await searchTerms(db, query.q));
  let correctedQuery: string | null = null;
  if (result.count.total === 0 && query.q) {
    const corrected = await correctedSearch(db, query.q);
    if (corrected) {
      const correctedResult = await read(await searchTerms(db, corrected));
      if (correctedResult.count.total > 0) [result, correctedQuery] = [correctedResult, corrected];
    }
  }
  if (result.count.total === 0 && query.q)
    result = await read(await searchTerms(db, query.q, true));
  const counts = options.facets
    ? await facetCounts(db, query, and(...scope, result.searched))
    : null;
  return {
    items: result.rows.map(toCard),
    total: result.count.total,
    totalCapped: result.count.capped,
    page: result.page,
    pageCount: result.pageCount,
    correctedQuery,
    facetCounts: counts,
  };
}

/** Category counts (docs/product.md, "Pages and navigation"): real counts of items on sale, by kind; vectors included. */
export async function categoryCounts(db: Database): Promise<CategoryCounts> {
  const rows = await db
    .select({
      kind: s.kind,
      count: sql<number>`count(*)::int`,
      recent: sql<number>`count(*) filter (where ${s.approvedAt} >= ${trendingSince()})::int`,
    })
    .from(s)
    .where(onSale())
    .groupBy(s.kind);
  const counts = Object.fromEntries(
    [...catalogueKinds, "trending", "total"].map((key) => [key, 0]),
  ) as CategoryCounts;
  for (const row of rows) {
    counts[row.kind] = Number(row.count);
    counts.trending += Number(row.recent);
    counts.total += Number(row.count);
  }
  return counts;
}

/**
 * The home page's featured row: items an admin pinned (in their order), completed with the
 * newest items on sale.
 */
export async function featuredItems(db: Database): Promise<CatalogueCard[]> {
  const pinned = (await cardsQuery(db)
    .innerJoin(catalogueFeatured, eq(catalogueFeatured.submissionId, s.id))
    .where(onSale())
    .orderBy(asc(catalogueFeatured.position), desc(s.approvedAt))
    .limit(featuredCount)) as CardRow[];
  if (pinned.length >= featuredCount) return pinned.map(toCard);
  const newest = (await cardsQuery(db)
    .where(onSale())
    .orderBy(sql`${s.approvedAt} desc nulls last`, desc(s.id))
    .limit(featuredCount * 2)) as CardRow[];
  const seen = new Set(pinned.map((row) => row.id));
  return [...pinned, ...newest.filter((row) => !seen.has(row.id))]
    .slice(0, featuredCount)
    .map(toCard);
}

/** Whether an admin pinned this item to the home page. */
export async function isFeatured(db: Database, submissionId: string): Promise<boolean> {
  if (!uuidPattern.test(submissionId)) return false;
  const [row] = await db
    .select({ id: catalogueFeatured.submissionId })
    .from(catalogueFeatured)
    .where(eq(catalogueFeatured.submissionId, submissionId));
  return Boolean(row);
}

/**
 * Pins an item to the home page (admins only), or unpins it; the change and its audit row are
 * written in one transaction.
 */
export async function setFeatured(
  db: Database,
  viewer: Viewer | null,
  submissionId: string,
  featured: boolean,
  position = 0,
): Promise<void> {
  if (viewer?.role !== "admin") throw new CatalogueError("forbidden");
  if (featured && !(await isOnSale(db, submissionId))) throw new CatalogueError("notFound");
  if (!uuidPattern.test(submissionId)) throw new CatalogueError("notFound");
  const before = await isFeatured(db, submissionId);
  await db.transaction(async (tx) => {
    if (featured)
      await tx
        .insert(catalogueFeatured)
        .values({ submissionId, position })
        .onConflictDoUpdate({ target: catalogueFeatured.submissionId, set: { position } });
    else await tx.delete(catalogueFeatured).where(eq(catalogueFeatured.submissionId, submissionId));
    await tx.insert(auditLog).values({
      actorId: viewer.id,
      action: featured ? "submission.feature" : "submission.unfeature",
      targetType: "content_submission",
      targetId: submissionId,
      before: { featured: before },
      after: { featured },
    });
  });
}

/** The newest video on sale with a preview clip: the home hero's background, if any. */
export async function heroVideo(db: Database): Promise<string | null> {
  const rows = await db.execute<{ id: string }>(sql`
    select u.id from uploads u join content_submissions cs on cs.id = u.submission_id
    where cs.status = 'approved' and cs.deleted_at is null and cs.kind = 'video'
      and (u.derivatives->>'clip') is not null
    order by cs.approved_at desc nulls last limit 1`);
  return (rows as unknown as { rows: Array<{ id: string }> }).rows[0]?.id ?? null;
}

export type CatalogueErrorCode = "forbidden" | "notFound" | "signInRequired";

export class CatalogueError extends Error {
  constructor(readonly code: CatalogueErrorCode) {
    super(`catalogue: ${code}`);
    this.name = "CatalogueError";
  }
}

/** One file of a product, as its page shows it: derived files only, never the original. */
export interface ProductFile {
  id: string;
  fileName: string;
  mime: string | null;
  size: number;
  purpose: "original" | "cover";
  metadata: Pick<
    MediaMetadata,
    "format" | "width" | "height" | "durationSeconds" | "pages" | "waveform"
  >;
  derivatives: Array<keyof MediaDerivatives>;
  /** Each derived file's version, which its URL carries (docs/decisions/0045). */
  versions: MediaDerivatives;
  processing: "none" | "queued" | "processing" | "ready" | "failed";
}

export interface ProductDetail {
  id: string;
  /** Both languages; the page shows its own and falls back to the other (decision 0049). */
  title: Bilingual<string>;
  description: Bilingual<string>;
  kind: CatalogueKind;
  priceCents: number | null;
  tags: Bilingual<string[]>;
  storeName: string | null;
  creatorId: string;
  categoryNameFr: string | null;
  categoryNameEn: string | null;
  approvedAt: string | null;
  likes: number;
  downloads: number;
  liked: boolean;
  files: ProductFile[];
}

/** A product on sale, or null (unknown, malformed, not approved or deleted id). */
export async function getProduct(
  db: Database,
  viewer: Viewer | null,
  submissionId: string,
): Promise<ProductDetail | null> {
  if (!uuidPattern.test(submissionId)) return null;
  const [row] = await db
    .select({
      id: s.id,
      titleFr: s.titleFr,
      titleEn: s.titleEn,
      descriptionFr: s.descriptionFr,
      descriptionEn: s.descriptionEn,
      kind: s.kind,
      priceCents: s.priceCents,
      tagsFr: s.tagsFr,
      tagsEn: s.tagsEn,
      storeName: profiles.storeName,
      creatorId: s.creatorId,
      categoryNameFr: categories.nameFr,
      categoryNameEn: categories.nameEn,
      approvedAt: s.approvedAt,
      likes: likesCount,
      downloads: downloadsCount,
      liked: viewer
        ? sql<boolean>`exists (select 1 from catalogue_likes l where l.submission_id = ${s.id} and l.user_id = ${viewer.id})`
        : sql<boolean>`false`,
    })
    .from(s)
    .leftJoin(profiles, eq(profiles.userId, s.creatorId))
    .leftJoin(categories, eq(categories.id, s.categoryId))
    .where(and(eq(s.id, submissionId), onSale()));
  if (!row) return null;
  const files = await db.query.uploads.findMany({
    where: (u, { and: all, eq: is }) =>
      all(is(u.submissionId, submissionId), is(u.status, "complete")),
    orderBy: (u, { asc: up }) => [up(u.position)],
  });
  const { titleFr, titleEn, descriptionFr, descriptionEn, tagsFr, tagsEn, ...rest } = row;
  return {
    ...rest,
    title: bilingual(titleFr, titleEn),
    description: bilingual(descriptionFr, descriptionEn),
    tags: bilingual(tagsFr, tagsEn),
    storeName: row.storeName?.trim() || null,
    approvedAt: row.approvedAt ? row.approvedAt.toISOString() : null,
    likes: Number(row.likes),
    downloads: Number(row.downloads),
    liked: Boolean(row.liked),
    files: files.map((file) => ({
      id: file.id,
      fileName: file.fileName,
      mime: file.detectedMime,
      size: file.size,
      // A submission's files are its originals and an ebook's cover, nothing else.
      purpose: file.purpose === "cover" ? ("cover" as const) : ("original" as const),
      metadata: {
        format: file.metadata.format,
        width: file.metadata.width,
        height: file.metadata.height,
        durationSeconds: file.metadata.durationSeconds,
        pages: file.metadata.pages,
        waveform: file.metadata.waveform,
      },
      derivatives: (Object.keys(file.derivatives) as Array<keyof MediaDerivatives>).filter((name) =>
        Boolean(file.derivatives[name]),
      ),
      versions: file.derivatives,
      processing: file.processingStatus,
    })),
  };
}

/**
 * Related items (docs/product.md, "Pages and navigation"): same category scores 2, same author 1, up to 6; and the
 * author's other items.
 */
export async function relatedItems(
  db: Database,
  product: Pick<ProductDetail, "id" | "kind" | "creatorId">,
): Promise<{ similar: CatalogueCard[]; sameAuthor: CatalogueCard[] }> {
  const score = sql`((${s.kind} = ${product.kind})::int * 2 + (${s.creatorId} = ${product.creatorId})::int)`;
  const others = and(onSale(), sql`${s.id} <> ${product.id}`);
  const similar = (await cardsQuery(db)
    .where(and(others, sql`${score} > 0`))
    .orderBy(sql`${score} desc`, sql`${s.approvedAt} desc nulls last`)
    .limit(6)) as CardRow[];
  const sameAuthor = (await cardsQuery(db)
    .where(and(others, eq(s.creatorId, product.creatorId)))
    .orderBy(sql`${s.approvedAt} desc nulls last`)
    .limit(6)) as CardRow[];
  return { similar: similar.map(toCard), sameAuthor: sameAuthor.map(toCard) };
}

/** Likes or unlikes an item on sale: one like per user, whatever the number of clicks. */
export async function setLike(
  db: Database,
  viewer: Viewer | null,
  submissionId: string,
  liked: boolean,
): Promise<{ liked: boolean; likes: number }> {
  if (!viewer) throw new CatalogueError("signInRequired");
  if (!(await isOnSale(db, submissionId))) throw new CatalogueError("notFound");
  if (liked) {
    await db
      .insert(catalogueLikes)
      .values({ submissionId, userId: viewer.id })
      .onConflictDoNothing();
  } else {
    await db
      .delete(catalogueLikes)
      .where(
        and(eq(catalogueLikes.submissionId, submissionId), eq(catalogueLikes.userId, viewer.id)),
      );
  }
  const [{ likes }] = (await db
    .select({ likes: sql<number>`count(*)::int` })
    .from(catalogueLikes)
    .where(eq(catalogueLikes.submissionId, submissionId))) as [{ likes: number }];
  return { liked, likes: Number(likes) };
}

export interface CreatorProfile {
  id: string;
  storeName: string | null;
  displayName: string;
  avatar: string | null;
  memberSince: string;
}

/** A seller's public face, or null when the id is unknown or the person sells nothing. */
export async function getCreator(db: Database, creatorId: string): Promise<CreatorProfile | null> {
  if (!/^[\w-]{1,100}$/.test(creatorId)) return null;
  const [row] = await db
    .select({
      id: user.id,
      storeName: profiles.storeName,
      displayName: profiles.displayName,
      avatar: user.image,
      createdAt: user.createdAt,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, creatorId));
  if (!row) return null;
  const [selling] = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.creatorId, creatorId), onSale()))
    .limit(1);
  if (!selling) return null;
  return {
    id: row.id,
    storeName: row.storeName?.trim() || null,
    displayName: row.displayName ?? "",
    avatar: row.avatar,
    memberSince: row.createdAt.toISOString(),
  };
}

/** Every item on sale, for the sitemap. */
export async function sitemapEntries(
  db: Database,
): Promise<Array<{ id: string; updatedAt: Date }>> {
  return db
    .select({ id: s.id, updatedAt: s.updatedAt })
    .from(s)
    .where(onSale())
    .orderBy(desc(s.approvedAt))
    .limit(50_000);
}

/**
 * The cards of the given items that are still on sale, in the order of `ids` (collections,
 * favourites): an item withdrawn, deleted or sold exclusively is left out.
 */
export async function onSaleCards(db: Database, ids: string[]): Promise<CatalogueCard[]> {
  const valid = ids.filter((id) => uuidPattern.test(id));
  if (valid.length === 0) return [];
  const rows = (await cardsQuery(db).where(and(onSale(), inArray(s.id, valid)))) as CardRow[];
  const byId = new Map(rows.map((row) => [row.id, toCard(row)]));
  return valid.flatMap((id) => byId.get(id) ?? []);
}
