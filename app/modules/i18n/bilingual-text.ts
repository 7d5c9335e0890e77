import type { Locale } from "./locale";

/**
 * A product's text in both languages (decision 0049). An empty value means "not written in that
 * language yet": pages show the other language instead.
 */
export type Bilingual<T> = Record<Locale, T>;

export function otherLocale(locale: Locale): Locale {
  return locale === "fr" ? "en" : "fr";
}

/** The text in the page's language, or the other language's when that one is empty. */
export function inLocale(text: Bilingual<string>, locale: Locale): string {
  return text[locale].trim() !== "" ? text[locale] : text[otherLocale(locale)];
}

/** The tags in the page's language, or the other language's when there are none. */
export function tagsInLocale(tags: Bilingual<string[]>, locale: Locale): string[] {
  return tags[locale].length > 0 ? tags[locale] : tags[otherLocale(locale)];
}

/** The language a text actually shows in on a page of `locale` (for `lang` attributes). */
export function shownLocale(text: Bilingual<string>, locale: Locale): Locale {
  return text[locale].trim() !== "" ? locale : otherLocale(locale);
}

/** Both languages from a row's `…Fr` and `…En` columns. */
export function bilingual<T>(fr: T, en: T): Bilingual<T> {
  return { fr, en };
}
