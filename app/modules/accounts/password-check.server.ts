import type { Services } from "../services";
import { consumeAttempt } from "../auth/attempt-limiter.server";

/** Current-password checks allowed per account and rate-limit window (guessing a password). */
const checksPerWindow = 5;

/**
 * Counts one check of a signed-in account's current password (changing the password or the
 * e-mail address). One counter for both forms, so someone holding a session cannot guess the
 * password twice as fast by alternating them. Null when allowed.
 */
export async function consumePasswordCheck(
  app: Pick<Services, "db" | "env">,
  userId: string,
): Promise<{ ok: false; error: "rateLimited"; retryAfterSeconds: number } | null> {
  const decision = await consumeAttempt(
    app.db,
    `password-check:${userId}`,
    checksPerWindow,
    app.env.RATE_LIMIT_WINDOW_SECONDS,
  );
  return decision.allowed
    ? null
    : { ok: false, error: "rateLimited", retryAfterSeconds: decision.retryAfterSeconds };
}
