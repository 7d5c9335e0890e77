import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  freshPostgresDatabase,
  spawnServer,
  stopServer,
  untilListening,
  type ServerProcess,
} from "../support/server-process";

// Two web processes with MEDIA_WORKER=false and one `npm run worker` on one PostgreSQL
// database: what happens through one web process shows on pages of the other, and the worker
// runs the jobs both queue.
const started: ServerProcess[] = [];
let database: { url: string; drop(): Promise<void> } | undefined;
let client: pg.Client;
let webA: ServerProcess;
let webB: ServerProcess;
let worker: ServerProcess;

async function startWeb(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const server = await spawnServer(
    { ...env, MEDIA_WORKER: "false", BASE_URL: `http://127.0.0.1:${port}` },
    { port },
  );
  started.push(server);
  return server;
}

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  database = await freshPostgresDatabase();
  client = new pg.Client({ connectionString: database.url });
  const env = { APP_MODE: "demo", DATABASE_URL: database.url };
  // The first process migrates and seeds the demo accounts; the others find them there.
  webA = await startWeb(env);
  await untilListening(webA);
  const workerPort = await freePort();
  // MEDIA_WORKER=false as in a configuration shared by every process: the worker runs jobs anyway.
  worker = await spawnServer(
    { ...env, MEDIA_WORKER: "false", WORKER_PORT: String(workerPort) },
    { port: workerPort, script: "server/worker.js" },
  );
  started.push(worker);
  webB = await startWeb(env);
  await Promise.all([untilListening(webB), untilListening(worker)]);
  await client.connect();
}, 180_000);

afterAll(async () => {
  await Promise.all(started.map(stopServer));
  for (const server of started) fs.rmSync(server.dataDir, { recursive: true, force: true });
  await client?.end().catch(() => undefined);
  await database?.drop();
});

/**
 * Signs the demo admin in on one web process, once per process (sign-ins are rate-limited);
 * returns its Cookie header.
 */
const adminSessions = new Map<ServerProcess, Promise<string>>();
function adminCookies(server: ServerProcess): Promise<string> {
  let session = adminSessions.get(server);
  if (!session) {
    session = signAdminIn(server);
    adminSessions.set(server, session);
  }
  return session;
}

async function signAdminIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/fr/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.baseUrl },
    body: new URLSearchParams({
      intent: "login",
      email: "admin@vitrine.test",
      password: "Admin-vitrine-2026",
    }),
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}

/** A pending audio item of the demo creator, as a seller's submission leaves it. */
async function pendingItem(): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into content_submissions (creator_id, title_fr, description_fr, kind, price_cents, status, submitted_at)
     select id, 'Pluie sur Lyon', 'Un enregistrement', 'audio', 900, 'pending', now()
     from users where email = 'createur@vitrine.test'
     returning id`,
  );
  return rows[0]!.id;
}

async function approveOn(server: ServerProcess, cookies: string, submissionId: string) {
  const response = await fetch(`${server.baseUrl}/fr/admin/moderation`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.baseUrl, Cookie: cookies },
    body: new URLSearchParams({ intent: "approve", submissionId }),
  });
  expect(response.status).toBeLessThan(400);
}

/** Likes an item through one web process. */
async function likeOn(server: ServerProcess, cookies: string, submissionId: string) {
  const response = await fetch(`${server.baseUrl}/fr/product/${submissionId}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.baseUrl, Cookie: cookies },
    body: new URLSearchParams({ intent: "like" }),
  });
  expect(response.status).toBeLessThan(400);
}

/** The audio count in a page's category bar, rendered on the server. */
async function audioCountOnPage(server: ServerProcess): Promise<number> {
  const html = await (await fetch(`${server.baseUrl}/fr`)).text();
  const match = /data-testid="category-count-audio"[^>]*>(\d+)</.exec(html);
  expect(match, "the category bar's audio count").not.toBeNull();
  return Number(match![1]);
}

/** Reads Server-Sent Events until a `counts` event arrives or the deadline passes. */
async function nextCounts(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  deadline: number,
): Promise<{ counts: { audio: number }; submissionId: string } | null> {
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("event: counts")) {
    const left = deadline - Date.now();
    if (left <= 0) return null;
    let timer: NodeJS.Timeout | undefined;
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), left))),
    ]);
    clearTimeout(timer);
    if (!chunk || chunk.done) return null;
    text += decoder.decode(chunk.value, { stream: true });
  }
  const data = text.split("event: counts\ndata: ")[1]!.split("\n")[0]!;
  return JSON.parse(data) as { counts: { audio: number }; submissionId: string };
}

/** Waits, up to `timeoutMs`, for `check` to hold; returns its last answer. */
async function within<T>(timeoutMs: number, read: () => Promise<T>, check: (value: T) => boolean) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe.runIf(process.env.DATABASE_URL)("two web processes and a worker on PostgreSQL", () => {
  it("push an approval made through one web process to a visitor's live counts on the other within 2 seconds", async () => {
    const cookies = await adminCookies(webB);
    const submissionId = await pendingItem();
    const controller = new AbortController();
    const stream = await fetch(`${webA.baseUrl}/api/catalogue/events`, {
      signal: controller.signal,
    });
    const reader = stream.body!.getReader();
    await reader.read(); // the stream opens with a comment: A now follows the catalogue
    const before = await audioCountOnPage(webA);
    try {
      await approveOn(webB, cookies, submissionId);
      const message = await nextCounts(reader, Date.now() + 2000);
      expect(message, "a counts event on web A within 2 s").not.toBeNull();
      expect(message!.submissionId).toBe(submissionId);
      expect(message!.counts.audio).toBe(before + 1);
    } finally {
      controller.abort();
    }
  }, 30_000);

  it("show the new count on a page of the other web process at once, not after its cache expires", async () => {
    const cookies = await adminCookies(webB);
    const submissionId = await pendingItem();
    // A page on A fills A's counts cache, kept for ten seconds unless an event clears it.
    const before = await audioCountOnPage(webA);
    await approveOn(webB, cookies, submissionId);
    // The notification crosses in milliseconds; two seconds is the live counts' own promise.
    const after = await within(
      2000,
      () => audioCountOnPage(webA),
      (count) => count === before + 1,
    );
    expect(after).toBe(before + 1);
  }, 30_000);

  it("show an approval and a like made through one web process on the other's cached pages, not after the cache expires", async () => {
    const cookies = await adminCookies(webB);
    const submissionId = await pendingItem();
    const product = `${webA.baseUrl}/fr/product/${submissionId}`;
    const status = async () => (await fetch(product)).status;
    const likes = async () => /(\d+) j&#x27;aime/.exec(await (await fetch(product)).text())?.[1];
    // A's marketplace and 404 are now in A's catalogue cache, kept ten seconds without an event.
    expect(await status()).toBe(404);
    const listing = async () => (await fetch(`${webA.baseUrl}/fr/marketplace?sort=recent`)).text();
    expect(await listing()).not.toContain(submissionId);
    await approveOn(webB, cookies, submissionId);
    expect(await within(2000, status, (value) => value === 200)).toBe(200);
    expect(await within(2000, listing, (html) => html.includes(submissionId))).toContain(
      submissionId,
    );
    expect(await likes()).toBe("0");
    await likeOn(webB, cookies, submissionId);
    expect(await within(2000, likes, (count) => count === "1")).toBe("1");
  }, 30_000);

  it("drop the pages one web process keeps whole for visitors when a change is made through the other", async () => {
    const cookies = await adminCookies(webB);
    const submissionId = await pendingItem();
    await approveOn(webB, cookies, submissionId);
    const product = `${webA.baseUrl}/fr/product/${submissionId}`;
    const visitorPage = async () => (await fetch(product)).text();
    // A renders the page for a visitor, then keeps it whole (decision record 0061).
    expect(await within(2000, visitorPage, (html) => html.includes("Pluie sur Lyon"))).toContain(
      "Pluie sur Lyon",
    );
    // Renamed behind the app's back: no event, so A goes on serving the page it keeps.
    await client.query(`update content_submissions set title_fr = 'Orage sur Lyon' where id = $1`, [
      submissionId,
    ]);
    expect(await visitorPage()).toContain("Pluie sur Lyon");
    // A like through B is announced to A, which drops its kept pages and renders again.
    await likeOn(webB, cookies, submissionId);
    const after = await within(2000, visitorPage, (html) => html.includes("Orage sur Lyon"));
    expect(after).toContain("Orage sur Lyon");
    expect(after).toMatch(/1 j&#x27;aime/);
  }, 30_000);

  it("have the worker process run a job queued by a web process without a worker", async () => {
    const email = `visiteur-${Date.now()}@example.test`;
    const response = await fetch(`${webA.baseUrl}/en/contact`, {
      method: "POST",
      headers: { Origin: webA.baseUrl },
      body: new URLSearchParams({
        form: "contact-form",
        firstName: "Jeanne",
        lastName: "Martin",
        email,
        subject: "billing",
        message: "Ma facture de novembre n'apparaît pas.",
      }),
    });
    expect(response.status).toBe(200);
    // The acknowledgement is a mail.send job; only the worker process runs jobs here.
    const sent = await within(
      10_000,
      async () =>
        (
          await client.query<{ subject: string }>(
            'select subject from mail_outbox where "to" = $1',
            [email],
          )
        ).rows,
      (rows) => rows.length > 0,
    );
    expect(sent.map((row) => row.subject)).toEqual(["We have received your message"]);
  }, 30_000);

  it("stop the worker on SIGTERM: it ends its work, closes the database and exits 0", async () => {
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    expect(worker.logLines().map((line) => line.msg)).toContain("stopped");
  }, 30_000);
});

describe("the worker process", () => {
  it("refuses to start on PGlite, whose data directory belongs to the web process", async () => {
    const refused = await spawnServer({}, { script: "server/worker.js" });
    started.push(refused);
    expect(await refused.exited).toBe(1);
    expect(refused.output().join("\n")).toContain("The worker needs PostgreSQL: set DATABASE_URL.");
    expect(fs.existsSync(path.join(refused.dataDir, "pglite"))).toBe(false);
  }, 30_000);
});
