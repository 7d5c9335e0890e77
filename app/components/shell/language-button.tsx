import { Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Locale } from "~/modules/i18n/locale";

/**
 * The language button's look and name, shared by the menu shown at first (language-menu.tsx)
 * and the dropdown loaded on intent (language-dropdown.tsx), so the button does not change when
 * it loads.
 */
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
