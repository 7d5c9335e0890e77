import { useTranslation } from "react-i18next";
import { Link, useFetcher, useLocation } from "react-router";
import type { Locale } from "~/modules/i18n/locale";
import { localePath } from "../use-locale";

/**
 * The cookie notice, shown until the visitor answers (docs/product.md, "Public pages"; decision record 0019): only essential
 * cookies are set unless they accept. Works without JavaScript (a plain form post).
 */
export function CookieNotice({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  if (fetcher.state !== "idle" || fetcher.data !== undefined) return null;
  return (
    <section
      aria-label={t("pages.cookies.label")}
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-3xl rounded-2xl border border-border bg-surface p-4 shadow-lg sm:inset-x-6"
    >
      <fetcher.Form
        method="post"
        action="/cookie-consent"
        className="flex flex-col gap-3 sm:flex-row sm:items-center"
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <p className="flex-1 text-sm">
          {t("pages.cookies.notice")}{" "}
          <Link
            to={localePath(locale, "/cookie-policy")}
            className="font-medium text-accent underline"
          >
            {t("pages.cookies.learnMore")}
          </Link>
        </p>
        <div className="flex shrink-0 gap-2">
          <button type="submit" name="choice" value="essential" className="btn-secondary">
            {t("pages.cookies.essentialOnly")}
          </button>
          <button type="submit" name="choice" value="all" className="btn-primary">
            {t("pages.cookies.acceptAll")}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
