import { beforeAll, describe, expect, it } from "vitest";
import { uniqueIp } from "../support/accounts";
import { CookieJar, postForm, testApp, type TestApp } from "../support/test-app";

// This file's app boots with Google sign-in configured (read at boot).
process.env.GOOGLE_CLIENT_ID = "test-client-id.apps.googleusercontent.com";
process.env.GOOGLE_CLIENT_SECRET = "test-client-secret";

let app: TestApp;

beforeAll(async () => {
  app = await testApp();
});

describe("Google sign-in (configured)", () => {
  it("sends the browser to Google's consent page with a state bound to a cookie", async () => {
    const jar = new CookieJar();
    const response = await postForm(
      app,
      "/en/auth",
      { intent: "google" },
      { ip: uniqueIp(), cookies: jar },
    );
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get("location")!);
    expect(target.origin).toBe("https://accounts.google.com");
    expect(target.searchParams.get("client_id")).toBe("test-client-id.apps.googleusercontent.com");
    expect(target.searchParams.get("redirect_uri")).toBe(
      "http://localhost:3000/api/auth/callback/google",
    );
    expect(target.searchParams.get("state")).toBeTruthy();
    expect(response.headers.getSetCookie().join("\n")).toMatch(/HttpOnly/i);
  });

  it("shows the fixed error when Google sends the user back with an error", async () => {
    const response = await app.fetch("/fr/auth?error=google");
    expect(await response.text()).toContain("Impossible de se connecter avec Google.");
  });

  it("refuses a callback whose state it did not issue", async () => {
    const response = await app.fetch("/api/auth/callback/google?code=abc&state=forged", {
      ip: uniqueIp(),
    });
    expect(response.status).toBe(302);
    // Our sign-in page with the translated Google error, not the library's own error page.
    expect(response.headers.get("location")).toMatch(/^\/fr\/auth\?error=google&/);
  });
});

describe("Google callback (Google's token endpoint mocked at the network edge)", () => {
  const realFetch = globalThis.fetch;

  /** An id token as Google's token endpoint returns it (its signature is not checked there). */
  function idToken(email: string): string {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    return [
      part({ alg: "RS256", typ: "JWT" }),
      part({
        iss: "https://accounts.google.com",
        aud: process.env.GOOGLE_CLIENT_ID,
        sub: `google-${email}`,
        email,
        email_verified: true,
        name: "Google User",
        iat: now,
        exp: now + 3600,
      }),
      "signature",
    ].join(".");
  }

  async function signInWithGoogle(email: string) {
    const jar = new CookieJar();
    const start = await postForm(
      app,
      "/en/auth",
      { intent: "google" },
      { ip: uniqueIp(), cookies: jar },
    );
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const requested: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      requested.push(url);
      if (url.startsWith("https://oauth2.googleapis.com/token")) {
        return Response.json({
          access_token: "google-access-token",
          id_token: idToken(email),
          token_type: "Bearer",
          expires_in: 3600,
        });
      }
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      const callback = await app.fetch(`/api/auth/callback/google?code=auth-code&state=${state}`, {
        cookies: jar,
      });
      return { callback, jar, requested };
    } finally {
      globalThis.fetch = realFetch;
    }
  }

  it("creates a client account for a new Google user and signs it in", async () => {
    const email = `google-new-${Date.now()}@example.test`;
    const { callback, jar, requested } = await signInWithGoogle(email);
    expect(requested.some((url) => url.startsWith("https://oauth2.googleapis.com/token"))).toBe(
      true,
    );
    expect(callback.headers.get("location")).toBe("/en");
    expect(jar.has("better-auth.session_token")).toBe(true);
    const dashboard = await app.fetch("/en/buyer-dashboard", { cookies: jar });
    expect(dashboard.status).toBe(200);
  });

  it("never signs into an existing (unverified) account that has the same e-mail", async () => {
    const email = `google-taken-${Date.now()}@example.test`;
    const registered = await postForm(
      app,
      "/fr/auth",
      {
        intent: "register",
        accountType: "client",
        firstName: "Owner",
        lastName: "Real",
        email,
        password: "owner-password-1",
        confirmPassword: "owner-password-1",
        country: "fr",
        terms: "on",
      },
      { ip: uniqueIp() },
    );
    expect(registered.status).toBe(302);
    const { callback, jar } = await signInWithGoogle(email);
    expect(callback.headers.get("location")).toMatch(/^\/en\/auth\?error=/);
    expect(jar.has("better-auth.session_token")).toBe(false);
    const { db } = await app.services();
    const accounts = await db.query.account.findMany();
    expect(
      accounts.filter((row) => row.providerId === "google" && row.accountId === `google-${email}`),
    ).toHaveLength(0);
  });
});
