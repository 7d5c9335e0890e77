import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHealthChecks } from "../../server/health.js";

let stopping = false;
const server = http.createServer((req, res) => {
  void createHealthChecks({
    readiness: async () => ({
      ready: true,
      checks: { database: "ok", migrations: "ok", storage: "ok" },
    }),
    isStopping: () => stopping,
  })(req, res).then((answered) => {
    if (!answered) res.writeHead(418).end();
  });
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

describe("health checks while stopping", () => {
  it("say not ready once a stop began, while the process still answers", async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    stopping = true;
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: "unavailable",
      failing: ["stopping"],
      checks: {},
    });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("leave every other path to the app, and refuse methods other than GET and HEAD", async () => {
    expect((await fetch(`${base}/healthz-not`)).status).toBe(418);
    expect((await fetch(`${base}/readyz`, { method: "POST" })).status).toBe(405);
  });
});
