import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Viewer } from "../auth/roles";
import type { Database } from "../db/client.server";
import { auditLog, jobs } from "../db/schema";
import { retryFailedJob } from "../jobs/job-queue.server";
import { jobStates, type JobState } from "./job-states";
import { adminPageSize, paged } from "./pagination";

/** Queued, running and failed jobs (or one state), newest first, 50 a page, with counts. */
export async function listJobs(db: Database, state: JobState | null, page: number) {
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: jobs.id,
        type: jobs.type,
        status: jobs.status,
        attempts: jobs.attempts,
        maxAttempts: jobs.maxAttempts,
        everySeconds: jobs.everySeconds,
        runAfter: jobs.runAfter,
        lastError: jobs.lastError,
        createdAt: jobs.createdAt,
      })
      .from(jobs)
      .where(inArray(jobs.status, state ? [state] : [...jobStates]))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(adminPageSize)
      .offset((page - 1) * adminPageSize),
    db.select({ status: jobs.status, total: count() }).from(jobs).groupBy(jobs.status),
  ]);
  const totals = Object.fromEntries(jobStates.map((name) => [name, 0])) as Record<JobState, number>;
  for (const row of counts) if (row.status !== "done") totals[row.status] = row.total;
  const total = state ? totals[state] : jobStates.reduce((sum, name) => sum + totals[name], 0);
  return { ...paged(rows, total, page), counts: totals };
}

/** An admin runs a failed job again (a fresh set of attempts), recorded in the audit log. */
export async function retryJobByAdmin(db: Database, admin: Viewer, jobId: string) {
  if (admin.role !== "admin") return false;
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ type: jobs.type, lastError: jobs.lastError, attempts: jobs.attempts })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.status, "failed")));
    if (!job || !(await retryFailedJob(tx, jobId))) return false;
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: "job.retry",
      targetType: "job",
      targetId: jobId,
      before: {
        status: "failed",
        type: job.type,
        attempts: job.attempts,
        lastError: job.lastError,
      },
      after: { status: "queued" },
    });
    return true;
  });
}
