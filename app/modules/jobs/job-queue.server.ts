import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "../db/client.server";
import { jobs } from "../db/schema";
import type { Logger } from "pino";

/** A failure that retrying cannot fix (a corrupt file, a missing row): the job fails at once. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
  constructor(
    message: string,
    /** A stable code the UI translates. */
    readonly code: string,
  ) {
    super(message);
  }
}

export interface JobContext {
  jobId: string;
  attempt: number;
}

export interface JobHandler {
  run(payload: Record<string, unknown>, context: JobContext): Promise<void>;
  /** Told once a job will not run again, so what waits on it can say so. */
  failed?(payload: Record<string, unknown>, error: unknown): Promise<void>;
  /** Told when an attempt failed and the job will run again later. */
  retrying?(payload: Record<string, unknown>, error: unknown): Promise<void>;
}

export type JobHandlers = Record<string, JobHandler>;

/** The database or an open transaction: a job enqueued in a transaction exists once it commits. */
export type JobExecutor = Database | DatabaseTransaction;

/** The channel a worker listens on; an enqueue notifies it, delivered at commit. */
export const jobsChannel = "vitrine_jobs";

export interface EnqueueOptions {
  /** Attempts before the job ends `failed` (3 by default). */
  maxAttempts?: number;
  runAfter?: Date;
  /** A job that must exist once: a second enqueue with the same key adds nothing. */
  uniqueKey?: string;
}

/**
 * Queues a job. Given the transaction that records a fact, the job commits or rolls back with
 * it (a transactional outbox). Returns the job's id, or null when `uniqueKey` already exists.
 */
export async function enqueueJob(
  db: JobExecutor,
  type: string,
  payload: Record<string, unknown>,
  options?: EnqueueOptions & { uniqueKey?: undefined },
): Promise<string>;
export async function enqueueJob(
  db: JobExecutor,
  type: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions,
): Promise<string | null>;
export async function enqueueJob(
  db: JobExecutor,
  type: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      type,
      payload,
      maxAttempts: options.maxAttempts ?? 3,
      uniqueKey: options.uniqueKey ?? null,
      ...(options.runAfter ? { runAfter: options.runAfter } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  if (!row) return null;
  await db.execute(sql`select pg_notify(${jobsChannel}, ${type})`);
  return row.id;
}

/**
 * Schedules a recurring job: one row, keyed by its type, that the worker queues again
 * `everyMs` after each run. Two processes starting together insert it once (unique key).
 */
export async function scheduleRecurringJob(
  db: JobExecutor,
  type: string,
  everyMs: number,
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      type,
      payload: {},
      uniqueKey: `recurring:${type}`,
      everySeconds: Math.max(1, Math.round(everyMs / 1000)),
    })
    .onConflictDoNothing();
}

/** Seconds to wait before attempt n+1: 2, 4, 8… capped at five minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** attempts, 300);
}

/** Puts a failed job back in the queue for a fresh set of attempts (an admin's retry). */
export async function retryFailedJob(db: JobExecutor, jobId: string): Promise<boolean> {
  const [row] = await db
    .update(jobs)
    .set({ status: "queued", attempts: 0, runAfter: sql`now()`, finishedAt: null })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, "failed")))
    .returning({ id: jobs.id, type: jobs.type });
  if (!row) return false;
  await db.execute(sql`select pg_notify(${jobsChannel}, ${row.type})`);
  return true;
}

export interface Worker {
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /** Resolves once no job is ready to run and none is running (used by tests and the seed). */
  drained(): Promise<void>;
  /**
   * Stops claiming jobs and waits up to `timeoutMs` (10 s by default) for the running one to
   * finish; one still running then is put back in the queue for another worker or the next
   * start. Resolves once the worker no longer touches the queue.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

interface WorkerOptions {
  db: Database;
  handlers: JobHandlers;
  log: Logger;
  /** Subscribes to enqueue notifications (the database handle's `listen`); polling covers gaps. */
  listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  pollMs?: number;
  leaseMs?: number;
  /** Puts jobs marked running back in the queue first (only when no other worker can exist). */
  recoverRunning?: boolean;
}

/**
 * The in-process worker: one job at a time (media jobs use both cores already). It wakes when
 * a job is enqueued (LISTEN/NOTIFY, on PostgreSQL from any process) and polls besides. A job's
 * lease is renewed while it runs; a job whose lease ran out (its process died) is claimed
 * again, so jobs survive restarts and crashes on either engine.
 */
export function startWorker({
  db,
  handlers,
  log,
  listen,
  pollMs = 5000,
  leaseMs = 60_000,
  recoverRunning = false,
}: WorkerOptions): Worker {
  const workerId = randomUUID();
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  /** A notification that came while a job ran: look again before sleeping. */
  let woken = false;
  let idleWaiters: Array<() => void> = [];
  let current: { id: string; done: Promise<void> } | null = null;

  function wake() {
    woken = true;
    wakeUp?.();
  }

  async function claim() {
    const ready = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        or(
          and(eq(jobs.status, "queued"), lte(jobs.runAfter, sql`now()`)),
          and(eq(jobs.status, "running"), lt(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(jobs.runAfter)
      .limit(1)
      .for("update", { skipLocked: true });
    const [job] = await db
      .update(jobs)
      .set({
        status: "running",
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: workerId,
        lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      })
      .where(inArray(jobs.id, ready))
      .returning();
    return job;
  }

  type Job = NonNullable<Awaited<ReturnType<typeof claim>>>;
  /** Only the worker holding the job records its outcome (not after `stop` released it). */
  const mine = (job: Job) => and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId));

  async function runOne(job: Job) {
    const handler = handlers[job.type];
    const renew = setInterval(() => {
      void db
        .update(jobs)
        .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where(mine(job))
        .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, "lease renewal failed"));
    }, leaseMs / 3);
    const released = { lockedBy: null, lockedUntil: null };
    // A recurring job is the same row queued again for its next run, whatever this one did.
    const nextRun = job.everySeconds
      ? {
          status: "queued" as const,
          attempts: 0,
          runAfter: sql`now() + ${`${job.everySeconds} seconds`}::interval`,
          finishedAt: new Date(),
          ...released,
        }
      : null;
    try {
      if (!handler) throw new PermanentJobError(`No handler for job type ${job.type}`, "noHandler");
      await handler.run(job.payload, { jobId: job.id, attempt: job.attempts });
      await db
        .update(jobs)
        .set(
          nextRun
            ? { ...nextRun, lastError: null }
            : { status: "done", finishedAt: new Date(), ...released },
        )
        .where(mine(job));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      log[final ? "error" : "warn"](
        { jobId: job.id, type: job.type, attempt: job.attempts, final, err: error },
        "job failed",
      );
      await db
        .update(jobs)
        .set(
          final && nextRun
            ? { ...nextRun, lastError: message }
            : final
              ? { status: "failed", lastError: message, finishedAt: new Date(), ...released }
              : {
                  status: "queued",
                  lastError: message,
                  runAfter: sql`now() + ${`${retryDelaySeconds(job.attempts)} seconds`}::interval`,
                  ...released,
                },
        )
        .where(mine(job));
      await (final ? handler?.failed : handler?.retrying)?.(job.payload, error);
    } finally {
      clearInterval(renew);
    }
  }

  async function loop() {
    // Listening before the first look: nothing enqueued after it goes unnoticed.
    await unlisten;
    if (recoverRunning) {
      await db
        .update(jobs)
        .set({ status: "queued", lockedBy: null, lockedUntil: null })
        .where(eq(jobs.status, "running"));
    }
    while (!stopped) {
      woken = false;
      // Only those who asked before this look began may be told the queue is empty.
      const asked = idleWaiters;
      idleWaiters = [];
      let job;
      try {
        job = await claim();
      } catch (error) {
        log.error({ err: error }, "job claim failed");
      }
      if (job && !stopped) {
        idleWaiters = [...asked, ...idleWaiters];
        const done = runOne(job).catch((error: unknown) =>
          log.error({ err: error }, "job bookkeeping failed"),
        );
        current = { id: job.id, done };
        await done;
        current = null;
        continue;
      }
      for (const resolve of asked) resolve();
      if (job) {
        // Claimed as `stop` began: give it back untouched.
        await release(job.id);
        break;
      }
      if (woken || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
  }

  /** Puts a job this worker holds back in the queue, its attempt not counted. */
  async function release(jobId: string) {
    await db
      .update(jobs)
      .set({
        status: "queued",
        attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
        lockedBy: null,
        lockedUntil: null,
      })
      .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.status, "running")));
  }

  const unlisten = listen?.(jobsChannel, wake).catch((error: unknown) => {
    log.warn({ err: error }, "job notifications unavailable: polling only");
    return undefined;
  });
  const running = loop();

  return {
    wake,
    drained: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        if (!current) wake();
      }),
    async stop({ timeoutMs = 10_000 } = {}) {
      stopped = true;
      wakeUp?.();
      const job = current;
      let finished = true;
      if (job) {
        let timer: NodeJS.Timeout | undefined;
        finished = await Promise.race([
          job.done.then(() => true),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(false), timeoutMs);
          }),
        ]);
        clearTimeout(timer);
        if (!finished) {
          log.warn({ jobId: job.id }, "job still running at stop: put back in the queue");
          await release(job.id);
        }
      }
      // A job left running goes on in the background; its outcome is no longer recorded.
      if (finished) await running;
      await (
        await unlisten
      )?.();
    },
  };
}
