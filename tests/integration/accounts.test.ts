import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { mailOutbox, user, userRoles } from "~/modules/db/schema";
import { signedInAs, testPassword, uniqueEmail, uniqueIp } from "../support/accounts";
import { CookieJar, postForm, testApp, type TestApp } from "../support/test-app";
import { drainJobs } from "../support/jobs";

let app: TestApp;

beforeAll(async () => {
  app = await testApp();
});

function registerFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "register",
    accountType: "client",
    firstName: "Jeanne",
    lastName: "Martin",
    email: uniqueEmail("register"),
    password: testPassword,
    confirmPassword: testPassword,
    country: "fr",
    terms: "on",
    ...overrides,
  };
}

async function roleOf(email: string) {
  const { db } = await app.services();
  const [row] = await db
    .select({ role: userRoles.role })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(eq(user.email, email));
  return row?.role;
}

describe("sign-up", () => {
  it("creates a client, signs it in and sends it home", async () => {
    const jar = new CookieJar();
    const fields = registerFields();
    const response = await postForm(app, "/fr/auth", fields, { ip: uniqueIp(), cookies: jar });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fr");
    expect(await roleOf(fields.email!)).toBe("client");
    // The page shows the success toast once (its message travels with the page data).
    const home = await app.fetch("/fr", { cookies: jar });
    expect(await home.text()).toContain("Inscription réussie !");
    expect(await (await app.fetch("/fr", { cookies: jar })).text()).not.toContain(
      "Inscription réussie !",
    );
  });

  it("never takes the role from the request", async () => {
    const fields = registerFields({ accountType: "admin", role: "admin" });
    const response = await postForm(app, "/fr/auth", fields, { ip: uniqueIp() });
    expect(response.status).toBe(302);
    expect(await roleOf(fields.email!)).toBe("client");
  });

  it("makes a seller who signs up through /auth/seller a creator, landing on the seller dashboard", async () => {
    const jar = new CookieJar();
    const fields = registerFields({ accountType: "client", storeName: "Studio Lumière" });
    const response = await postForm(app, "/en/auth/seller", fields, {
      ip: uniqueIp(),
      cookies: jar,
    });
    expect(response.headers.get("location")).toBe("/en/seller-dashboard");
    expect(await roleOf(fields.email!)).toBe("creator");
    const dashboard = await app.fetch("/en/seller-dashboard", { cookies: jar });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Seller request sent!");
  });

  it("asks a seller for a store name", async () => {
    const response = await postForm(app, "/fr/auth/seller", registerFields(), { ip: uniqueIp() });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "Le nom de la boutique est obligatoire pour un compte vendeur.",
    );
  });

  it("says the account exists when the e-mail is taken", async () => {
    const response = await postForm(
      app,
      "/fr/auth",
      registerFields({ email: "client@vitrine.test" }),
      { ip: uniqueIp() },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "Ce compte existe déjà. Vérifiez votre mot de passe ou utilisez &#x27;Mot de passe oublié&#x27;.",
    );
  });
});

describe("better-auth's own HTTP endpoints", () => {
  const post = (body: object): RequestInit => ({
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
    body: JSON.stringify(body),
  });

  it("answer 404 beside our actions, for sign-up, sign-in and every account change, changing nothing", async () => {
    const account = await signedInAs(app, "client");
    const { db } = await app.services();
    const [owner] = await db.select().from(user).where(eq(user.email, account.email));
    const email = uniqueEmail("direct");
    const calls: [string, RequestInit][] = [
      ["/api/auth/sign-up/email", post({ email, password: testPassword, name: "Mallory" })],
      ["/api/auth/sign-in/email", post({ email: account.email, password: testPassword })],
      ["/api/auth/sign-in/social", post({ provider: "google" })],
      ["/api/auth/sign-out", post({})],
      [
        "/api/auth/change-password",
        post({ currentPassword: testPassword, newPassword: "taken-over-123" }),
      ],
      ["/api/auth/change-email", post({ newEmail: email })],
      ["/api/auth/update-user", post({ name: "Mallory" })],
      ["/api/auth/delete-user", post({ password: testPassword })],
      ["/api/auth/revoke-sessions", post({})],
      ["/api/auth/request-password-reset", post({ email: account.email })],
      ["/api/auth/list-sessions", { method: "GET" }],
      ["/api/auth/get-session", { method: "GET" }],
      ["/api/auth/list-accounts", { method: "GET" }],
      ["/api/auth/error", { method: "GET" }],
      ["/api/auth/callback/google", post({ code: "code", state: "state" })],
    ];
    for (const [path, init] of calls) {
      const response = await app.fetch(path, { ...init, cookies: account.jar, ip: uniqueIp() });
      expect(response.status, `${init.method} ${path}`).toBe(404);
    }
    expect(await db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    const [after] = await db.select().from(user).where(eq(user.email, account.email));
    expect(after).toEqual(owner);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, account.email))).toHaveLength(
      0,
    );
    // The session and the password still work.
    expect((await app.fetch("/fr/buyer-dashboard", { cookies: account.jar })).status).toBe(200);
    const again = await postForm(
      app,
      "/fr/auth",
      { intent: "login", email: account.email, password: testPassword },
      { ip: uniqueIp() },
    );
    expect(again.status).toBe(302);
  });
});

describe("sign-in", () => {
  it("sets an httpOnly, SameSite session cookie", async () => {
    const response = await postForm(
      app,
      "/fr/auth",
      { intent: "login", email: "client@vitrine.test", password: "Client-vitrine-2026" },
      { ip: uniqueIp() },
    );
    expect(response.status).toBe(302);
    const session = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("better-auth.session_token="));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
  });

  it("says 'Email ou mot de passe incorrect.' for a wrong password, in each language", async () => {
    const ip = uniqueIp();
    const fr = await postForm(
      app,
      "/fr/auth",
      { intent: "login", email: "client@vitrine.test", password: "wrong-password" },
      { ip },
    );
    expect(fr.status).toBe(401);
    expect(await fr.text()).toContain("Email ou mot de passe incorrect.");
    const en = await postForm(
      app,
      "/en/auth",
      { intent: "login", email: "nobody@example.test", password: "wrong-password" },
      { ip },
    );
    expect(await en.text()).toContain("Incorrect email or password.");
  });

  it("refuses the fourth attempt inside the window with a translated message", async () => {
    const ip = uniqueIp();
    const attempt = (lang: string) =>
      postForm(
        app,
        `/${lang}/auth`,
        { intent: "login", email: "createur@vitrine.test", password: "not-the-password" },
        { ip },
      );
    for (let i = 0; i < 3; i++) expect((await attempt("fr")).status).toBe(401);
    const fourth = await attempt("fr");
    expect(fourth.status).toBe(429);
    expect(await fourth.text()).toMatch(/Trop de tentatives. Réessayez dans \d+ secondes./);
    const fifth = await attempt("en");
    expect(await fifth.text()).toMatch(/Too many attempts. Try again in \d+ seconds./);
    // The right password is refused too while the window lasts: the limit guards the account.
    const right = await postForm(
      app,
      "/fr/auth",
      { intent: "login", email: "createur@vitrine.test", password: "Createur-vitrine-2026" },
      { ip },
    );
    expect(right.status).toBe(429);
    // Another address is not affected.
    const elsewhere = await postForm(
      app,
      "/fr/auth",
      { intent: "login", email: "createur@vitrine.test", password: "Createur-vitrine-2026" },
      { ip: uniqueIp() },
    );
    expect(elsewhere.status).toBe(302);
  });

  it("signs out and forgets the session", async () => {
    const jar = new CookieJar();
    await postForm(
      app,
      "/fr/auth",
      { intent: "login", email: "client@vitrine.test", password: "Client-vitrine-2026" },
      { ip: uniqueIp(), cookies: jar },
    );
    expect((await app.fetch("/fr/buyer-dashboard", { cookies: jar })).status).toBe(200);
    const out = await postForm(app, "/sign-out", { lang: "en" }, { cookies: jar });
    expect(out.headers.get("location")).toBe("/en/auth");
    expect((await app.fetch("/fr/buyer-dashboard", { cookies: jar })).status).toBe(401);
  });

  it("shows the fixed Google error when Google sign-in is not configured", async () => {
    const response = await postForm(app, "/fr/auth", { intent: "google" }, { ip: uniqueIp() });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Impossible de se connecter avec Google.");
  });
});

describe("the signed-in viewer", () => {
  it("is looked up once per page, though the frame's loader and the page's ask at once", async () => {
    const { jar, email } = await signedInAs(app, "client");
    const { auth } = await app.services();
    const sessionLookups = vi.spyOn(auth.api, "getSession");
    try {
      const response = await app.fetch("/fr/cart", { cookies: jar });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(email);
      expect(sessionLookups).toHaveBeenCalledTimes(1);
    } finally {
      sessionLookups.mockRestore();
    }
  });
});

describe("password reset", () => {
  it("sends a link through the outbox that sets a new password", async () => {
    const email = uniqueEmail("reset");
    const ip = uniqueIp();
    await postForm(app, "/fr/auth", registerFields({ email }), { ip });

    const asked = await postForm(app, "/en/auth/forgot-password", { email }, { ip });
    expect(await asked.text()).toContain("If an account exists for this address");

    const { db } = await app.services();
    await drainJobs(await app.services());
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail?.subject).toBe("Reset your Vitrine password");
    const link = /http:\/\/localhost:3000\/api\/auth\/reset-password\/\S+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();

    const landing = await app.fetch(link!.replace("http://localhost:3000", ""));
    expect(landing.status).toBe(302);
    const resetPage = new URL(landing.headers.get("location")!, "http://localhost:3000");
    expect(resetPage.pathname).toBe("/en/auth/reset-password");
    const token = resetPage.searchParams.get("token")!;

    const mismatch = await postForm(
      app,
      "/en/auth/reset-password",
      { token, password: "a-brand-new-secret", confirmPassword: "something-else" },
      { ip },
    );
    expect(await mismatch.text()).toContain("Passwords do not match");

    const reset = await postForm(
      app,
      "/en/auth/reset-password",
      { token, password: "a-brand-new-secret", confirmPassword: "a-brand-new-secret" },
      { ip },
    );
    expect(reset.headers.get("location")).toBe("/en/auth");

    const login = (password: string) =>
      postForm(app, "/fr/auth", { intent: "login", email, password }, { ip: uniqueIp() });
    expect((await login("a-brand-new-secret")).status).toBe(302);
    expect((await login(testPassword)).status).toBe(401);

    const reused = await postForm(
      app,
      "/en/auth/reset-password",
      { token, password: "yet-another-secret", confirmPassword: "yet-another-secret" },
      { ip: uniqueIp() },
    );
    expect(await reused.text()).toContain("This link is no longer valid.");
  });

  it("answers the same for an unknown address, and sends nothing", async () => {
    const email = uniqueEmail("ghost");
    const response = await postForm(app, "/fr/auth/forgot-password", { email }, { ip: uniqueIp() });
    expect(await response.text()).toContain("Si un compte existe pour cette adresse");
    const { db } = await app.services();
    await drainJobs(await app.services());
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(0);
  });
});

describe("bad input", () => {
  const long = "x".repeat(10_000);

  it.each([
    ["firstName", "", "Le prénom est obligatoire."],
    ["firstName", long, "Ce champ est trop long (100 caractères maximum)."],
    ["lastName", "", "Le nom est obligatoire."],
    ["lastName", long, "Ce champ est trop long (100 caractères maximum)."],
    ["email", "", "L&#x27;email est obligatoire."],
    ["email", "pas-un-email", "L&#x27;adresse email n&#x27;est pas valide."],
    ["email", `${long}@example.test`, "Ce champ est trop long (254 caractères maximum)."],
    ["password", "", "Le mot de passe est obligatoire."],
    ["password", "court", "Le mot de passe doit contenir au moins 8 caractères."],
    ["password", long, "Le mot de passe ne peut pas dépasser 128 caractères."],
    ["confirmPassword", "different-password", "Les mots de passe ne correspondent pas"],
    ["confirmPassword", long, "Le mot de passe ne peut pas dépasser 128 caractères."],
    ["country", "", "Veuillez choisir un pays."],
    ["country", "atlantis", "Veuillez choisir un pays."],
    ["country", long, "Veuillez choisir un pays."],
    ["terms", "", "Vous devez accepter les conditions d&#x27;utilisation."],
  ])("register %s (%#) gets a translated error", async (field, value, message) => {
    const response = await postForm(app, "/fr/auth", registerFields({ [field]: value }), {
      ip: uniqueIp(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("register storeName of 10,000 characters for a seller gets a translated error", async () => {
    const response = await postForm(
      app,
      "/fr/auth",
      registerFields({ accountType: "creator", storeName: long }),
      { ip: uniqueIp() },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Ce champ est trop long (100 caractères maximum).");
  });

  it.each([
    ["email", "", "Email is required."],
    ["email", "nope", "The email address is not valid."],
    ["email", "x".repeat(10_000), "This field is too long (254 characters at most)."],
    ["password", "", "Password is required."],
    ["password", "x".repeat(10_000), "The password cannot be longer than 128 characters."],
  ])("login %s (%#) gets a translated error", async (field, value, message) => {
    const fields = { intent: "login", email: "client@vitrine.test", password: "whatever-it-is" };
    const response = await postForm(
      app,
      "/en/auth",
      { ...fields, [field]: value },
      { ip: uniqueIp() },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("handles forms with missing or unknown fields without a server error", async () => {
    for (const path of [
      "/fr/auth",
      "/fr/auth/seller",
      "/fr/auth/forgot-password",
      "/fr/auth/reset-password",
    ]) {
      const cases: Record<string, string>[] = [
        {},
        { intent: "nonsense" },
        { intent: "login" },
        { intent: "register" },
      ];
      for (const fields of cases) {
        const response = await postForm(app, path, fields, { ip: uniqueIp() });
        expect(response.status, `${path} ${JSON.stringify(fields)}`).toBeLessThan(500);
      }
    }
  });

  it("refuses a bad reset token with a translated message", async () => {
    for (const [token, message] of [
      ["", "Lien incomplet."],
      ["x".repeat(10_000), "Lien incomplet."],
      ["forged-token", "Ce lien n&#x27;est plus valide."],
    ] as const) {
      const response = await postForm(
        app,
        "/fr/auth/reset-password",
        { token, password: "valid-password-1", confirmPassword: "valid-password-1" },
        { ip: uniqueIp() },
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
  });
});
