import { useLocation } from "react-router";
import { localeFromUrl, type Locale } from "~/modules/i18n/locale";

/** The page's language, from its URL. */
export function useLocale(): Locale {
  const location = useLocation();
  return localeFromUrl(new URL(location.pathname + location.search, "http://local"));
}

/** A path inside the current language: localePath("fr", "/marketplace") → "/fr/marketplace". */
export function localePath(locale: Locale, path: string): string {
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}
