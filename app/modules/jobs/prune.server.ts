import { and, eq, lt } from "drizzle-orm";
import type { Logger } from "pino";
import { pruneAttemptWindows } from "../auth/attempt-limiter.server";
import type { Database } from "../db/client.server";
import { jobs } from "../db/schema";
import type { JobHandler } from "./job-queue.server";

export const pruneJobType = "jobs.prune";
/** Hourly: each run deletes little, and nothing waits on it. */
export const pruneEveryMs = 60 * 60 * 1000;

const day = 24 * 60 * 60 * 1000;
/** Done jobs are kept a week (to answer "did that e-mail go?"), failed ones a month. */
export const keepDoneMs = 7 * day;
export const keepFailedMs = 30 * day;

/** Deletes finished jobs past their keeping time; queued and running ones are never touched. */
export async function pruneFinishedJobs(db: Database, now = new Date()): Promise<number> {
  const done = await db
    .delete(jobs)
    .where(and(eq(jobs.status, "done"), lt(jobs.finishedAt, new Date(now.getTime() - keepDoneMs))))
    .returning({ id: jobs.id });
  const failed = await db
    .delete(jobs)
    .where(
      and(eq(jobs.status, "failed"), lt(jobs.finishedAt, new Date(now.getTime() - keepFailedMs))),
    )
    .returning({ id: jobs.id });
  return done.length + failed.length;
}

/** The recurring job that keeps the queue's and the attempt limiter's tables small. */
export function pruneJobHandler(options: {
  db: Database;
  log: Logger;
  rateLimitWindowSeconds: number;
}): JobHandler {
  return {
    async run() {
      const jobsDeleted = await pruneFinishedJobs(options.db);
      const windowsDeleted = await pruneAttemptWindows(options.db, options.rateLimitWindowSeconds);
      if (jobsDeleted + windowsDeleted > 0) {
        options.log.info({ jobsDeleted, windowsDeleted }, "pruned finished jobs and old windows");
      }
    },
  };
}
