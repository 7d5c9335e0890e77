import { APIError } from "better-auth/api";
import { z } from "~/modules/validation/zod";
import type { Services } from "../services";
import { consumePasswordCheck } from "./password-check.server";

export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, "passwordWrong").max(128, "passwordWrong"),
  newPassword: z.string().min(8, "passwordTooShort").max(128, "passwordTooShort"),
});

export type PasswordChangeResult =
  | { ok: true; headers: Headers }
  | { ok: false; error: "passwordWrong" | "rateLimited"; retryAfterSeconds?: number };

/**
 * Changes the signed-in account's password; the auth library checks the current one, under our
 * attempt limit. Every other session of the account ends in the same transaction (a stolen
 * cookie or a forgotten computer must sign in with the new password), and the session that
 * asked is re-issued: its new cookie is in the returned headers.
 */
export async function changePassword(
  app: Pick<Services, "auth" | "db" | "env">,
  viewer: { id: string },
  headers: Headers,
  input: z.infer<typeof passwordChangeSchema>,
): Promise<PasswordChangeResult> {
  const refused = await consumePasswordCheck(app, viewer.id);
  if (refused) return refused;
  try {
    const { headers: issued } = await app.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      returnHeaders: true,
    });
    return { ok: true, headers: issued };
  } catch (error) {
    if (error instanceof APIError) return { ok: false, error: "passwordWrong" };
    throw error;
  }
}
