import { beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "~/modules/accounts/accounts.server";
import { testPassword, uniqueEmail, uniqueIp } from "../support/accounts";
import { CookieJar, postForm, testApp, type TestApp } from "../support/test-app";

let app: TestApp;

beforeAll(async () => {
  app = await testApp();
});

async function client(): Promise<string> {
  const email = uniqueEmail("return");
  await createAccount(
    await app.services(),
    { email, password: testPassword, firstName: "Retour", lastName: "Test", country: "fr" },
    "client",
  );
  return email;
}

function signIn(email: string, redirectTo?: string) {
  return postForm(
    app,
    "/fr/auth",
    { intent: "login", email, password: testPassword, ...(redirectTo ? { redirectTo } : {}) },
    { ip: uniqueIp(), cookies: new CookieJar() },
  );
}

describe("back to the page after signing in or up", () => {
  it("signing in returns to the page of this site it was asked from, else to the home page", async () => {
    const email = await client();
    expect((await signIn(email, "/fr/cart")).headers.get("location")).toBe("/fr/cart");
    expect((await signIn(email, "/en/product/abc?licence=extended")).headers.get("location")).toBe(
      "/en/product/abc?licence=extended",
    );
    for (const elsewhere of ["//evil.example/x", "https://evil.example", "/\\evil.example", ""]) {
      expect((await signIn(email, elsewhere)).headers.get("location"), elsewhere).toBe("/fr");
    }
  });

  it("signing up returns there too", async () => {
    const response = await postForm(
      app,
      "/en/auth",
      {
        intent: "register",
        accountType: "client",
        firstName: "New",
        lastName: "Buyer",
        email: uniqueEmail("signup"),
        password: testPassword,
        confirmPassword: testPassword,
        country: "fr",
        terms: "on",
        redirectTo: "/en/cart",
      },
      { ip: uniqueIp(), cookies: new CookieJar() },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/en/cart");
  });

  it("pages send visitors to sign in with the way back", async () => {
    const checkout = await (await app.fetch("/fr/checkout")).text();
    expect(checkout).toContain('href="/fr/auth?redirectTo=%2Ffr%2Fcheckout"');
    const refused = await (await app.fetch("/en/buyer-dashboard?tab=purchases")).text();
    expect(refused).toContain(
      'href="/en/auth?redirectTo=%2Fen%2Fbuyer-dashboard%3Ftab%3Dpurchases"',
    );
    // Already signed in: the sign-in page sends on to the asked page.
    const jar = new CookieJar();
    await postForm(
      app,
      "/fr/auth",
      { intent: "login", email: await client(), password: testPassword },
      { ip: uniqueIp(), cookies: jar },
    );
    const again = await app.fetch("/fr/auth?redirectTo=%2Ffr%2Fcart", { cookies: jar });
    expect(again.headers.get("location")).toBe("/fr/cart");
  });
});
