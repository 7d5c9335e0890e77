import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "../db/client.server";
import { account, rateLimit, session, user, userRoles, verification } from "../db/schema";
import type { Env } from "../config/env.server";
import { getT } from "../i18n/i18n";
import { splitLocale, defaultLocale } from "../i18n/locale";
import { logger } from "../log/logger.server";
import { renderEmail } from "../mail/render-email.server";
import { enqueueMail } from "../mail/mail-jobs.server";

export function createAuth(options: { db: Database; env: Env; secret: string }) {
  const { db, env, secret } = options;
  return betterAuth({
    appName: "Vitrine",
    baseURL: env.baseUrl,
    secret,
    telemetry: { enabled: false },
    // better-auth's messages go to our structured log, at its own level.
    logger: {
      level: "warn",
      log(level, message, ...args) {
        logger()[level === "debug" ? "debug" : level]({ args }, `better-auth: ${message}`);
      },
    },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: recipient, url }) {
        // The page the link lands on carries the language the reset was asked in.
        const callback = new URL(url).searchParams.get("callbackURL") ?? "";
        const locale = splitLocale(new URL(callback, env.baseUrl).pathname).locale ?? defaultLocale;
        const t = getT(locale);
        await enqueueMail(db, {
          message: {
            to: recipient.email,
            ...renderEmail({
              subject: t("auth.resetEmail.subject"),
              paragraphs: [
                t("auth.resetEmail.greeting", { name: recipient.name }),
                t("auth.resetEmail.body"),
              ],
              link: url,
              footer: t("auth.resetEmail.ignore"),
            }),
          },
        });
      },
    },
    socialProviders:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
        : {},
    account: {
      // A Google identity is never attached to an existing account by e-mail alone: we do not
      // verify e-mail addresses, so an implicit link could hand an account to someone else.
      accountLinking: { enabled: false, disableImplicitLinking: true },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Only Google's callback and the reset link reach the library over HTTP (public-endpoints.ts);
    // its limiter still guards them, our own counters guard our actions.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: env.RATE_LIMIT_WINDOW_SECONDS,
      max: 100,
    },
    // A failed OAuth callback whose state names no page of ours (forged, expired) lands on our
    // sign-in page with the translated Google error, not on the library's English error page.
    onAPIError: { errorURL: "/fr/auth?error=google" },
    advanced: {
      useSecureCookies: env.baseUrl.startsWith("https://"),
      // The HTTP server overwrites this header with the real client address on every request.
      ipAddress: { ipAddressHeaders: ["x-client-address"] },
    },
    databaseHooks: {
      user: {
        create: {
          // Every new account starts as a client, whatever the request carried.
          async after(created) {
            await db
              .insert(userRoles)
              .values({ userId: created.id, role: "client" })
              .onConflictDoNothing();
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
