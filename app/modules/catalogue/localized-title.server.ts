import { inArray, sql, type SQL } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "../db/client.server";
import { contentSubmissions as s } from "../db/schema";
import { bilingual, inLocale } from "../i18n/bilingual-text";
import type { Locale } from "../i18n/locale";

/**
 * An item's title in a language, in SQL: that language's, else the other's when it was left
 * empty (decision 0049). For queries that read one title for one reader (mails, lists joined to
 * other tables); pages that read whole items pick with `inLocale` instead.
 */
export function titleIn(locale: Locale): SQL<string> {
  const [own, other] = locale === "fr" ? [s.titleFr, s.titleEn] : [s.titleEn, s.titleFr];
  return sql<string>`coalesce(nullif(btrim(${own}), ''), ${other})`;
}

/**
 * Sale lines (transactions, purchases) with the title of their item in `locale`, falling back to
 * the other language and then to the title kept when it was sold (the item may be gone). One
 * query for all the lines: receipts, e-mails and lists show the reader's language.
 */
export async function withTitlesIn<T extends { submissionId: string | null; title: string | null }>(
  db: Database | DatabaseTransaction,
  rows: T[],
  locale: Locale,
): Promise<T[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.submissionId ? [row.submissionId] : [])))];
  if (ids.length === 0) return rows;
  const items = await db
    .select({ id: s.id, titleFr: s.titleFr, titleEn: s.titleEn })
    .from(s)
    .where(inArray(s.id, ids));
  const titles = new Map(
    items.map((item) => [item.id, inLocale(bilingual(item.titleFr, item.titleEn), locale).trim()]),
  );
  return rows.map((row) => {
    const title = row.submissionId ? titles.get(row.submissionId) : undefined;
    return title ? { ...row, title } : row;
  });
}
