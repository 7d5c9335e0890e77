import type { Locale } from "~/modules/i18n/locale";
import {
  LanguageButtonContent,
  languageButtonClass,
  useLanguageButtonLabel,
} from "./language-button";
import { MenuOnIntent } from "./menu-on-intent";

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
