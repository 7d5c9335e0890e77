import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { contentSubmissions as s } from "../db/schema";
import {
  facetNames,
  facetValues,
  trendingDays,
  type FacetName,
  type FacetSelection,
  type MarketplaceQuery,
} from "./catalogue-query";

/**
 * The marketplace's filters as composable where-clauses, in one place (decision record 0059):
 * category, price band and the media facets (orientation, dominant colour, minimum resolution,
 * duration, licence). The facets read columns of the item that a trigger copies from its files.
 */

/** What a buyer pays for an item under the licence asked for, else the item's own price (cents). */
export function priceOf(licence: FacetSelection["licence"]): SQL {
  const price = sql`coalesce(${s.priceCents}, 0)`;
  if (!licence) return price;
  const surcharge = sql`coalesce((select l.surcharge_cents from licences l where l.id = ${licence}), 0)`;
  // A free item is claimed under the standard licence without surcharge (docs/product.md,
  // "Licences and prices"); the other licences add theirs to any price.
  return licence === "standard"
    ? sql`(case when ${price} = 0 then 0 else ${price} + ${surcharge} end)`
    : sql`(${price} + ${surcharge})`;
}

function priceCondition(query: Pick<MarketplaceQuery, "price" | "licence">): SQL | undefined {
  const cents = priceOf(query.licence);
  switch (query.price) {
    case "free":
      return sql`${cents} = 0`;
    case "0-10":
      return sql`${cents} < 1000`;
    case "10-25":
      return sql`${cents} >= 1000 and ${cents} < 2500`;
    case "25-50":
      return sql`${cents} >= 2500 and ${cents} < 5000`;
    case "50+":
      return sql`${cents} >= 5000`;
    default:
      return undefined;
  }
}

const width = sql`${s.mediaWidth}`;
const height = sql`${s.mediaHeight}`;
/** The same bounds as the proposals' orientation words (app/modules/ai/file-facts.server.ts). */
const square = sql`abs(${width} - ${height}) <= 0.05 * greatest(${width}, ${height})`;

/** The where-clause of one media facet's value. */
function facetCondition(facet: FacetName, value: string | null): SQL | undefined {
  if (!value) return undefined;
  switch (facet) {
    case "orientation":
      switch (value) {
        case "square":
          return square;
        case "panoramic":
          return sql`${width} >= 2.5 * ${height}`;
        case "landscape":
          return sql`${width} > ${height} and ${width} < 2.5 * ${height} and not (${square})`;
        default:
          return sql`${height} > ${width} and not (${square})`;
      }
    case "colour":
      return eq(s.dominantColour, value);
    case "resolution":
      return sql`greatest(${width}, ${height}) >= ${Number(value)}`;
    case "duration": {
      const [low, high] = String(value).split(/[-+]/);
      const from = sql`${s.mediaDurationSeconds} >= ${Number(low)}`;
      return high ? sql`${from} and ${s.mediaDurationSeconds} < ${Number(high)}` : from;
    }
    default:
      // The licence changes what the price band and price sorts compare, not the items.
      return undefined;
  }
}

function trendingSince(): Date {
  return new Date(Date.now() - trendingDays * 24 * 3600 * 1000);
}

/** Every filter of the query but its search words, optionally leaving one facet out. */
export function marketplaceFilters(query: MarketplaceQuery, except?: FacetName): SQL[] {
  const filters: Array<SQL | undefined> = [
    priceCondition(except === "licence" ? { ...query, licence: null } : query),
  ];
  if (query.category === "trending") filters.push(gte(s.approvedAt, trendingSince()));
  else if (query.category) filters.push(eq(s.kind, query.category));
  for (const facet of facetNames) {
    if (facet !== except) filters.push(facetCondition(facet, query[facet]));
  }
  return filters.filter((filter): filter is SQL => filter !== undefined);
}

export type FacetCounts = { [F in FacetName]: Record<string, number> };

/**
 * Counting reads at most this many matching items: past it the facets show no counts, so a
 * broad query on a large catalogue costs no more than a narrow one.
 */
export const facetCountLimit = 20_000;

/**
 * How many items each facet value would give, the other filters kept (a value's own facet is
 * left out, so the counts say what choosing it instead would show): one pass over the items
 * `base` matches, or null past `facetCountLimit` of them.
 */
export async function facetCounts(
  db: Database,
  query: MarketplaceQuery,
  base: SQL | undefined,
): Promise<FacetCounts | null> {
  const columns: SQL[] = [sql`count(*)::int as "matched"`];
  const keys: Array<[FacetName, string]> = [];
  for (const facet of facetNames) {
    const others = and(...marketplaceFilters(query, facet));
    for (const value of facetValues[facet]) {
      const own =
        facet === "licence"
          ? priceCondition({ price: query.price, licence: value as FacetSelection["licence"] })
          : facetCondition(facet, value);
      const where = and(others, own) ?? sql`true`;
      columns.push(
        sql`count(*) filter (where ${where})::int as ${sql.identifier(`c${keys.length}`)}`,
      );
      keys.push([facet, value]);
    }
  }
  // The sample keeps the table's name, so the filters' column references read it unchanged.
  const result = (await db.execute(sql`select ${sql.join(columns, sql`, `)}
    from (select * from content_submissions where ${base ?? sql`true`} limit ${facetCountLimit + 1}) as "content_submissions"`)) as unknown as {
    rows: Array<Record<string, number>>;
  };
  const row = result.rows[0]!;
  if (Number(row.matched) > facetCountLimit) return null;
  const counts = Object.fromEntries(facetNames.map((facet) => [facet, {}])) as FacetCounts;
  keys.forEach(([facet, value], index) => {
    counts[facet][value] = Number(row[`c${index}`]);
  });
  return counts;
}
