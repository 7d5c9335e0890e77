import { beforeAll, describe, expect, it } from "vitest";
import { uniqueIp } from "../support/accounts";
import { postForm, testApp, type TestApp } from "../support/test-app";

// This file's app boots in production mode (the environment is read at boot).
process.env.APP_MODE = "production";
process.env.BETTER_AUTH_SECRET = "a-production-secret-of-at-least-32-characters";

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
