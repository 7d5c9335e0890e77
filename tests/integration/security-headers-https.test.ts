import { beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../support/test-app";

// This file's app is published at an HTTPS origin (the environment is read at boot).
process.env.BASE_URL = "https://vitrine.example";

let app: TestApp;

beforeAll(async () => {
  app = await testApp();
});

describe("an install published over HTTPS", () => {
  it("tells browsers to come back over HTTPS only, on pages and error pages", async () => {
    for (const pathname of ["/fr", "/en/marketplace", "/en/nowhere"]) {
      // Asked for at the public origin: another host would be redirected there first.
      const response = await app.fetch(new URL(pathname, "https://vitrine.example").href);
      expect(response.headers.get("strict-transport-security"), pathname).toBe(
        "max-age=31536000; includeSubDomains",
      );
      expect(response.headers.get("content-security-policy"), pathname).toContain("'nonce-");
    }
  });
});
