import { beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "../support/accounts";
import { postForm, testApp, type CookieJar, type TestApp } from "../support/test-app";

let app: TestApp;

beforeAll(async () => {
  app = await testApp();
});

async function signedIn(jar: CookieJar): Promise<boolean> {
  return (await app.fetch("/fr/buyer-dashboard", { cookies: jar })).status === 200;
}

function signOut(jar: CookieJar, headers: Record<string, string>) {
  return app.fetch("/sign-out", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ lang: "fr" }),
    cookies: jar,
  });
}

describe("changes sent from another site", () => {
  it("do not sign anyone out; the site's own form does", async () => {
    const { jar } = await signedInAs(app, "client");
    const fromOrigin = await signOut(jar, { Origin: "https://evil.example" });
    expect(fromOrigin.status).toBe(403);
    const fromSite = await signOut(jar, { "Sec-Fetch-Site": "cross-site" });
    expect(fromSite.status).toBe(403);
    const fromNull = await signOut(jar, { Origin: "null" });
    expect(fromNull.status).toBe(403);
    expect(await signedIn(jar)).toBe(true);

    const own = await signOut(jar, {
      Origin: "http://localhost:3000",
      "Sec-Fetch-Site": "same-origin",
    });
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toBe("/fr/auth");
    expect(await signedIn(jar)).toBe(false);
  });

  it("are refused on resource routes and pages alike, explained on a page", async () => {
    const { jar } = await signedInAs(app, "client");
    const cart = await app.fetch("/fr/cart", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Site": "cross-site",
      },
      body: new URLSearchParams({ intent: "clear" }),
      cookies: jar,
    });
    expect(cart.status).toBe(403);
    expect(await cart.text()).toContain("Cette action ne peut être envoyée que depuis une page");
    const consent = await app.fetch("/cookie-consent", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.example",
      },
      body: new URLSearchParams({ choice: "all", redirectTo: "/fr" }),
    });
    expect(consent.status).toBe(403);
    expect(consent.headers.get("set-cookie")).toBeNull();
  });

  it("still reach the signed payment webhook, which has no browser origin", async () => {
    const response = await app.fetch("/api/payments/webhook/test", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).not.toBe(403);
    expect(response.status).toBeLessThan(500);
  });
});

describe("redirect targets of forms", () => {
  it.each(["//evil.example", "/\\evil.example", "/\\t/evil.example", "/\t/evil.example"])(
    "stay on the site when asked for %j",
    async (target) => {
      const response = await postForm(app, "/cookie-consent", {
        choice: "essential",
        redirectTo: target,
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    },
  );
});

describe("the canonical host name", () => {
  it("sends pages asked for under another host name to BASE_URL's, path and query kept", async () => {
    const page = await app.fetch("http://127.0.0.1:3000/fr/marketplace?q=chat&page=2");
    expect(page.status).toBe(308);
    expect(page.headers.get("location")).toBe("http://localhost:3000/fr/marketplace?q=chat&page=2");
    const head = await app.fetch("http://www.localhost:3000/en", { method: "HEAD" });
    expect(head.status).toBe(308);
    expect(head.headers.get("location")).toBe("http://localhost:3000/en");
    expect((await app.fetch("http://localhost:3000/fr")).status).toBe(200);
  });

  it("answers other methods where they arrive", async () => {
    const response = await app.fetch("http://127.0.0.1:3000/api/payments/webhook/test", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).not.toBe(308);
    expect(response.status).toBeLessThan(500);
  });

  it("ignores X-Forwarded-Host when the proxy is not trusted", async () => {
    const response = await app.fetch("/fr", { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(response.status).toBe(200);
  });
});
