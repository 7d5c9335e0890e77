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
