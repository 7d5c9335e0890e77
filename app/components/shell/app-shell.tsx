import { useTranslation } from "react-i18next";
import type { Locale } from "~/modules/i18n/locale";
import { useRootData } from "~/components/use-root-data";
import { CookieNotice } from "~/components/pages/cookie-notice";
import { CategoryBar } from "./category-bar";
import { Footer } from "./footer";
import { Header } from "./header";
import { NavigationProgress } from "./navigation-progress";
import { TestPaymentsBanner } from "./test-payments-banner";
import { LazyToaster } from "./toasts";

/** Header, category bar, footer and toasts around every page (docs/product.md, "Pages and navigation"). */
export function AppShell({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2"
      >
        {t("theme.skipToContent")}
      </a>
      {root?.testPayments ? <TestPaymentsBanner /> : null}
      {/* Early in the reading order, so keyboard and screen-reader users meet it first. */}
      {root && !root.cookieConsent ? <CookieNotice locale={locale} /> : null}
      <Header
        locale={locale}
        viewer={root?.viewer ?? null}
        cartCount={root?.cartCount ?? 0}
        googleEnabled={root?.googleEnabled ?? false}
      />
      <CategoryBar locale={locale} />
      <NavigationProgress />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer locale={locale} />
      <LazyToaster
        duration={5000}
        closeButton
        richColors
        position="bottom-right"
        toastOptions={{ closeButtonAriaLabel: t("toast.close") }}
      />
    </div>
  );
}
