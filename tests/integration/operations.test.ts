import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freshPostgresDatabase,
  spawnServer,
  stopServer,
  untilListening,
  type ServerProcess,
} from "../support/server-process";

// One server process for the file, on its own database (PostgreSQL when the run has one).
const onPostgres = Boolean(process.env.DATABASE_URL);
let server: ServerProcess;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;

beforeAll(async () => {
  database = onPostgres ? await freshPostgresDatabase() : undefined;
  server = await spawnServer({ DATABASE_URL: database?.url ?? "" });
  await untilListening(server);
}, 120_000);

afterAll(async () => {
  await stopServer(server);
  await database?.drop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

function accessLine(requestId: string) {
  return server.logLines().find((line) => line.msg === "request" && line.requestId === requestId);
}

/** The access-log line is written when the response closes, a moment after the client has it. */
async function untilLogged(requestId: string) {
  for (let attempt = 0; attempt < 100 && !accessLine(requestId); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return accessLine(requestId);
}

describe("health checks", () => {
  it("answer outside the language redirect, uncached: the process, then its dependencies", async () => {
    const page = await fetch(`${server.baseUrl}/`, { redirect: "manual" });
    expect(page.status).toBe(302);

    const health = await fetch(`${server.baseUrl}/healthz`, { redirect: "manual" });
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ status: "ok" });

    const ready = await fetch(`${server.baseUrl}/readyz`, { redirect: "manual" });
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({
      status: "ok",
      checks: { database: "ok", migrations: "ok", storage: "ok" },
    });
  });

  it("/readyz answers 503 naming storage when files cannot be written", async () => {
    const uploads = path.join(server.dataDir, "uploads");
    const aside = `${uploads}.aside`;
    fs.renameSync(uploads, aside);
    fs.writeFileSync(uploads, "not a directory");
    try {
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: "unavailable",
        failing: ["storage"],
        checks: { database: "ok", migrations: "ok", storage: "failed" },
      });
    } finally {
      fs.rmSync(uploads);
      fs.renameSync(aside, uploads);
    }
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
  });
});

describe("access log and request ids", () => {
  it("logs every request once with its id, status, duration and size, never its query string", async () => {
    const response = await fetch(
      `${server.baseUrl}/fr/marketplace?q=secret-word&sig=signature-value`,
    );
    expect(response.status).toBe(200);
    await response.text();
    const requestId = response.headers.get("x-request-id")!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = await untilLogged(requestId);
    expect(line).toMatchObject({
      method: "GET",
      path: "/fr/marketplace",
      status: 200,
      level: 30,
    });
    expect(line!.durationMs).toEqual(expect.any(Number));
    expect(line!.bytes).toBeGreaterThan(1000);
    const output = server.output().join("\n");
    expect(output).not.toContain("secret-word");
    expect(output).not.toContain("signature-value");
    expect(server.logLines().filter((entry) => entry.requestId === requestId)).toHaveLength(1);
  });

  it("does not take a client's X-Request-Id without TRUST_PROXY", async () => {
    const response = await fetch(`${server.baseUrl}/healthz`, {
      headers: { "X-Request-Id": "chosen-by-the-client" },
    });
    expect(response.headers.get("x-request-id")).not.toBe("chosen-by-the-client");
    expect(await untilLogged(response.headers.get("x-request-id")!)).toBeDefined();
  });
});

describe.runIf(onPostgres)("when the database goes away", () => {
  it("/readyz answers 503 naming the database; a page fails with the request id to quote", async () => {
    await database!.drop();
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { failing: string[]; checks: Record<string, string> };
    expect(body.failing).toEqual(["database", "migrations"]);
    // What failed, not how: the error (database name, paths) goes to the log only.
    expect(body.checks).toEqual({ database: "failed", migrations: "not checked", storage: "ok" });
    expect(JSON.stringify(body)).not.toContain("vitrine_proc");
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);

    const page = await fetch(`${server.baseUrl}/en/marketplace`);
    expect(page.status).toBe(500);
    const requestId = page.headers.get("x-request-id")!;
    const html = await page.text();
    expect(html).toContain("Reference to quote to us:");
    expect(html).toMatch(new RegExp(`<code data-request-id=""[^>]*>${requestId}</code>`));
    // The app's own error line carries the id too, beside the access-log line.
    await untilLogged(requestId);
    const lines = server.logLines().filter((line) => line.requestId === requestId);
    expect(lines.map((line) => line.msg)).toContain("request failed");
    expect(lines.at(-1)).toMatchObject({ msg: "request", status: 500 });
  });
});
