import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/modules/db/client.server";
import { jobs } from "~/modules/db/schema";
import {
  enqueueJob,
  PermanentJobError,
  startWorker,
  type JobHandlers,
  type Worker,
} from "~/modules/jobs/job-queue.server";

// The queue on its own database (no app, so no other worker competes for the jobs).
let handle: DatabaseHandle;
const log = pino({ level: "silent" });

beforeAll(async () => {
  handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: `${process.env.DATA_DIR}/queue`,
  });
});

afterAll(async () => {
  await handle.close();
});

async function jobRow(id: string) {
  return (await handle.db.query.jobs.findFirst({ where: eq(jobs.id, id) }))!;
}

async function withWorker(
  handlers: JobHandlers,
  run: (worker: Worker) => Promise<void>,
  recoverRunning = false,
) {
  const worker = startWorker({ db: handle.db, handlers, log, pollMs: 50, recoverRunning });
  try {
    await run(worker);
  } finally {
    await worker.stop();
  }
}

describe("database job queue", () => {
  it("runs a job once and marks it done", async () => {
    const seen: unknown[] = [];
    const id = await enqueueJob(handle.db, "test.ok", { n: 1 });
    await withWorker(
      { "test.ok": { run: async (payload) => void seen.push(payload) } },
      async (worker) => {
        await worker.drained();
      },
    );
    expect(seen).toEqual([{ n: 1 }]);
    const row = await jobRow(id);
    expect(row.status).toBe("done");
    expect(row.attempts).toBe(1);
  });

  it("retries a failed attempt later, then succeeds", async () => {
    let calls = 0;
    const retried: unknown[] = [];
    const id = await enqueueJob(handle.db, "test.flaky", {});
    const handlers: JobHandlers = {
      "test.flaky": {
        run: async () => {
          calls += 1;
          if (calls === 1) throw new Error("network blip");
        },
        retrying: async (payload) => void retried.push(payload),
      },
    };
    await withWorker(handlers, async (worker) => {
      await worker.drained();
      const waiting = await jobRow(id);
      expect(waiting.status).toBe("queued");
      expect(waiting.lastError).toBe("network blip");
      expect(waiting.runAfter.getTime()).toBeGreaterThan(Date.now());
      // Time passes: the retry is due.
      await handle.db
        .update(jobs)
        .set({ runAfter: sql`now()` })
        .where(eq(jobs.id, id));
      worker.wake();
      await worker.drained();
    });
    expect(retried).toHaveLength(1);
    const row = await jobRow(id);
    expect(row.status).toBe("done");
    expect(row.attempts).toBe(2);
  });

  it("fails at once on a permanent error and says why", async () => {
    const failures: string[] = [];
    const id = await enqueueJob(handle.db, "test.bad", {});
    await withWorker(
      {
        "test.bad": {
          run: async () => {
            throw new PermanentJobError("truncated JPEG", "corrupt");
          },
          failed: async (_payload, error) => void failures.push((error as PermanentJobError).code),
        },
      },
      (worker) => worker.drained(),
    );
    const row = await jobRow(id);
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBe("truncated JPEG");
    expect(failures).toEqual(["corrupt"]);
  });

  it("gives up after the last attempt", async () => {
    const id = await enqueueJob(handle.db, "test.always", {}, { maxAttempts: 2 });
    await handle.db.update(jobs).set({ attempts: 1 }).where(eq(jobs.id, id));
    await withWorker(
      { "test.always": { run: async () => Promise.reject(new Error("still broken")) } },
      (worker) => worker.drained(),
    );
    const row = await jobRow(id);
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(2);
  });

  it("takes over a job whose worker died (its lease ran out)", async () => {
    const id = await enqueueJob(handle.db, "test.orphan", {});
    await handle.db
      .update(jobs)
      .set({
        status: "running",
        lockedBy: "dead-worker",
        lockedUntil: sql`now() - interval '1 second'`,
        attempts: 1,
      })
      .where(eq(jobs.id, id));
    let ran = false;
    await withWorker({ "test.orphan": { run: async () => void (ran = true) } }, (worker) =>
      worker.drained(),
    );
    expect(ran).toBe(true);
    expect((await jobRow(id)).status).toBe("done");
  });

  it("on restart of the only process, resumes jobs it left running at once", async () => {
    const id = await enqueueJob(handle.db, "test.restart", {});
    await handle.db
      .update(jobs)
      .set({
        status: "running",
        lockedBy: "previous-run",
        lockedUntil: sql`now() + interval '1 hour'`,
      })
      .where(eq(jobs.id, id));
    let ran = false;
    await withWorker(
      { "test.restart": { run: async () => void (ran = true) } },
      (worker) => worker.drained(),
      true,
    );
    expect(ran).toBe(true);
    expect((await jobRow(id)).status).toBe("done");
  });
});
