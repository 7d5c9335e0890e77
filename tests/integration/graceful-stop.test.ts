import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  freshPostgresDatabase,
  spawnServer,
  stopServer,
  tempDataDir,
  untilListening,
  type ServerProcess,
} from "../support/server-process";

const mib = 1024 * 1024;
const uploadBytes = 200 * mib;
/** What is sent before the stop: the rest only after the restart. */
const sentBeforeStop = 48 * mib;
const shutdownSeconds = 5;
const tus = { "Tus-Resumable": "1.0.0" };

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-stop-"));
const sourceFile = path.join(scratch, "large.jpg");
let sourceSha256 = "";
const dataDir = tempDataDir();
let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
const servers: ServerProcess[] = [];

/** A file the upload rules accept (JPEG by its first bytes), random after that. */
function writeSource() {
  const hash = createHash("sha256");
  const fd = fs.openSync(sourceFile, "w");
  for (let written = 0; written < uploadBytes; written += mib) {
    const chunk = randomBytes(mib);
    if (written === 0) chunk.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
    fs.writeSync(fd, chunk);
    hash.update(chunk);
  }
  fs.closeSync(fd);
  sourceSha256 = hash.digest("hex");
}

/** A server on the test's data directory and database, on a port of its own. */
async function start(): Promise<ServerProcess> {
  const port = await freePort();
  const server = await spawnServer(
    {
      DATABASE_URL: database?.url ?? "",
      BASE_URL: `http://127.0.0.1:${port}`,
      MEDIA_WORKER: "false",
      SHUTDOWN_TIMEOUT_SECONDS: String(shutdownSeconds),
    },
    { dataDir, port },
  );
  servers.push(server);
  // A boot on a machine busy with other server processes has taken over a minute.
  await untilListening(server, 150_000);
  return server;
}

async function signInCreator(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/fr/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams({
      intent: "login",
      email: "createur@vitrine.test",
      password: "Createur-vitrine-2026",
    }),
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}

/** A request whose body the test writes itself, at its own pace. */
function openRequest(
  method: string,
  url: string,
  headers: Record<string, string | number>,
): { request: http.ClientRequest; outcome: Promise<{ status: number } | { error: string }> } {
  const request = http.request(url, { method, headers });
  const outcome = new Promise<{ status: number } | { error: string }>((resolve) => {
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode! }));
    });
    request.on("error", (error) => resolve({ error: error.message }));
  });
  return { request, outcome };
}

/** Writes `length` bytes of the source from `start`, waiting whenever the socket is full. */
async function writeRange(request: http.ClientRequest, start: number, length: number) {
  const stream = fs.createReadStream(sourceFile, { start, end: start + length - 1 });
  for await (const chunk of stream) {
    if (!request.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onClose = () => reject(new Error("closed"));
        request.once("close", onClose);
        request.once("drain", () => {
          request.off("close", onClose);
          resolve();
        });
      });
    }
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function untilFileHolds(file: string, bytes: number) {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (fs.existsSync(file) && fs.statSync(file).size >= bytes) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${file} never reached ${bytes} bytes`);
}

beforeAll(async () => {
  writeSource();
  database = process.env.DATABASE_URL ? await freshPostgresDatabase() : undefined;
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await database?.drop();
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("stopping on SIGTERM", () => {
  it("ends the live stream, cuts the upload where the next process resumes it, finishes other requests, exits 0 within the bound", async () => {
    const first = await start();
    const cookie = await signInCreator(first.baseUrl);

    const created = await fetch(`${first.baseUrl}/api/uploads`, {
      method: "POST",
      headers: {
        ...tus,
        Cookie: cookie,
        "Upload-Length": String(uploadBytes),
        "Upload-Metadata": `filename ${Buffer.from("large.jpg").toString("base64")}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const uploadId = location.split("/").pop()!;
    const storedFile = path.join(dataDir, "uploads", uploadId);

    // An open live-count stream, as every page has.
    const stream = await fetch(`${first.baseUrl}/api/catalogue/events`);
    const reader = stream.body!.getReader();
    let received = "";
    while (!received.includes(": connected")) {
      received += new TextDecoder().decode((await reader.read()).value);
    }

    // A form whose body is still on its way when the stop begins.
    const formBody = new URLSearchParams({ intent: "login", email: "x@example.test" }).toString();
    const form = openRequest("POST", `${first.baseUrl}/fr/auth`, {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": Buffer.byteLength(formBody),
      Origin: first.baseUrl,
    });
    form.request.write(formBody.slice(0, 10));

    // The upload: the whole length announced, a part sent, the rest held back.
    const upload = openRequest("PATCH", `${first.baseUrl}${location}`, {
      ...tus,
      Cookie: cookie,
      "Upload-Offset": 0,
      "Content-Type": "application/offset+octet-stream",
      "Content-Length": uploadBytes,
    });
    await writeRange(upload.request, 0, sentBeforeStop);
    await untilFileHolds(storedFile, 1);

    const stoppedAt = Date.now();
    first.child.kill("SIGTERM");
    form.request.end(formBody.slice(10));

    // The stream ends cleanly (no error), the form gets its answer, the upload is cut.
    let ended = false;
    while (!ended) ended = (await reader.read()).done;
    expect(await form.outcome).toEqual({ status: expect.any(Number) });
    expect(await upload.outcome).toEqual({ error: expect.any(String) });
    expect(await first.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(shutdownSeconds * 1000);

    // Every request has its access-log line, the cut upload's marked as such.
    const requests = first.logLines().filter((line) => line.msg === "request");
    expect(requests.find((line) => line.method === "PATCH")).toMatchObject({
      path: location,
      aborted: true,
    });
    expect(requests.find((line) => line.path === "/api/catalogue/events")).toMatchObject({
      status: 200,
    });
    expect(
      requests.find((line) => line.method === "POST" && line.path === "/fr/auth" && line.bytesIn),
    ).toMatchObject({ status: expect.any(Number) });
    expect(requests.find((line) => line.aborted && line.method !== "PATCH")).toBeUndefined();
    // One line for each request the test made: none left open, none logged twice.
    const linesFor = (method: string, path: string) =>
      requests.filter((line) => line.method === method && line.path === path).length;
    expect(linesFor("POST", "/fr/auth")).toBe(2);
    expect(linesFor("POST", "/api/uploads")).toBe(1);
    expect(linesFor("GET", "/api/catalogue/events")).toBe(1);
    expect(linesFor("PATCH", location)).toBe(1);
    // It said it stopped. (Not necessarily as its last line: a connection destroyed at the end
    // may have its access-log line written just after, on a loaded machine.)
    expect(first.logLines().filter((line) => line.msg === "stopped")).toHaveLength(1);

    // The next process takes the upload where the file store left it.
    const second = await start();
    const head = await fetch(`${second.baseUrl}${location}`, {
      method: "HEAD",
      headers: { ...tus, Cookie: cookie },
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sentBeforeStop);
    expect(offset).toBe(fs.statSync(storedFile).size);

    const rest = openRequest("PATCH", `${second.baseUrl}${location}`, {
      ...tus,
      Cookie: cookie,
      "Upload-Offset": offset,
      "Content-Type": "application/offset+octet-stream",
      "Content-Length": uploadBytes - offset,
    });
    await writeRange(rest.request, offset, uploadBytes - offset);
    rest.request.end();
    expect(await rest.outcome).toEqual({ status: 204 });
    expect(await sha256Of(storedFile)).toBe(sourceSha256);
  }, 420_000);
});
