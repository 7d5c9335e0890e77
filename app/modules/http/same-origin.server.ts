import { requestRefused } from "./request-refusal";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses (403) a request that changes something when a browser says it comes from another
 * site's page. React Router checks the Origin of page actions only; this check covers every
 * route, resource routes (sign-out, cart, credits, payouts…) included. Browsers send Origin
 * with every POST; Sec-Fetch-Site covers those that leave it out. A request with neither
 * (payment providers' signed webhooks, scripts) does not come from a browser's page.
 */
export function refuseCrossSiteMutation(request: Request, publicOrigin: string): void {
  if (safeMethods.has(request.method)) return;
  const origin = request.headers.get("origin");
  if (origin !== null) {
    if (origin === publicOrigin || origin === new URL(request.url).origin) return;
    throw requestRefused(403, "crossSite");
  }
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") {
    throw requestRefused(403, "crossSite");
  }
}
