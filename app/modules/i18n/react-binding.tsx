import { createContext, use, type ReactNode } from "react";
import type { TFunction } from "i18next";
import type { Translate } from "./translator";

/**
 * Stands in for react-i18next (vite.config.ts and vitest.config.ts alias the package here; root.tsx imports the provider from here), so
 * the 118 components keep `import { useTranslation } from "react-i18next"` and their typed keys
 * while the browser downloads neither react-i18next nor i18next (decision record 0048). Only
 * what the app uses: `useTranslation()` giving `t` and `i18n.language`, and the provider.
 */
export type I18nBinding = { language: string; t: Translate };

const I18nContext = createContext<I18nBinding | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: I18nBinding; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

export function useTranslation(): { t: TFunction; i18n: I18nBinding } {
  const i18n = use(I18nContext);
  if (!i18n) throw new Error("useTranslation outside I18nextProvider");
  return { t: i18n.t as unknown as TFunction, i18n };
}
