import { randomBytes } from "node:crypto";
import type { Env } from "../config/env.server";

type PolicyEnv = Pick<Env, "baseUrl" | "TRUST_PROXY" | "STRIPE_SECRET_KEY" | "GOOGLE_CLIENT_ID">;

/** A fresh nonce for one HTML response: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Where a form may lead, redirects included (Chromium checks form-action on the redirect that
 * follows a POST): this site, plus the hosted pages the checkout, payout-account and Google
 * sign-in forms redirect to when those services are configured.
 */
function formTargets(env: PolicyEnv): string[] {
  const targets = ["'self'"];
  if (env.STRIPE_SECRET_KEY)
    targets.push("https://checkout.stripe.com", "https://connect.stripe.com");
  if (env.GOOGLE_CLIENT_ID) targets.push("https://accounts.google.com");
  return targets;
}

/**
 * The page policy (docs/decisions/0037): scripts only with this response's nonce (and what they
 * load), everything else from this origin, nothing framed, no plugin, no <base>.
 */
export function contentSecurityPolicy(nonce: string, env: PolicyEnv): string {
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'none'"]],
    ["script-src", [`'nonce-${nonce}'`, "'strict-dynamic'"]],
    // Style attributes (React, Radix) and the <style> elements libraries insert at run time
    // cannot carry a nonce.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    // blob: is the cover picker's preview of a file still on the seller's disk.
    ["img-src", ["'self'", "blob:"]],
    ["media-src", ["'self'"]],
    ["connect-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", formTargets(env)],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/**
 * Whether the browser reached us over HTTPS: the public origin says so, or our own proxy does
 * (X-Forwarded-Proto, only trusted with TRUST_PROXY). A browser ignores HSTS received over plain
 * HTTP, and a plain-HTTP install (localhost) never sends it.
 */
function servedOverHttps(env: PolicyEnv, request: Request): boolean {
  if (env.baseUrl.startsWith("https://")) return true;
  if (!env.TRUST_PROXY) return false;
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return forwarded?.toLowerCase() === "https";
}

/** Headers of every HTML response: the page policy with its nonce, HSTS over HTTPS, and more. */
export function setSecurityHeaders(
  headers: Headers,
  { nonce, env, request }: { nonce: string; env: PolicyEnv; request: Request },
): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, env));
  if (servedOverHttps(env, request)) {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
}
