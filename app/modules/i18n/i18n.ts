import type { TFunction } from "i18next";
import type { fr } from "./catalog.fr";
import { intlLocale, type Locale } from "./locale";
import type { I18nBinding } from "./react-binding";
import { createTranslator } from "./translator";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof fr };
  }
}

type Catalog = typeof fr;

/**
 * The catalogs at hand. The server registers both whole at start (catalogs.server.ts). The
 * browser holds only the texts it has loaded: the frame's and the page's, for the page's
 * language, before hydration (app/entry.client.tsx) and before a navigation shows another page
 * (root's client middleware); each load adds to the language's texts (page-catalogue.client.ts,
 * decision records 0003 and 0048).
 */
const catalogs = new Map<Locale, Catalog>();

export function registerCatalog(locale: Locale, catalog: Catalog): void {
  catalogs.set(locale, catalog);
}

type Texts = { [name: string]: string | Texts };

function mergeTexts(into: Texts, from: Texts): void {
  for (const [name, value] of Object.entries(from)) {
    const current = into[name];
    if (typeof value === "object" && typeof current === "object") mergeTexts(current, value);
    else into[name] = value;
  }
}

/** Adds part of a language's texts to what the browser holds (the translators see it at once). */
export function addTexts(locale: Locale, texts: object): void {
  let current = catalogs.get(locale) as Texts | undefined;
  if (!current) catalogs.set(locale, (current = {}) as Catalog);
  mergeTexts(current, texts as Texts);
}

/** A language's translator, what `useTranslation()` hands out (react-binding.tsx). */
export type I18n = I18nBinding & {
  /** i18next's name for the same function, kept for callers written against it. */
  getFixedT: (...scope: unknown[]) => TFunction;
};

const instances = new Map<Locale, I18n>();

function reportMissing(key: string, locale: string): void {
  console.error(`No "${key}" text in the ${locale} catalogue loaded for this page`);
}

/** One translator per locale, built synchronously from a catalog already at hand. */
export function getI18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    const catalog = catalogs.get(locale);
    if (!catalog) throw new Error(`The ${locale} catalog is not loaded (loadCatalog first)`);
    // A key the browser lacks shows as the key itself: say so in the console, where the browser
    // tests look (tests/unit/page-catalogues.test.ts keeps it from happening).
    const onMissing = typeof document === "undefined" ? undefined : reportMissing;
    const t = createTranslator(locale, catalog, onMissing);
    instance = { language: locale, t, getFixedT: () => t as unknown as TFunction };
    instances.set(locale, instance);
  }
  return instance;
}

export function getT(locale: Locale): TFunction {
  return getI18n(locale).t as unknown as TFunction;
}

/**
 * Intl formatters are costly to build (locale data resolved on each construction) and free to
 * reuse: every page formats dozens of numbers and prices, so each locale-and-options pair is
 * built once per process (or tab) and kept. The pairs are a handful fixed in code.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[locale], options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[locale], options);
    dateFormats.set(key, format);
  }
  return format;
}

const longDate: Intl.DateTimeFormatOptions = { dateStyle: "long" };
const euros: Intl.NumberFormatOptions = { style: "currency", currency: "EUR" };

export function formatDate(locale: Locale, date: Date | string): string {
  return dateFormat(locale, longDate).format(new Date(date));
}

export function formatNumber(locale: Locale, value: number): string {
  return numberFormat(locale).format(value);
}

/** Money is stored in integer cents of EUR. */
export function formatMoney(locale: Locale, cents: number): string {
  return numberFormat(locale, euros).format(cents / 100);
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
  return numberFormat(locale, {
    style: "unit",
    unit: byteUnits[unit],
    unitDisplay: unit === 0 ? "long" : "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A percentage (66.7 → "66,7 %" in fr, "66.7%" in en), with a fixed number of decimals. */
export function formatPercent(locale: Locale, percent: number, decimals = 1): string {
  return numberFormat(locale, {
    style: "percent",
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(percent / 100);
}

/** A calendar month given as "YYYY-MM" ("janv. 2026", or "janvier 2026" when long). */
export function formatMonth(locale: Locale, month: string, style: "short" | "long" = "short") {
  const [year, index] = month.split("-").map(Number);
  return dateFormat(locale, {
    month: style,
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year ?? 1970, (index ?? 1) - 1, 1)));
}
