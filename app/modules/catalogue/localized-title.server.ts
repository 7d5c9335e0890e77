import { sql, type SQL } from "drizzle-orm";
import { contentSubmissions as s } from "../db/schema";
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
