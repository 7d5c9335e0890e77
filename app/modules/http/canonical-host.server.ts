// Load balancers probe these by address, not by name: they are answered where they arrive.
const probePaths = new Set(["/healthz", "/readyz"]);

function firstValue(header: string | null): string | null {
  return header?.split(",")[0]?.trim() || null;
}

/**
 * Where a page asked for under another host name than BASE_URL's belongs: the same path and
 * query on BASE_URL, or null when it is already there. Session cookies belong to one host
 * name, and links to the payment page or the seller onboarding are built from BASE_URL, so a
 * visitor who came in as 127.0.0.1 or www. would find themselves signed out there. Only GET and
 * HEAD move: a webhook's POST is answered where it arrives. Behind our own proxy (TRUST_PROXY)
 * the public host and scheme are the proxy's X-Forwarded-Host and X-Forwarded-Proto.
 */
export function canonicalLocation(
  request: Request,
  baseUrl: string,
  trustProxy: boolean,
): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  if (probePaths.has(url.pathname)) return null;
  const canonical = new URL(baseUrl);
  const forwardedProto = trustProxy ? firstValue(request.headers.get("x-forwarded-proto")) : null;
  const forwardedHost = trustProxy ? firstValue(request.headers.get("x-forwarded-host")) : null;
  // Without a trusted proxy the scheme seen here says nothing of the visitor's: only the host
  // is compared.
  const protocol = forwardedProto ? `${forwardedProto.toLowerCase()}:` : canonical.protocol;
  let host: string;
  try {
    host = forwardedHost ? new URL(`${protocol}//${forwardedHost}`).host : url.host;
  } catch {
    host = "";
  }
  if (host === canonical.host && protocol === canonical.protocol) return null;
  return `${canonical.origin}${url.pathname}${url.search}`;
}
