import { createHash, randomBytes, randomUUID } from "node:crypto";
import { APIError } from "better-auth/api";
import { and, eq, gt, sql } from "drizzle-orm";
import { z } from "~/modules/validation/zod";
import type { Services } from "../services";
import { sameSignature } from "../commerce/signing.server";
import { profiles, user, verification } from "../db/schema";
import { getT } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import { renderEmail } from "../mail/render-email.server";
import { isUniqueViolation } from "../db/unique-violation";
import { consumePasswordCheck } from "./password-check.server";
import { enqueueMail } from "../mail/mail-jobs.server";

/** How long the confirmation link sent to the new address works. */
export const emailChangeHours = 24;

export const emailChangeSchema = z.object({
  newEmail: z.string().trim().toLowerCase().max(254, "emailInvalid").email("emailInvalid"),
  currentPassword: z.string().min(1, "passwordWrong").max(128, "passwordWrong"),
});

export type EmailChangeError =
  "emailInvalid" | "emailSame" | "emailTaken" | "passwordWrong" | "rateLimited";

type App = Pick<Services, "db" | "auth" | "env">;

const identifierOf = (userId: string) => `email-change:${userId}`;
const digest = (token: string) => createHash("sha256").update(token).digest("hex");

async function emailInUse(db: Services["db"], email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  return Boolean(row);
}

/**
 * Asks to move an account to a new e-mail address: the current password is checked (through
 * the auth library, with our attempt limit), an address already used by an account is refused,
 * and a link is sent to the new address. Nothing changes until that link is followed; a newer
 * request replaces an older one.
 */
export async function requestEmailChange(
  app: App,
  viewer: { id: string; email: string },
  headers: Headers,
  input: z.infer<typeof emailChangeSchema>,
  locale: Locale,
): Promise<{ ok: true } | { ok: false; error: EmailChangeError; retryAfterSeconds?: number }> {
  const newEmail = input.newEmail;
  if (newEmail === viewer.email.toLowerCase()) return { ok: false, error: "emailSame" };
  const refused = await consumePasswordCheck(app, viewer.id);
  if (refused) return refused;
  try {
    await app.auth.api.verifyPassword({ body: { password: input.currentPassword }, headers });
  } catch (error) {
    if (error instanceof APIError) return { ok: false, error: "passwordWrong" };
    throw error;
  }
  if (await emailInUse(app.db, newEmail)) return { ok: false, error: "emailTaken" };
  const token = randomBytes(32).toString("base64url");
  await app.db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, identifierOf(viewer.id)));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: identifierOf(viewer.id),
      value: JSON.stringify({ tokenHash: digest(token), email: newEmail }),
      expiresAt: new Date(Date.now() + emailChangeHours * 3_600_000),
    });
  });
  const t = getT(locale);
  const query = new URLSearchParams({ u: viewer.id, token });
  await enqueueMail(app.db, {
    message: {
      to: newEmail,
      ...renderEmail({
        subject: t("commerce.emailChange.mailSubject"),
        paragraphs: [
          t("commerce.emailChange.mailIntro", { email: newEmail }),
          t("commerce.emailChange.mailExpiry", { hours: emailChangeHours }),
        ],
        link: `${app.env.baseUrl}/${locale}/confirm-email?${query}`,
        footer: t("commerce.emailChange.mailIgnore"),
      }),
    },
  });
  return { ok: true };
}

/** The address an account asked to move to and has not confirmed yet (the profile shows it). */
export async function awaitingConfirmation(
  db: Services["db"],
  userId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, identifierOf(userId)),
        gt(verification.expiresAt, new Date()),
      ),
    );
  return row ? (JSON.parse(row.value) as { email: string }).email : null;
}

/** The address waiting for confirmation, if the link is valid (shown before confirming). */
export async function pendingEmailChange(
  db: Services["db"],
  userId: string,
  token: string,
): Promise<string | null> {
  if (!userId || !token) return null;
  const [row] = await db
    .select()
    .from(verification)
    .where(
      and(
        eq(verification.identifier, identifierOf(userId)),
        gt(verification.expiresAt, new Date()),
      ),
    );
  if (!row) return null;
  const value = JSON.parse(row.value) as { tokenHash: string; email: string };
  return sameSignature(value.tokenHash, digest(token)) ? value.email : null;
}

/**
 * Follows the link: the account's address becomes the new one (now verified) once, the link is
 * used up, and the former address is told, in the account's language. Refused when the link
 * is unknown, expired, or the address was taken meanwhile.
 */
export async function confirmEmailChange(
  app: Pick<Services, "db" | "env">,
  userId: string,
  token: string,
): Promise<"changed" | "invalid" | "emailTaken"> {
  const newEmail = await pendingEmailChange(app.db, userId, token);
  if (!newEmail) return "invalid";
  const outcome = await app.db
    .transaction(async (tx) => {
      const used = await tx
        .delete(verification)
        .where(eq(verification.identifier, identifierOf(userId)))
        .returning({ value: verification.value });
      // A concurrent confirmation used the link first.
      if (!used.some((row) => row.value.includes(digest(token)))) return null;
      const [taken] = await tx
        .select({ id: user.id })
        .from(user)
        .where(sql`lower(${user.email}) = ${newEmail}`);
      if (taken) return "emailTaken" as const;
      const [before] = await tx
        .select({ email: user.email, name: user.name, locale: profiles.locale })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .where(eq(user.id, userId));
      if (!before) return null;
      await tx
        .update(user)
        .set({ email: newEmail, emailVerified: true, updatedAt: new Date() })
        .where(eq(user.id, userId));
      return before;
    })
    // Two accounts confirming one address at once: the unique index refuses the second.
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return "emailTaken" as const;
      throw error;
    });
  if (outcome === "emailTaken") return "emailTaken";
  if (!outcome) return "invalid";
  const locale: Locale = outcome.locale ?? "fr";
  const t = getT(locale);
  await enqueueMail(app.db, {
    message: {
      to: outcome.email,
      ...renderEmail({
        subject: t("commerce.emailChange.noticeSubject"),
        paragraphs: [
          t("commerce.emailChange.noticeIntro", { name: outcome.name, email: newEmail }),
          t("commerce.emailChange.noticeHelp"),
        ],
        link: `${app.env.baseUrl}/${locale}/support`,
        footer: t("commerce.email.footer"),
      }),
    },
  });
  return "changed";
}
