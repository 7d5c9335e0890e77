import { isbot } from "isbot";
import { readConsent } from "../pages/cookie-consent.server";

/** The one cookie a visitor may send and still be served a kept page: the notice's answer. */
const consentCookieName = "vitrine_cookie_consent";

function cookieNames(header: string): string[] {
  return header
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => (pair.includes("=") ? pair.slice(0, pair.indexOf("=")).trim() : pair));
}

/**
 * Under which key a kept page may answer `request`, or null when it must be rendered for this
 * request alone (decision record 0061):
 * - only GET and HEAD, and never React Router's data requests (`.data`: client navigations and
 *   revalidations, rendered each time);
 * - only from a visitor who sends no cookie but the cookie notice's answer (a session, a flash
 *   message, a visitor's cart or any unknown cookie is rendered) and no Authorization header;
 * - the key: the whole URL as received (path and query), the notice's answer (the notice shows
 *   until it is given), and whether the client is a crawler (crawlers get the whole page at
 *   once, people a streamed one). The encoding is chosen per response, not kept in the key.
 */
export async function pageCacheKey(request: Request): Promise<string | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return null;
  if (request.headers.has("authorization")) return null;
  const cookies = cookieNames(request.headers.get("cookie") ?? "");
  if (cookies.some((name) => name !== consentCookieName)) return null;
  const consent = cookies.length > 0 ? ((await readConsent(request)) ?? "none") : "none";
  const userAgent = request.headers.get("user-agent");
  const reader = userAgent && isbot(userAgent) ? "crawler" : "person";
  return `${reader} ${consent} ${url.href}`;
}
