import { Check } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { localizedPath, locales, splitLocale, type Locale } from "~/modules/i18n/locale";
import {
  LanguageButtonContent,
  languageButtonClass,
  useLanguageButtonLabel,
} from "./language-button";

/** The same page in the other language; unprefixed pages switch through `?lang=`. */
function switchTarget(pathname: string, search: string, target: Locale): string {
  const params = new URLSearchParams(search);
  if (splitLocale(pathname).locale) return `${localizedPath(pathname, target)}${search}`;
  params.set("lang", target);
  return `${pathname}?${params.toString()}`;
}

/** The language menu itself, loaded on intent (language-menu.tsx). */
export default function LanguageDropdown({
  locale,
  defaultOpen,
}: {
  locale: Locale;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const label = useLanguageButtonLabel(locale);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={languageButtonClass} aria-label={label}>
        <LanguageButtonContent locale={locale} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-xl border border-border bg-surface p-1 shadow-lg"
        >
          {locales.map((target) => (
            <DropdownMenu.Item key={target} asChild>
              <Link
                to={switchTarget(location.pathname, location.search, target)}
                replace
                lang={target}
                hrefLang={target}
                className="flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2"
              >
                {t(`languages.${target}`)}
                {target === locale ? <Check className="h-4 w-4" aria-hidden="true" /> : null}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
