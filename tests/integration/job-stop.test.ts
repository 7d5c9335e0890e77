import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/modules/db/client.server";
import { jobs } from "~/modules/db/schema";
import { enqueueJob, startWorker } from "~/modules/jobs/job-queue.server";

// How the worker stops at shutdown, on its own database (no app, no other worker).
let handle: DatabaseHandle;
const log = pino({ level: "silent" });

beforeAll(async () => {
  handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: `${process.env.DATA_DIR}/stop`,
  });
});

afterAll(async () => {
  await handle.close();
});

async function jobRow(id: string) {
  return (await handle.db.query.jobs.findFirst({ where: eq(jobs.id, id) }))!;
}

/** A handler that tells when it starts and finishes when the test lets it. */
function controlledHandler() {
  let started!: () => void;
  let finish!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const release = new Promise<void>((resolve) => (finish = resolve));
  return {
    running,
    finish: () => finish(),
    handler: {
      async run() {
        started();
        await release;
      },
    },
  };
}

describe("stopping the worker", () => {
  it("lets a job that ends within the bound finish", async () => {
    const job = controlledHandler();
    const id = await enqueueJob(handle.db, "test.short", {});
    const worker = startWorker({ db: handle.db, handlers: { "test.short": job.handler }, log });
    await job.running;
    const stopped = worker.stop({ timeoutMs: 5_000 });
    job.finish();
    await stopped;
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("hands a job still running at the bound back to the queue, its attempt not counted", async () => {
    const job = controlledHandler();
    const id = await enqueueJob(handle.db, "test.long", {});
    const worker = startWorker({ db: handle.db, handlers: { "test.long": job.handler }, log });
    await job.running;
    const stopAsked = Date.now();
    await worker.stop({ timeoutMs: 300 });
    expect(Date.now() - stopAsked).toBeLessThan(3_000);
    expect(await jobRow(id)).toMatchObject({
      status: "queued",
      attempts: 0,
      lockedBy: null,
      lockedUntil: null,
    });
    job.finish();
  });
});
