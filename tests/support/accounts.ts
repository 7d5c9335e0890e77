import { randomUUID } from "node:crypto";
import { createAccount } from "~/modules/accounts/accounts.server";
import type { Role } from "~/modules/auth/roles";
import { CookieJar, postForm, type TestApp } from "./test-app";

/** A unique, valid e-mail address. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** A unique client address, so each test has its own rate-limit windows. */
export function uniqueIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export const testPassword = "correct-horse-battery";

/** Creates an account with the given role (as the demo seed does) and signs it in. */
export async function signedInAs(
  app: TestApp,
  role: Role,
): Promise<{ jar: CookieJar; email: string }> {
  const email = uniqueEmail(role);
  await createAccount(
    await app.services(),
    {
      email,
      password: testPassword,
      firstName: "Test",
      lastName: role,
      storeName: role === "client" ? undefined : `Shop ${role}`,
      country: "fr",
    },
    role,
  );
  const jar = new CookieJar();
  const response = await postForm(
    app,
    "/fr/auth",
    { intent: "login", email, password: testPassword },
    { ip: uniqueIp(), cookies: jar },
  );
  if (response.status !== 302) throw new Error(`sign-in failed: ${response.status}`);
  return { jar, email };
}
