import { describe, expect, it } from "vitest";
import { testApp } from "../support/test-app";

describe("language routing", () => {
  it("sends the root to /fr", async () => {
    const response = await (await testApp()).fetch("/");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fr");
  });

  it("redirects an unprefixed path to /fr + path, keeping the query", async () => {
    const app = await testApp();
    const response = await app.fetch("/marketplace?category=photo");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/fr/marketplace?category=photo");
    const deep = await app.fetch("/auth/seller");
    expect(deep.headers.get("location")).toBe("/fr/auth/seller");
  });

  it("serves the unprefixed-only pages without redirecting", async () => {
    const app = await testApp();
    for (const pathname of ["/test-accounts", "/auth"]) {
      const response = await app.fetch(pathname);
      expect(response.status, pathname).toBe(200);
    }
  });

  it.each(["/fr/nowhere", "/en/nowhere/at/all"])(
    "answers %s with a real 404 page",
    async (path) => {
      const response = await (await testApp()).fetch(path);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Oops! Page not found");
      expect(html).toMatch(new RegExp(`href="/${path.slice(1, 3)}"`));
    },
  );

  it("renders each language with its lang, title, description, canonical and alternates", async () => {
    const app = await testApp();
    const fr = await (await app.fetch("/fr/auth")).text();
    expect(fr).toContain('<html lang="fr"');
    expect(fr).toContain("<title>Connexion ou inscription — Vitrine</title>");
    expect(fr).toMatch(/<meta name="description" content="Connectez-vous/);
    expect(fr).toContain('<link rel="canonical" href="http://localhost:3000/fr/auth"/>');
    expect(fr).toContain('hrefLang="en" href="http://localhost:3000/en/auth"');
    expect(fr).toContain('hrefLang="fr" href="http://localhost:3000/fr/auth"');

    const en = await (await app.fetch("/en/auth")).text();
    expect(en).toContain('<html lang="en"');
    expect(en).toContain("<title>Sign in or sign up — Vitrine</title>");
    expect(en).toContain('<link rel="canonical" href="http://localhost:3000/en/auth"/>');
  });

  it("gives every page its own title", async () => {
    const app = await testApp();
    const titles = new Set<string>();
    for (const path of ["/fr", "/fr/marketplace", "/fr/auth", "/fr/auth/seller", "/fr/nowhere"]) {
      const html = await (await app.fetch(path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      titles.add(title!);
    }
    expect(titles.size).toBe(5);
  });

  it("sends security headers with pages", async () => {
    const response = await (await testApp()).fetch("/fr");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});
