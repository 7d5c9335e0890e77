import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  spawnServer,
  stopServer,
  untilListening,
  type ServerProcess,
} from "../support/server-process";

// The production server behind a TLS-terminating proxy of our own: the browser speaks https to
// the proxy, the proxy speaks http to us and says so in X-Forwarded-Proto and -Host.
let server: ServerProcess;

beforeAll(async () => {
  server = await spawnServer({ TRUST_PROXY: "true", BASE_URL: "https://shop.example" });
  await untilListening(server);
}, 120_000);

afterAll(async () => {
  await stopServer(server);
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

function throughProxy(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-Proto", "https");
  headers.set("X-Forwarded-Host", "shop.example");
  return fetch(new URL(path, server.baseUrl), { ...init, headers, redirect: "manual" });
}

describe("behind a trusted TLS proxy", () => {
  it("takes a page's form sent from the public https origin", async () => {
    const response = await throughProxy("/en/contact", {
      method: "POST",
      headers: { Origin: "https://shop.example", "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({
        form: "contact-form",
        firstName: "Jeanne",
        lastName: "Martin",
        email: "jeanne.proxy@example.com",
        subject: "billing",
        message: "Ma facture de novembre n'apparaît pas.",
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Your message has been sent.");
  });

  it("still refuses the same form from another origin", async () => {
    const response = await throughProxy("/en/contact", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: new URLSearchParams({ form: "contact-form" }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it("serves pages under the public host without redirecting them", async () => {
    const response = await throughProxy("/en");
    expect(response.status).toBe(200);
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });
});
