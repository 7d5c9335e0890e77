import { beforeAll, describe, expect, it } from "vitest";
import { uniqueIp } from "../support/accounts";
import { postForm, testApp, type TestApp } from "../support/test-app";

// This file's app boots in production mode (the environment is read at boot).
process.env.APP_MODE = "production";
process.env.BETTER_AUTH_SECRET = "a-production-secret-of-at-least-32-characters";
// Production refuses the embedded test payments and database without an explicit opt-in, and
// needs a mail server (nothing here sends mail).
process.env.ALLOW_TEST_PAYMENTS = "true";
process.env.ALLOW_EMBEDDED_DATABASE = "true";
process.env.SMTP_URL = "smtp://127.0.0.1:2525";
process.env.INVOICE_ISSUER_NAME = "Boutique Exemple SAS";
process.env.INVOICE_ISSUER_ADDRESS = "1 place du Marché|69001 Lyon|France";
process.env.INVOICE_ISSUER_VAT_NUMBER = "FR12345678901";

let app: TestApp;

beforeAll(async () => {
  app = await testApp();
});

describe("production mode", () => {
  it("answers 404 on the test-account tools", async () => {
    for (const path of ["/test-accounts", "/create-test-accounts"]) {
      const response = await app.fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("Oops! Page not found");
    }
    expect((await postForm(app, "/create-test-accounts", {})).status).toBe(404);
  });

  it("says on its pages that payments are tests (ALLOW_TEST_PAYMENTS)", async () => {
    const html = (await (await app.fetch("/fr")).text()).replaceAll("&#x27;", "'");
    expect(html).toContain("Paiements de test : aucun argent réel n'est débité");
  });

  it("seeds the categories but no demo account", async () => {
    const { db } = await app.services();
    const categories = await db.query.categories.findMany();
    expect(categories.map((category) => category.slug).sort()).toEqual([
      "audio",
      "ebook",
      "illustration",
      "photo",
      "vector",
      "video",
    ]);
    const response = await postForm(
      app,
      "/fr/auth",
      { intent: "login", email: "admin@vitrine.test", password: "Admin-vitrine-2026" },
      { ip: uniqueIp() },
    );
    expect(response.status).toBe(401);
  });
});
