import { safeRedirectTarget } from "../http/safe-redirect";

/** Where to send the browser back after a cart action: a path of this site, else `fallback`. */
export function backTo(request: Request, form: FormData, fallback: string): string {
  const asked = safeRedirectTarget(form.get("redirectTo"));
  if (asked) return asked;
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      const url = new URL(referer);
      // A same-origin page's path can still start with `//` or `/\`: checked like the field.
      if (url.origin === new URL(request.url).origin) {
        return safeRedirectTarget(url.pathname + url.search) ?? fallback;
      }
    } catch {
      // Not a URL: ignore it.
    }
  }
  return fallback;
}
