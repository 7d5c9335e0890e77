import { useLocation } from "react-router";
import { safeRedirectTarget } from "~/modules/http/safe-redirect";
import type { Locale } from "~/modules/i18n/locale";

const authPage = /^\/(?:(?:fr|en)\/)?auth(?:[/?#]|$)/;

/** The sign-in page, told to come back to `back` (a path of this site) once signed in. */
export function signInPath(locale: Locale, back: string | null | undefined): string {
  const target = safeRedirectTarget(back);
  const base = `/${locale}/auth`;
  return target && !authPage.test(target)
    ? `${base}?redirectTo=${encodeURIComponent(target)}`
    : base;
}

/** The sign-in page's link from the page the visitor is on, to come back to it. */
export function useSignInPath(locale: Locale): string {
  const location = useLocation();
  return signInPath(locale, location.pathname + location.search);
}

/**
 * Where the sign-in and sign-up forms send the buyer back to: the page's `redirectTo` on the
 * sign-in page, or the page the dialog was opened on. Checked again by the server.
 */
export function useReturnTarget(): string | null {
  const location = useLocation();
  if (authPage.test(location.pathname)) {
    return safeRedirectTarget(new URLSearchParams(location.search).get("redirectTo"));
  }
  return safeRedirectTarget(location.pathname + location.search);
}
