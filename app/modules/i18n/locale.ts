export const locales = ["fr", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "fr";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** BCP 47 tags used with Intl for each page locale. */
export const intlLocale: Record<Locale, string> = { fr: "fr-FR", en: "en-GB" };

/** Pages that exist only without a language prefix (docs/product.md, "Languages"). */
export const unprefixedOnlyPaths = [
  "/test-accounts",
  "/create-test-accounts",
  "/payment-success",
  "/payment-cancelled",
];

/** Splits a pathname into its locale prefix (if any) and the rest ("/" at least). */
export function splitLocale(pathname: string): { locale: Locale | null; rest: string } {
  const match = /^\/(fr|en)(\/.*)?$/.exec(pathname);
  if (!match) return { locale: null, rest: pathname || "/" };
  return { locale: match[1] as Locale, rest: match[2] ?? "/" };
}

/** The same page in another language: swaps (or adds) the prefix. */
export function localizedPath(pathname: string, target: Locale): string {
  const { rest } = splitLocale(pathname);
  if (unprefixedOnlyPaths.includes(rest)) return rest;
  return rest === "/" ? `/${target}` : `/${target}${rest}`;
}

/** The page's language: its prefix, else `?lang=` (unprefixed pages), else French. */
export function localeFromUrl(url: URL): Locale {
  const { locale } = splitLocale(url.pathname);
  if (locale) return locale;
  const requested = url.searchParams.get("lang");
  return isLocale(requested) ? requested : defaultLocale;
}
