import { Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Locale } from "~/modules/i18n/locale";
import { MenuOnIntent } from "./menu-on-intent";

export const languageButtonClass = "btn-ghost px-2.5";

/** The button's name: the visible language code is part of it (WCAG 2.5.3, label in name). */
export function useLanguageButtonLabel(locale: Locale): string {
  const { t } = useTranslation();
  return `${t("header.languageMenu")}, ${locale.toUpperCase()}`;
}

/** What the button shows, the same before and after the dropdown is loaded. */
export function LanguageButtonContent({ locale }: { locale: Locale }) {
  return (
    <>
      <Globe className="h-5 w-5" aria-hidden="true" />
      <span className="text-xs font-bold uppercase">{locale}</span>
    </>
  );
}

export function LanguageMenu({ locale }: { locale: Locale }) {
  const label = useLanguageButtonLabel(locale);
  return (
    <MenuOnIntent
      load={() => import("./language-dropdown")}
      menuProps={{ locale }}
      button={(handlers) => (
        <button {...handlers} className={languageButtonClass} aria-label={label}>
          <LanguageButtonContent locale={locale} />
        </button>
      )}
    />
  );
}
