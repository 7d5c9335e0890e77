import { lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { attemptWindows, rateLimit } from "../db/schema";

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the window resets, when refused. */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt for `key` in a fixed window and says whether it is allowed.
 * One statement, so concurrent attempts cannot both slip under the limit.
 */
export async function consumeAttempt(
  db: Database,
  key: string,
  max: number,
  windowSeconds: number,
  now = new Date(),
): Promise<LimitDecision> {
  const windowStart = sql`${new Date(now.getTime() - windowSeconds * 1000).toISOString()}::timestamptz`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(attemptWindows)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: attemptWindows.key,
      set: {
        count: sql`case when ${attemptWindows.windowStartedAt} <= ${windowStart} then 1 else ${attemptWindows.count} + 1 end`,
        windowStartedAt: sql`case when ${attemptWindows.windowStartedAt} <= ${windowStart} then ${nowSql} else ${attemptWindows.windowStartedAt} end`,
      },
    })
    .returning();
  if (!row) throw new Error("attempt counter returned no row");
  const resetAt = row.windowStartedAt.getTime() + windowSeconds * 1000;
  return {
    allowed: row.count <= max,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)),
  };
}

/**
 * Deletes the counters of windows that ended before `endedBefore`, ours and better-auth's
 * (both tables grow by one row per client address and key otherwise). A window that ended
 * counts nothing: the next attempt starts a new one.
 */
export async function pruneAttemptWindows(
  db: Database,
  windowSeconds: number,
  now = new Date(),
): Promise<number> {
  const endedBefore = new Date(now.getTime() - windowSeconds * 1000);
  const ours = await db
    .delete(attemptWindows)
    .where(lt(attemptWindows.windowStartedAt, endedBefore))
    .returning({ key: attemptWindows.key });
  const theirs = await db
    .delete(rateLimit)
    .where(lt(rateLimit.lastRequest, endedBefore.getTime()))
    .returning({ key: rateLimit.key });
  return ours.length + theirs.length;
}
