import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
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

export async function enqueueJob(
  db: Database,
  type: string,
  payload: Record<string, unknown>,
  options: { maxAttempts?: number; runAfter?: Date } = {},
): Promise<string> {
  const [row] = await db
    .insert(jobs)
    .values({
      type,
      payload,
      maxAttempts: options.maxAttempts ?? 3,
      ...(options.runAfter ? { runAfter: options.runAfter } : {}),
    })
    .returning({ id: jobs.id });
  return row!.id;
}

/**
 * A job that runs again every `everyMs`: the first attempt of each run queues the next one,
 * so a failing run is retried without breaking the chain. `scheduleRecurringJob` starts the
 * chain at boot when no run of that type is waiting or running.
 */
export function recurringJobHandler(
  db: Database,
  type: string,
  everyMs: number,
  run: () => Promise<void>,
): JobHandler {
  return {
    async run(_payload, context) {
      if (context.attempt === 1) {
        await enqueueJob(db, type, {}, { runAfter: new Date(Date.now() + everyMs) });
      }
      await run();
    },
  };
}

export async function scheduleRecurringJob(db: Database, type: string): Promise<void> {
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, type), inArray(jobs.status, ["queued", "running"])))
    .limit(1);
  if (!waiting) await enqueueJob(db, type, {});
}

/** Seconds to wait before attempt n+1: 2, 4, 8… capped at five minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** attempts, 300);
}

export interface Worker {
  /** Looks for work now instead of at the next poll (called after an enqueue). */
  wake(): void;
  /** Resolves once no job is ready to run and none is running (used by tests and the seed). */
  drained(): Promise<void>;
  /**
   * Claims nothing more and waits for the current job. Past `timeoutMs` the job is put back in
   * the queue, its attempt not counted, for the next process to run from the start.
   */
  stop(timeoutMs?: number): Promise<void>;
}

interface WorkerOptions {
  db: Database;
  handlers: JobHandlers;
  log: Logger;
  pollMs?: number;
  leaseMs?: number;
  /** Puts jobs marked running back in the queue first (only when no other worker can exist). */
  recoverRunning?: boolean;
}

/**
 * The in-process worker: one job at a time (media jobs use both cores already). A job's lease is
 * renewed while it runs; a job whose lease ran out (its process died) is claimed again, so jobs
 * survive restarts and crashes on either engine.
 */
export function startWorker({
  db,
  handlers,
  log,
  pollMs = 1000,
  leaseMs = 60_000,
  recoverRunning = false,
}: WorkerOptions): Worker {
  const workerId = randomUUID();
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let idleWaiters: Array<() => void> = [];
  let busy = false;
  let current: { id: string } | undefined;
  let stopping: Promise<void> | undefined;

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

  async function runOne(job: NonNullable<Awaited<ReturnType<typeof claim>>>) {
    const handler = handlers[job.type];
    const renew = setInterval(() => {
      void db
        .update(jobs)
        .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)))
        .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, "lease renewal failed"));
    }, leaseMs / 3);
    try {
      if (!handler) throw new PermanentJobError(`No handler for job type ${job.type}`, "noHandler");
      await handler.run(job.payload, { jobId: job.id, attempt: job.attempts });
      await db
        .update(jobs)
        .set({ status: "done", finishedAt: new Date(), lockedBy: null, lockedUntil: null })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      log.warn(
        { jobId: job.id, type: job.type, attempt: job.attempts, final, err: error },
        "job failed",
      );
      await db
        .update(jobs)
        .set(
          final
            ? {
                status: "failed",
                lastError: message,
                finishedAt: new Date(),
                lockedBy: null,
                lockedUntil: null,
              }
            : {
                status: "queued",
                lastError: message,
                lockedBy: null,
                lockedUntil: null,
                runAfter: sql`now() + ${`${retryDelaySeconds(job.attempts)} seconds`}::interval`,
              },
        )
        .where(eq(jobs.id, job.id));
      await (final ? handler?.failed : handler?.retrying)?.(job.payload, error);
    } finally {
      clearInterval(renew);
    }
  }

  async function loop() {
    if (recoverRunning) {
      await db
        .update(jobs)
        .set({ status: "queued", lockedBy: null, lockedUntil: null })
        .where(eq(jobs.status, "running"));
    }
    while (!stopped) {
      let job;
      try {
        job = await claim();
      } catch (error) {
        log.error({ err: error }, "job claim failed");
      }
      if (job) {
        busy = true;
        current = job;
        await runOne(job).catch((error: unknown) =>
          log.error({ err: error }, "job bookkeeping failed"),
        );
        current = undefined;
        busy = false;
        continue;
      }
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  }

  const running = loop();

  return {
    wake: () => wakeUp?.(),
    drained: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        if (!busy) wakeUp?.();
      }),
    stop(timeoutMs = Number.POSITIVE_INFINITY) {
      stopping ??= (async () => {
        stopped = true;
        wakeUp?.();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const finished = await Promise.race([
          running.then(() => true),
          new Promise<false>((resolve) => {
            if (Number.isFinite(timeoutMs)) timer = setTimeout(() => resolve(false), timeoutMs);
          }),
        ]);
        clearTimeout(timer);
        const unfinished = current;
        if (finished || !unfinished) return;
        await db
          .update(jobs)
          .set({
            status: "queued",
            attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
            lockedBy: null,
            lockedUntil: null,
            runAfter: sql`now()`,
          })
          .where(and(eq(jobs.id, unfinished.id), eq(jobs.lockedBy, workerId)));
        log.info({ jobId: unfinished.id }, "job released at shutdown");
      })();
      return stopping;
    },
  };
}
