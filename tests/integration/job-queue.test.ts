import { eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/modules/db/client.server";
import { attemptWindows, jobs, rateLimit } from "~/modules/db/schema";
import { pruneAttemptWindows } from "~/modules/auth/attempt-limiter.server";
import {
  enqueueJob,
  PermanentJobError,
  retryFailedJob,
  scheduleRecurringJob,
  startWorker,
  type JobHandlers,
  type Worker,
} from "~/modules/jobs/job-queue.server";
import { pruneFinishedJobs } from "~/modules/jobs/prune.server";

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

  it("wakes on an enqueue committed in a transaction, without waiting for its poll", async () => {
    let ran = false;
    // A poll of a minute: only the notification can wake the worker within the test's time.
    const worker = startWorker({
      db: handle.db,
      log,
      listen: handle.listen,
      pollMs: 60_000,
      handlers: { "test.woken": { run: async () => void (ran = true) } },
    });
    try {
      await worker.drained();
      const id = await handle.db.transaction((tx) => enqueueJob(tx, "test.woken", {}));
      await expect.poll(async () => (await jobRow(id)).status, { timeout: 5000 }).toBe("done");
      expect(ran).toBe(true);
    } finally {
      await worker.stop();
    }
  });

  it("drops a job enqueued in a transaction that rolls back", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueueJob(tx, "test.rolled-back", {});
        throw new Error("the fact was not recorded");
      }),
    ).rejects.toThrow("the fact was not recorded");
    expect(
      await handle.db.select().from(jobs).where(eq(jobs.type, "test.rolled-back")),
    ).toHaveLength(0);
  });

  it("keeps one job per unique key", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        enqueueJob(handle.db, "test.keyed", {}, { uniqueKey: "receipt:order-1" }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await handle.db.select().from(jobs).where(eq(jobs.type, "test.keyed"))).toHaveLength(1);
  });

  it("schedules a recurring job once when two processes start together", async () => {
    // A second connection to the same database stands for a second process (PostgreSQL; on
    // PGlite one process owns the data, and the same calls race on its one connection).
    const other = process.env.DATABASE_URL
      ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "unused" })
      : handle;
    try {
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          scheduleRecurringJob((index % 2 ? other : handle).db, "test.hourly", 3_600_000),
        ),
      );
    } finally {
      if (other !== handle) await other.close();
    }
    const rows = await handle.db.select().from(jobs).where(eq(jobs.type, "test.hourly"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.everySeconds).toBe(3600);
  });

  it("runs a recurring job again later, after a success or its last failed attempt", async () => {
    await scheduleRecurringJob(handle.db, "test.sweep", 600_000);
    let calls = 0;
    await withWorker(
      {
        "test.sweep": {
          run: async () => {
            calls += 1;
            if (calls > 1) throw new Error("sweep broke");
          },
        },
      },
      async (worker) => {
        await worker.drained();
        const [row] = await handle.db.select().from(jobs).where(eq(jobs.type, "test.sweep"));
        expect(row!.status).toBe("queued");
        expect(row!.attempts).toBe(0);
        expect(row!.runAfter.getTime()).toBeGreaterThan(Date.now() + 500_000);
        // Its last attempt fails: the error is kept and the next run still comes.
        await handle.db
          .update(jobs)
          .set({ runAfter: sql`now()`, attempts: 2 })
          .where(eq(jobs.id, row!.id));
        worker.wake();
        await worker.drained();
      },
    );
    const [row] = await handle.db.select().from(jobs).where(eq(jobs.type, "test.sweep"));
    expect(calls).toBe(2);
    expect(row!.status).toBe("queued");
    expect(row!.lastError).toBe("sweep broke");
    expect(row!.runAfter.getTime()).toBeGreaterThan(Date.now() + 500_000);
  });

  it("ends failed with its last error after its attempts, and an admin's retry runs it again", async () => {
    let broken = true;
    const id = await enqueueJob(handle.db, "test.smtp", {}, { maxAttempts: 1 });
    await withWorker(
      {
        "test.smtp": {
          run: async () => {
            if (broken) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
          },
        },
      },
      async (worker) => {
        await worker.drained();
        expect(await jobRow(id)).toMatchObject({
          status: "failed",
          lastError: "connect ECONNREFUSED 127.0.0.1:25",
        });
        broken = false;
        expect(await retryFailedJob(handle.db, id!)).toBe(true);
        // Only a failed job can be retried.
        expect(await retryFailedJob(handle.db, id!)).toBe(false);
        worker.wake();
        await worker.drained();
      },
    );
    expect((await jobRow(id)).status).toBe("done");
  });

  it("on stop, lets the running job finish within the time given", async () => {
    const id = await enqueueJob(handle.db, "test.slow", {});
    let started!: () => void;
    let finish!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const worker = startWorker({
      db: handle.db,
      log,
      pollMs: 50,
      handlers: {
        "test.slow": {
          run: async () => {
            started();
            await new Promise<void>((resolve) => (finish = resolve));
          },
        },
      },
    });
    await running;
    const stopping = worker.stop({ timeoutMs: 5000 });
    finish();
    await stopping;
    expect((await jobRow(id)).status).toBe("done");
  });

  it("on stop, puts a job still running after the time given back in the queue", async () => {
    const id = await enqueueJob(handle.db, "test.stuck", {});
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const worker = startWorker({
      db: handle.db,
      log,
      pollMs: 50,
      handlers: {
        "test.stuck": {
          run: async () => {
            started();
            await new Promise(() => undefined);
          },
        },
      },
    });
    await running;
    await worker.stop({ timeoutMs: 50 });
    const row = await jobRow(id);
    expect(row.status).toBe("queued");
    expect(row.lockedBy).toBeNull();
    expect(row.attempts).toBe(0);
  });

  it("prunes finished jobs past their keeping time and old rate-limit windows, nothing else", async () => {
    const day = 24 * 60 * 60 * 1000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    const make = async (status: "done" | "failed", finishedAt: Date) => {
      const id = await enqueueJob(handle.db, "test.prune", {});
      await handle.db.update(jobs).set({ status, finishedAt }).where(eq(jobs.id, id));
      return id;
    };
    const oldDone = await make("done", ago(8 * day));
    const recentDone = await make("done", ago(6 * day));
    const oldFailed = await make("failed", ago(31 * day));
    const recentFailed = await make("failed", ago(8 * day));
    const waiting = await enqueueJob(handle.db, "test.prune-waiting", {});
    expect(await pruneFinishedJobs(handle.db)).toBeGreaterThanOrEqual(2);
    const left = await handle.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(inArray(jobs.id, [oldDone, recentDone, oldFailed, recentFailed, waiting]));
    expect(left.map((row) => row.id).sort()).toEqual([recentDone, recentFailed, waiting].sort());

    await handle.db.insert(attemptWindows).values([
      { key: "sign-in:old", count: 3, windowStartedAt: ago(120_000) },
      { key: "sign-in:current", count: 1, windowStartedAt: ago(10_000) },
    ]);
    await handle.db.insert(rateLimit).values([
      { id: "old", key: "ip:/sign-in/email", count: 2, lastRequest: Date.now() - 120_000 },
      { id: "current", key: "ip:/sign-up/email", count: 1, lastRequest: Date.now() - 10_000 },
    ]);
    expect(await pruneAttemptWindows(handle.db, 60)).toBe(2);
    expect((await handle.db.select().from(attemptWindows)).map((row) => row.key)).toEqual([
      "sign-in:current",
    ]);
    expect((await handle.db.select().from(rateLimit)).map((row) => row.id)).toEqual(["current"]);
  });
});
