import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findFreePort,
  residentMemory,
  sampleMemory,
  startApp,
  stopApp,
  waitUntilReady,
} from "../../bench/support/app-process.js";
import { serverEnv, serverNodeArgs } from "../../server/node-args.js";

/**
 * The production HTTP server itself (not the build's handler alone): form bodies are limited
 * while they stream, whatever their framing.
 */
const mib = 1024 * 1024;

let app: ReturnType<typeof startApp>;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-body-limit-"));
  const port = await findFreePort();
  app = startApp({
    port,
    dataDir,
    nodeArgs: serverNodeArgs,
    env: { ...serverEnv, DEMO_CONTENT: "false" },
  });
  await waitUntilReady(app);
}, 120_000);

afterAll(async () => {
  if (app) await stopApp(app.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Posts `total` bytes of form body in 64 KiB chunks, honouring backpressure, and stops sending
 * as soon as an answer arrives. Resolves with the status, or rejects if the connection dies
 * first. `announced` sends a Content-Length instead of chunked encoding.
 */
function postBody(pathname: string, total: number, announced?: number): Promise<number> {
  const url = new URL(pathname, app.baseUrl);
  const chunk = Buffer.alloc(64 * 1024, "a");
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: app.baseUrl,
        ...(announced === undefined
          ? { "Transfer-Encoding": "chunked" }
          : { "Content-Length": String(announced) }),
      },
    });
    request.on("response", (response) => {
      answered = true;
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    // Once answered, a write into the closed connection is expected to fail.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    let sent = 0;
    const write = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", write);
          return;
        }
      }
      if (!answered) request.end();
    };
    write();
  });
}

describe("form body limit of the production server", () => {
  it("refuses a 200 MiB chunked form post with 413 without holding it in memory", async () => {
    const before = (await residentMemory(app.child.pid!)).rss;
    const sampler = sampleMemory(app.child.pid!, 20);
    const status = await postBody("/fr/feedback", 200 * mib);
    const peak = await sampler.stop();
    // Both are reported when the limit is gone: the status and what the body cost in memory.
    expect.soft(status).toBe(413);
    expect(peak - before).toBeLessThan(20 * 1_000_000);
    // The server is still there for the next visitor.
    expect((await fetch(`${app.baseUrl}/fr/feedback`)).status).toBe(200);
  });

  it("refuses an announced length over 1 MiB with 413", async () => {
    expect(await postBody("/fr/feedback", 2 * mib, 2 * mib)).toBe(413);
  });

  it("still takes a form under the limit", async () => {
    const response = await fetch(`${app.baseUrl}/fr/feedback`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.baseUrl },
      body: new URLSearchParams({ message: "x".repeat(500_000) }),
    });
    expect(response.status).not.toBe(413);
    expect(response.status).toBeLessThan(500);
  });
});

describe("bodies that are not forms, sent to form actions of the production server", () => {
  /** Pages, resource routes, visitors' and signed-in buyers' actions alike. */
  const actions = [
    "/fr/feedback",
    "/en/contact",
    "/fr/auth",
    "/fr/cart",
    "/fr/checkout",
    "/sign-out",
    "/cookie-consent",
  ];
  const bodies = [
    { type: "application/json", body: '{"message":"x"}', status: 415 },
    { type: "multipart/form-data; boundary=xyz", body: "--xyz\r\nbroken", status: 400 },
  ];

  it("answer 415 or 400, never 500, and log no error", async () => {
    const linesBefore = app.output.total;
    const statuses: Record<string, number[]> = {};
    for (const pathname of actions) {
      statuses[pathname] = [];
      for (const { type, body } of bodies) {
        const response = await fetch(new URL(pathname, app.baseUrl), {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": type, Origin: app.baseUrl },
          body,
        });
        await response.arrayBuffer();
        statuses[pathname].push(response.status);
      }
    }
    expect(statuses).toEqual(
      Object.fromEntries(actions.map((pathname) => [pathname, bodies.map((b) => b.status)])),
    );
    // The server logs at warn and above here: an error would be a line at pino's level 50+.
    const written = app.output.total - linesBefore;
    const newLines = written > 0 ? app.output.lines.slice(-written) : [];
    expect(newLines.filter(isErrorLine)).toEqual([]);
  });
});

function isErrorLine(line: string): boolean {
  try {
    return (JSON.parse(line) as { level?: number }).level! >= 50;
  } catch {
    return /error/i.test(line);
  }
}
