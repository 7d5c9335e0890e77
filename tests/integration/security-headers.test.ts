import { beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "../support/accounts";
import { routeTable } from "../support/route-table";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { type CookieJar, testApp, type TestApp } from "../support/test-app";

/**
 * The pages' Content-Security-Policy (docs/decisions/0037) on the plain-HTTP install the tests
 * run (BASE_URL http://localhost:3000, TRUST_PROXY unset).
 */
let app: TestApp;
let admin: CookieJar;

beforeAll(async () => {
  app = await testApp();
  admin = (await signedInAs(app, "admin")).jar;
});

/** The nonce the policy allows scripts with, or null when the response has no such policy. */
function policyNonce(response: Response): string | null {
  const policy = response.headers.get("content-security-policy") ?? "";
  return /(?:^|;\s*)script-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? null;
}

/** Opening tags of the body's <script> elements that would run without this nonce. */
function scriptsWithoutNonce(html: string, nonce: string): string[] {
  const tags = [...html.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0]);
  expect(tags.length).toBeGreaterThan(0);
  return tags.filter(
    (tag) =>
      !tag.includes(` nonce="${nonce}"`) &&
      // Structured data is a data block: browsers never run it, so the policy does not apply.
      !tag.includes('type="application/ld+json"'),
  );
}

async function expectNoncedPage(pathname: string, cookies?: CookieJar): Promise<string> {
  const response = await app.fetch(pathname, { cookies });
  expect(response.headers.get("content-type"), pathname).toMatch(/^text\/html/);
  const nonce = policyNonce(response);
  expect(nonce, `${pathname}: a script-src nonce`).not.toBeNull();
  expect(scriptsWithoutNonce(await response.text(), nonce!), pathname).toEqual([]);
  return nonce!;
}

describe("content security policy", () => {
  it("carries a nonce that every script of every HTML page has, visitors' and admins' alike", async () => {
    let pages = 0;
    for (const route of await routeTable()) {
      for (const cookies of [undefined, admin]) {
        const response = await app.fetch(route.path, { cookies });
        if (!response.headers.get("content-type")?.startsWith("text/html")) continue;
        pages++;
        const nonce = policyNonce(response);
        const who = `${route.path} as ${cookies ? "admin" : "visitor"} (${response.status})`;
        expect(nonce, `${who}: a script-src nonce`).not.toBeNull();
        expect(scriptsWithoutNonce(await response.text(), nonce!), who).toEqual([]);
      }
    }
    // Pages, refusals (401, 403) and "not found" pages of routes with parameters.
    expect(pages).toBeGreaterThan(80);
  });

  it("covers a product page's inline scripts, its structured data left as a data block", async () => {
    const deps = await app.services();
    const seller = await signedInAs(app, "creator");
    const creator = await viewerByEmail(deps, seller.email, "creator");
    const { submission } = await makeSubmission(deps, creator.id, { status: "approved" });
    const pathname = `/en/product/${submission.id}`;
    await expectNoncedPage(pathname);
    const html = await (await app.fetch(pathname)).text();
    expect(html).toContain('<script type="application/ld+json">');
  });

  it("gives every response a nonce of its own", async () => {
    const nonces = new Set<string>();
    for (let index = 0; index < 3; index++) nonces.add(await expectNoncedPage("/fr"));
    nonces.add(await expectNoncedPage("/en/nowhere"));
    expect(nonces.size).toBe(4);
  });

  it("allows no eval, framing, plugin or <base>, and forms only to this site", async () => {
    const policy = (await app.fetch("/fr")).headers.get("content-security-policy")!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'(;|$)/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    // No Stripe or Google in this install: forms stay on this site.
    expect(policy).toMatch(/form-action 'self'(;|$)/);
  });

  it("sends no HSTS over plain HTTP, even when an untrusted client claims HTTPS", async () => {
    for (const headers of [new Headers(), new Headers({ "X-Forwarded-Proto": "https" })]) {
      const response = await app.fetch("/fr", { headers });
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });
});
