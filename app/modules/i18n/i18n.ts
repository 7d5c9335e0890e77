import i18next, { type i18n as I18n, type TFunction } from "i18next";
import { en } from "./catalog.en";
import { fr } from "./catalog.fr";
import { intlLocale, type Locale } from "./locale";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof fr };
  }
}

export const catalogs = { fr, en } as const;

const instances = new Map<Locale, I18n>();

/** One i18next instance per locale, built synchronously from the bundled catalogs. */
export function getI18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: false,
      resources: { [locale]: { translation: catalogs[locale] } },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}

export function getT(locale: Locale): TFunction {
  return getI18n(locale).t;
}

export function formatDate(locale: Locale, date: Date | string): string {
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: "long" }).format(new Date(date));
}

export function formatNumber(locale: Locale, value: number): string {
  return new Intl.NumberFormat(intlLocale[locale]).format(value);
}

/** Money is stored in integer cents of EUR. */
export function formatMoney(locale: Locale, cents: number): string {
  return new Intl.NumberFormat(intlLocale[locale], { style: "currency", currency: "EUR" }).format(
    cents / 100,
  );
}

const byteUnits = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;

/** A file size in binary units with the locale's words: "12,5 Mo" (fr), "12.5 MB" (en). */
export function formatBytes(locale: Locale, bytes: number): string {
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(intlLocale[locale], {
    style: "unit",
    unit: byteUnits[unit],
    unitDisplay: unit === 0 ? "long" : "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A percentage (66.7 → "66,7 %" in fr, "66.7%" in en), with a fixed number of decimals. */
export function formatPercent(locale: Locale, percent: number, decimals = 1): string {
  return new Intl.NumberFormat(intlLocale[locale], {
    style: "percent",
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(percent / 100);
}

/** A calendar month given as "YYYY-MM" ("janv. 2026", or "janvier 2026" when long). */
export function formatMonth(locale: Locale, month: string, style: "short" | "long" = "short") {
  const [year, index] = month.split("-").map(Number);
  return new Intl.DateTimeFormat(intlLocale[locale], {
    month: style,
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year ?? 1970, (index ?? 1) - 1, 1)));
}
