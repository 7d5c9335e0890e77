import { Infinity as InfinityIcon, Search, ShoppingCart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import type { Viewer } from "~/modules/auth/roles";
import type { Locale } from "~/modules/i18n/locale";
import { localePath } from "../use-locale";
import { useSearchSubmit } from "../use-search-submit";
import { AccountMenu } from "./account-menu";
import { LanguageMenu } from "./language-menu";
import { Logo } from "./logo";

interface HeaderProps {
  locale: Locale;
  viewer: Viewer | null;
  cartCount: number;
  googleEnabled: boolean;
}

function HeaderSearch({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const submitSearch = useSearchSubmit(locale);
  const [params] = useSearchParams();
  return (
    <Form
      role="search"
      aria-label={t("header.searchRegion")}
      method="get"
      action={localePath(locale, "/marketplace")}
      className="relative order-last basis-full md:order-none md:flex-1 md:basis-auto"
      onSubmit={submitSearch}
    >
      <label htmlFor="header-search" className="sr-only">
        {t("header.searchLabel")}
      </label>
      <input
        id="header-search"
        name="q"
        type="search"
        maxLength={200}
        // Remounted when the query changes, so the box shows the trimmed query or nothing.
        key={params.get("q") ?? ""}
        defaultValue={params.get("q") ?? ""}
        placeholder={t("header.searchPlaceholder")}
        className="field-input h-10 rounded-full pl-4 pr-11"
      />
      <button
        type="submit"
        className="absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
        aria-label={t("header.searchSubmit")}
      >
        <Search className="h-4 w-4" aria-hidden="true" />
      </button>
    </Form>
  );
}

export function Header({ locale, viewer, cartCount, googleEnabled }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/95 backdrop-blur">
      <div className="container-page flex flex-wrap items-center gap-x-3 gap-y-2 py-2.5 md:h-16 md:flex-nowrap md:gap-5 md:py-0">
        <Link
          to={localePath(locale, "/")}
          className="flex shrink-0 items-center gap-2"
          aria-label={t("header.home")}
        >
          <Logo />
        </Link>
        <HeaderSearch locale={locale} />
        <nav
          aria-label={t("header.mainNavigation")}
          className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0"
        >
          <Link
            to={localePath(locale, "/infinity")}
            className="btn-ghost hidden md:inline-flex"
            data-testid="infinity-link"
          >
            <InfinityIcon className="h-4 w-4" aria-hidden="true" />
            {t("header.infinity")}
          </Link>
          <LanguageMenu locale={locale} />
          {viewer ? (
            <Link
              to={localePath(locale, "/cart")}
              className="btn-ghost relative px-2.5"
              aria-label={t("header.cartWithCount", { count: cartCount })}
            >
              <ShoppingCart className="h-5 w-5" aria-hidden="true" />
              {cartCount > 0 ? (
                <span
                  className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-xs font-bold leading-5 text-accent-fg"
                  aria-hidden="true"
                >
                  {cartCount}
                </span>
              ) : null}
            </Link>
          ) : null}
          <AccountMenu locale={locale} viewer={viewer} googleEnabled={googleEnabled} />
        </nav>
      </div>
    </header>
  );
}
