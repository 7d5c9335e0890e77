import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { env } from "~/modules/config/env.server";
import { openDatabase } from "~/modules/db/client.server";
import {
  jobs,
  mailOutbox,
  orders,
  payouts,
  testConnectAccounts,
  testProviderObjects,
  user,
} from "~/modules/db/schema";
import { testEvent } from "~/modules/payments/test-provider.server";
import { refreshAccount, startOnboarding } from "~/modules/payouts/payout-accounts.server";
import { recordSale } from "../support/commerce";
import { makeSubmission } from "../support/studio";

// The production server as its own process, on its own data directory (PGlite): killed with
// SIGKILL once a payment is committed and before its side effects ran, then started again.
const secret = "a-secret-for-the-crash-test-of-32-characters";
const children: ChildProcess[] = [];
const dataDirs: string[] = [];
const silentServers: net.Server[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const server of silentServers) server.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, "close");
  return port;
}

async function startServer(
  dataDir: string,
  port: number,
  worker: boolean,
  more: Record<string, string> = {},
) {
  const child = spawn(process.execPath, ["server/index.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BASE_URL: "",
      APP_MODE: "demo",
      DEMO_CONTENT: "false",
      BETTER_AUTH_SECRET: secret,
      LOG_LEVEL: "error",
      MEDIA_WORKER: String(worker),
      SMTP_URL: "",
      ...more,
    },
  });
  children.push(child);
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        return fetch(`http://127.0.0.1:${port}/robots.txt`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 90_000, interval: 200 },
    )
    .toBe(200);
  return child;
}

/** The outbox's files (one per e-mail sent), read without the database the server holds. */
function mailFilesTo(dataDir: string, address: string): number {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir)
    .filter((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")).to === address)
    .length;
}

/**
 * The shop's state, written before the server starts: a seller with an active payout account,
 * an item, and a buyer's order waiting for its payment; and the provider's signed event that
 * pays it.
 */
async function shopWithAnOrderToPay() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-crash-"));
  dataDirs.push(dataDir);
  const handle = await openDatabase({ dataDir });
  const app = { db: handle.db, env: { ...env(), baseUrl: "http://127.0.0.1" } };
  const people = [randomUUID(), randomUUID()].map((id) => ({
    id,
    name: `Person ${id.slice(0, 4)}`,
    email: `${id}@crash.test`,
  }));
  await handle.db.insert(user).values(people);
  const [buyer, seller] = people as [(typeof people)[0], (typeof people)[0]];
  const viewer = {
    id: seller.id,
    email: seller.email,
    role: "creator" as const,
    displayName: seller.name,
    storeName: null,
  };
  await startOnboarding(app, viewer, { type: "express" }, "fr");
  await handle.db
    .update(testConnectAccounts)
    .set({ detailsSubmitted: true, verified: true, bankAccount: "FR7630006000011234567890189" })
    .where(eq(testConnectAccounts.userId, seller.id));
  await refreshAccount(app, seller.id);
  const { submission } = await makeSubmission(
    { db: handle.db } as Parameters<typeof makeSubmission>[0],
    seller.id,
    { status: "approved", priceCents: 2_000, files: 0 },
  );
  const sale = await recordSale({ db: handle.db }, buyer.id, submission, {
    status: "pending",
    withEntitlement: false,
  });
  const [order] = await handle.db.select().from(orders).where(eq(orders.id, sale.orderId));
  await handle.close();

  const event = testEvent(
    secret,
    "checkout.session.completed",
    { sessionId: order!.providerSessionId!, paymentId: `pi_test_${randomUUID().slice(0, 8)}` },
    { id: `evt_test_${randomUUID()}` },
  );
  const deliver = (port: number) =>
    fetch(`http://127.0.0.1:${port}/api/payments/webhook/test`, {
      method: "POST",
      body: event.body,
      headers: event.headers,
    });
  return { dataDir, buyer, seller, deliver };
}

/**
 * The second process, with its worker and the outbox as mail transport: the side effects
 * queued with the payment run, each once, while the provider delivers the same event again.
 * Then each side effect is counted where it lands.
 */
async function restartAndCount(shop: Awaited<ReturnType<typeof shopWithAnOrderToPay>>) {
  const { dataDir, buyer, seller, deliver } = shop;
  const port = await freePort();
  const second = await startServer(dataDir, port, true);
  await expect
    .poll(() => mailFilesTo(dataDir, buyer.email) + mailFilesTo(dataDir, seller.email), {
      timeout: 30_000,
    })
    .toBe(2);
  const retries = await Promise.all(Array.from({ length: 5 }, () => deliver(port)));
  expect(retries.every((response) => response.status === 200)).toBe(true);
  second.kill("SIGTERM");
  await once(second, "exit");

  const after = await openDatabase({ dataDir });
  try {
    const sellerPayouts = await after.db
      .select()
      .from(payouts)
      .where(eq(payouts.sellerId, seller.id));
    expect(sellerPayouts).toHaveLength(1);
    expect(sellerPayouts[0]).toMatchObject({ status: "paid", amountCents: 2_975 });
    expect(
      await after.db
        .select()
        .from(testProviderObjects)
        .where(
          and(
            eq(testProviderObjects.kind, "transfer"),
            eq(testProviderObjects.target, sellerPayouts[0]!.accountId),
          ),
        ),
    ).toHaveLength(1);
    expect(
      await after.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email)),
    ).toHaveLength(1);
    expect(
      await after.db.select().from(mailOutbox).where(eq(mailOutbox.to, seller.email)),
    ).toHaveLength(1);
    const left = await after.db.select({ type: jobs.type, status: jobs.status }).from(jobs);
    expect(left.filter((job) => job.status === "failed" || job.status === "running")).toEqual([]);
  } finally {
    await after.close();
  }
  expect(mailFilesTo(dataDir, buyer.email)).toBe(1);
  expect(mailFilesTo(dataDir, seller.email)).toBe(1);
}

/** A mail server that accepts connections and never answers: a send hangs there. */
async function hangingMailServer() {
  let connected!: () => void;
  const firstConnection = new Promise<void>((resolve) => (connected = resolve));
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    sockets.push(socket);
    socket.on("error", () => undefined);
    connected();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  silentServers.push(server);
  server.on("close", () => sockets.forEach((socket) => socket.destroy()));
  return { port: (server.address() as net.AddressInfo).port, firstConnection };
}

describe("a crash between a payment's commit and its side effects", () => {
  it("loses nothing: after a SIGKILL and a restart, each e-mail and the seller's transfer happen once", async () => {
    const shop = await shopWithAnOrderToPay();
    // First process: no worker, so nothing runs after the commit; then killed outright.
    const port = await freePort();
    const first = await startServer(shop.dataDir, port, false);
    const paid = await shop.deliver(port);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ duplicate: false });
    expect(mailFilesTo(shop.dataDir, shop.buyer.email)).toBe(0);
    first.kill("SIGKILL");
    await once(first, "exit");
    await restartAndCount(shop);
  }, 240_000);

  it("loses nothing when killed while a side effect is under way (the mail server hanging)", async () => {
    const shop = await shopWithAnOrderToPay();
    const mail = await hangingMailServer();
    // First process, with its worker: the payment is answered, then a side effect starts and
    // hangs on the mail server, and the process is killed in the middle of it.
    const port = await freePort();
    const first = await startServer(shop.dataDir, port, true, {
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    });
    const [paid] = await Promise.all([shop.deliver(port), mail.firstConnection]);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ duplicate: false });
    first.kill("SIGKILL");
    await once(first, "exit");
    await restartAndCount(shop);
  }, 240_000);
});
