import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Services } from "../services";
import { consumeAttempt } from "../auth/attempt-limiter.server";
import type { Role, Viewer } from "../auth/roles";
import { profiles, user, userRoles } from "../db/schema";
import type { Locale } from "../i18n/locale";
import type { AccountDetails, AuthErrorKey } from "./account-forms";
import type { LoginInput, RegisterInput } from "./account-schemas.server";

export type AccountResult<T = object> =
  | ({ ok: true; headers: Headers } & T)
  | { ok: false; error: AuthErrorKey; retryAfterSeconds?: number };

/** Who is asking: the request's headers and the client's address (for rate limits). */
export interface RequestOrigin {
  headers: Headers;
  clientAddress: string;
}

function errorCode(error: unknown): string {
  if (error instanceof APIError) {
    const body = error.body as { code?: string } | undefined;
    return body?.code ?? String(error.status);
  }
  return "";
}

async function limited(
  services: Services,
  key: string,
  max: number,
): Promise<{ ok: false; error: "rateLimited"; retryAfterSeconds: number } | null> {
  const decision = await consumeAttempt(
    services.db,
    key,
    max,
    services.env.RATE_LIMIT_WINDOW_SECONDS,
  );
  return decision.allowed
    ? null
    : { ok: false, error: "rateLimited", retryAfterSeconds: decision.retryAfterSeconds };
}

/** Writes the profile and role of a new account; the role is decided here, never by the browser. */
async function saveProfile(
  services: Pick<Services, "db">,
  userId: string,
  input: Omit<AccountDetails, "email" | "password">,
  role: Role,
  locale: Locale,
): Promise<void> {
  const displayName = input.storeName ?? `${input.firstName} ${input.lastName}`;
  await services.db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({
        userId,
        displayName,
        firstName: input.firstName,
        lastName: input.lastName,
        storeName: input.storeName ?? null,
        country: input.country,
        locale,
      })
      .onConflictDoNothing();
    await tx
      .insert(userRoles)
      .values({ userId, role })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
  });
}

/** Creates an account with its profile and role, without signing in (demo seed, test tools). */
export async function createAccount(
  services: Pick<Services, "db" | "auth">,
  input: AccountDetails,
  role: Role,
): Promise<"created" | "exists"> {
  const existing = await services.db.query.user.findFirst({ where: eq(user.email, input.email) });
  if (existing) return "exists";
  const created = await services.auth.api.signUpEmail({
    body: {
      email: input.email,
      password: input.password,
      name: `${input.firstName} ${input.lastName}`,
    },
  });
  await saveProfile(services, created.user.id, input, role, "fr");
  return "created";
}

/** Sign-up from the register form: seller sign-up gives role creator, anything else client. */
export async function register(
  services: Services,
  input: RegisterInput,
  origin: RequestOrigin,
  locale: Locale,
): Promise<AccountResult<{ role: Role }>> {
  const refused = await limited(
    services,
    `sign-up:${origin.clientAddress}`,
    services.env.RATE_LIMIT_SIGN_UP_MAX,
  );
  if (refused) return refused;

  const role: Role = input.accountType === "creator" ? "creator" : "client";
  try {
    const { headers, response } = await services.auth.api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name: input.storeName ?? `${input.firstName} ${input.lastName}`,
      },
      headers: origin.headers,
      returnHeaders: true,
    });
    await saveProfile(services, response.user.id, input, role, locale);
    return { ok: true, headers, role };
  } catch (error) {
    const code = errorCode(error);
    if (code.startsWith("USER_ALREADY_EXISTS")) return { ok: false, error: "accountExists" };
    if (code === "PASSWORD_TOO_SHORT") return { ok: false, error: "passwordTooShort" };
    if (code === "PASSWORD_TOO_LONG") return { ok: false, error: "passwordTooLong" };
    if (code === "INVALID_EMAIL") return { ok: false, error: "invalidEmail" };
    if (error instanceof APIError) return { ok: false, error: "signUpFailed" };
    throw error;
  }
}

export async function signIn(
  services: Services,
  input: LoginInput,
  origin: RequestOrigin,
): Promise<AccountResult> {
  const refused = await limited(
    services,
    `sign-in:${origin.clientAddress}:${input.email}`,
    services.env.RATE_LIMIT_SIGN_IN_MAX,
  );
  if (refused) return refused;
  try {
    const { headers } = await services.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.rememberMe },
      headers: origin.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || code === "401") {
      return { ok: false, error: "invalidCredentials" };
    }
    if (error instanceof APIError) return { ok: false, error: "signInFailed" };
    throw error;
  }
}

export async function signOut(services: Services, origin: RequestOrigin): Promise<Headers> {
  const { headers } = await services.auth.api.signOut({
    headers: origin.headers,
    returnHeaders: true,
  });
  return headers;
}

/** Sends a reset link if the account exists; answers the same either way. */
export async function requestPasswordReset(
  services: Services,
  email: string,
  locale: Locale,
  origin: RequestOrigin,
): Promise<AccountResult> {
  const refused = await limited(
    services,
    `reset:${origin.clientAddress}`,
    services.env.RATE_LIMIT_PASSWORD_RESET_MAX,
  );
  if (refused) return refused;
  await services.auth.api.requestPasswordReset({
    body: { email, redirectTo: `${services.env.baseUrl}/${locale}/auth/reset-password` },
  });
  return { ok: true, headers: new Headers() };
}

export async function resetPassword(
  services: Services,
  token: string,
  newPassword: string,
  origin: RequestOrigin,
): Promise<AccountResult> {
  const refused = await limited(
    services,
    `reset:${origin.clientAddress}`,
    services.env.RATE_LIMIT_PASSWORD_RESET_MAX,
  );
  if (refused) return refused;
  try {
    await services.auth.api.resetPassword({ body: { token, newPassword } });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    if (error instanceof APIError) return { ok: false, error: "resetTokenInvalid" };
    throw error;
  }
}

/** The signed-in person behind a request, with the role read from our table. */
export async function loadViewer(services: Services, headers: Headers): Promise<Viewer | null> {
  const current = await services.auth.api.getSession({ headers });
  if (!current) return null;
  const [row] = await services.db
    .select({
      role: userRoles.role,
      displayName: profiles.displayName,
      storeName: profiles.storeName,
    })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, current.user.id));
  return {
    id: current.user.id,
    email: current.user.email,
    role: row?.role ?? "client",
    displayName: row?.displayName ?? current.user.name,
    storeName: row?.storeName ?? null,
  };
}
