/** Where to send the browser back after a cart action: a path of this site, else `fallback`. */
export function backTo(request: Request, form: FormData, fallback: string): string {
  const asked = form.get("redirectTo");
  if (typeof asked === "string" && /^\/(?!\/)/.test(asked)) return asked;
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.origin === new URL(request.url).origin) return url.pathname + url.search;
    } catch {
      // Not a URL: ignore it.
    }
  }
  return fallback;
}
