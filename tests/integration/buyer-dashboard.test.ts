import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import { entitlements, mailOutbox, profiles, session, uploads, user } from "~/modules/db/schema";
import { signedInAs, testPassword, uniqueIp } from "../support/accounts";
import { recordSale } from "../support/commerce";
import { flashKey } from "../support/checkout";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { CookieJar, postForm, testApp, type TestApp } from "../support/test-app";
import { drainJobs } from "../support/jobs";

let app: TestApp;
let services: Services;
let sellerId: string;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  const seller = await signedInAs(app, "creator");
  sellerId = (await viewerByEmail(services, seller.email, "creator")).id;
});

async function buyerWithPurchases(titles: string[]) {
  const account = await signedInAs(app, "client");
  const id = (await viewerByEmail(services, account.email, "client")).id;
  for (const title of titles) {
    const { submission } = await makeSubmission(services, sellerId, {
      status: "approved",
      title,
      priceCents: 1_000,
    });
    await recordSale(services, id, submission);
  }
  return { ...account, id };
}

describe("/buyer-dashboard ('Mes achats')", () => {
  it("shows each download with its picture, format, size and licence, and links to the product", async () => {
    const account = await signedInAs(app, "client");
    const id = (await viewerByEmail(services, account.email, "client")).id;
    const { submission, files } = await makeSubmission(services, sellerId, {
      status: "approved",
      title: "Brise marine",
      withThumbnails: true,
    });
    // A small file: its size reads in KB, not "0 Mo".
    await services.db
      .update(uploads)
      .set({ size: 512_000, detectedMime: "image/jpeg", metadata: { format: "jpeg" } })
      .where(eq(uploads.id, files[0]!.id));
    await recordSale(services, id, submission, { licenceId: "extended" });
    for (const [lang, size, licence] of [
      ["fr", "500\u202fko", "Étendue"],
      ["en", "500 kB", "Extended"],
    ] as const) {
      const html = await (
        await app.fetch(`/${lang}/buyer-dashboard?tab=downloads`, { cookies: account.jar })
      ).text();
      expect(html).toContain(`src="/media/${files[0]!.id}/thumbnail"`);
      expect(html).toContain(`href="/${lang}/product/${submission.id}"`);
      expect(html).toContain(`JPEG · ${size}`);
      expect(html).toContain(licence);
      expect(html).toContain(`href="/downloads/${files[0]!.id}"`);
    }
  });

  it("shows the four figures and the recent purchases", async () => {
    const { jar } = await buyerWithPurchases(["Aurore boréale", "Vague géante"]);
    const html = await (await app.fetch("/fr/buyer-dashboard", { cookies: jar })).text();
    expect(html).toContain("Mes achats");
    expect(html).toContain("Total dépensé");
    // Two orders of (10 € + 15 €) × 1.2 = 30 € each.
    expect(html).toContain("60,00");
    expect(html).toContain("Aurore boréale");
    expect(html).toContain("Vague géante");
  });

  it("searches purchases by title", async () => {
    const { jar } = await buyerWithPurchases(["Cascade alpine", "Désert rouge"]);
    const html = await (
      await app.fetch("/fr/buyer-dashboard?tab=purchases&q=cascade", { cookies: jar })
    ).text();
    expect(html).toContain("Cascade alpine");
    expect(html).not.toContain("Désert rouge");
  });

  it("lists download links and certificates; a certificate is its holder's (or an admin's) only", async () => {
    const { jar, id } = await buyerWithPurchases(["Lumière dorée"]);
    const downloads = await (
      await app.fetch("/en/buyer-dashboard?tab=downloads", { cookies: jar })
    ).text();
    expect(downloads).toMatch(/href="\/downloads\/[0-9a-f-]{36}"/);
    const [right] = await services.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.buyerId, id));
    const licences = await (
      await app.fetch("/fr/buyer-dashboard?tab=licences", { cookies: jar })
    ).text();
    expect(licences).toContain(right!.certificateNumber);
    const certificate = await app.fetch(`/fr/certificates/${right!.certificateNumber}`, {
      cookies: jar,
    });
    expect(certificate.status).toBe(200);
    expect(await certificate.text()).toContain("Certificat de licence");
    const other = await signedInAs(app, "client");
    expect(
      (await app.fetch(`/fr/certificates/${right!.certificateNumber}`, { cookies: other.jar }))
        .status,
    ).toBe(404);
    const admin = await signedInAs(app, "admin");
    expect(
      (await app.fetch(`/fr/certificates/${right!.certificateNumber}`, { cookies: admin.jar }))
        .status,
    ).toBe(200);
  });

  it("shows a refunded purchase without its download", async () => {
    const account = await signedInAs(app, "client");
    const id = (await viewerByEmail(services, account.email, "client")).id;
    const { submission } = await makeSubmission(services, sellerId, { status: "approved" });
    await recordSale(services, id, submission);
    await services.db
      .update(entitlements)
      .set({ revokedAt: new Date() })
      .where(eq(entitlements.buyerId, id));
    const html = await (
      await app.fetch("/fr/buyer-dashboard?tab=downloads", { cookies: account.jar })
    ).text();
    expect(html).toContain("Remboursé : téléchargement désactivé");
    expect(html).not.toMatch(/href="\/downloads\//);
  });

  it("refuses visitors and sellers, admits admins", async () => {
    expect((await app.fetch("/fr/buyer-dashboard")).status).toBe(401);
    const seller = await signedInAs(app, "creator");
    expect((await app.fetch("/fr/buyer-dashboard", { cookies: seller.jar })).status).toBe(403);
    const admin = await signedInAs(app, "admin");
    expect((await app.fetch("/fr/buyer-dashboard", { cookies: admin.jar })).status).toBe(200);
  });

  it("updates the name and language, and changes the password after checking the current one", async () => {
    const account = await signedInAs(app, "client");
    const id = (await viewerByEmail(services, account.email, "client")).id;
    const saved = await postForm(
      app,
      "/fr/buyer-dashboard",
      { intent: "profile", displayName: "Nouvelle Personne", locale: "en" },
      { cookies: account.jar },
    );
    expect(flashKey(saved)).toBe("commerce.dashboard.saved");
    const [row] = await services.db.select().from(user).where(eq(user.id, id));
    expect(row!.name).toBe("Nouvelle Personne");
    const [profile] = await services.db.select().from(profiles).where(eq(profiles.userId, id));
    expect(profile!.locale).toBe("en");

    const wrong = await postForm(
      app,
      "/fr/buyer-dashboard?tab=profile",
      { intent: "password", currentPassword: "not-the-password", newPassword: "new-password-123" },
      { cookies: account.jar },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Le mot de passe actuel est incorrect.");
    const changed = await postForm(
      app,
      "/fr/buyer-dashboard?tab=profile",
      { intent: "password", currentPassword: testPassword, newPassword: "new-password-123" },
      { cookies: account.jar },
    );
    expect(flashKey(changed)).toBe("commerce.dashboard.passwordSaved");
    const signIn = await postForm(
      app,
      "/fr/auth",
      { intent: "login", email: account.email, password: "new-password-123" },
      { ip: uniqueIp(), cookies: new CookieJar() },
    );
    expect(signIn.status).toBe(302);
  });

  describe("password change", () => {
    async function signInAgain(email: string, password = testPassword) {
      const jar = new CookieJar();
      const response = await postForm(
        app,
        "/fr/auth",
        { intent: "login", email, password },
        { ip: uniqueIp(), cookies: jar },
      );
      expect(response.status).toBe(302);
      return jar;
    }

    function changeFrom(jar: CookieJar, currentPassword: string, newPassword: string) {
      return postForm(
        app,
        "/fr/buyer-dashboard?tab=profile",
        { intent: "password", currentPassword, newPassword },
        { cookies: jar },
      );
    }

    const dashboardStatus = async (jar: CookieJar) =>
      (await app.fetch("/fr/buyer-dashboard?tab=profile", { cookies: jar })).status;

    it("signs the account's other sessions out and keeps the one that changed it", async () => {
      const account = await signedInAs(app, "client");
      const id = (await viewerByEmail(services, account.email, "client")).id;
      const elsewhere = await signInAgain(account.email);
      expect(await dashboardStatus(elsewhere)).toBe(200);

      const changed = await changeFrom(account.jar, testPassword, "new-password-456");
      expect(changed.status).toBe(302);
      expect(flashKey(changed)).toBe("commerce.dashboard.passwordSaved");

      expect(await dashboardStatus(elsewhere)).toBe(401);
      expect(await dashboardStatus(account.jar)).toBe(200);
      const sessions = await services.db.select().from(session).where(eq(session.userId, id));
      expect(sessions).toHaveLength(1);
      // The other browser gets back in only with the new password.
      expect(await dashboardStatus(await signInAgain(account.email, "new-password-456"))).toBe(200);
    });

    it("limits guesses of the current password, counted with the e-mail form's", async () => {
      const account = await signedInAs(app, "client");
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await changeFrom(account.jar, "guess-password", "new-password-456")).status).toBe(
          400,
        );
        const viaEmail = await postForm(
          app,
          "/fr/buyer-dashboard?tab=profile",
          {
            intent: "email",
            newEmail: `guess-${attempt}-${Date.now()}@example.test`,
            currentPassword: "guess-password",
          },
          { cookies: account.jar },
        );
        expect(viaEmail.status).toBe(400);
      }
      // Six checks in the window: the right password is refused too, and nothing changes.
      const refused = await changeFrom(account.jar, testPassword, "new-password-456");
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Trop de tentatives. Réessayez plus tard.");
      expect(await dashboardStatus(await signInAgain(account.email))).toBe(200);
    });
  });

  describe("e-mail change", () => {
    async function client() {
      const account = await signedInAs(app, "client");
      const id = (await viewerByEmail(services, account.email, "client")).id;
      return { ...account, id };
    }

    function askChange(jar: CookieJar, newEmail: string, currentPassword = testPassword) {
      return postForm(
        app,
        "/fr/buyer-dashboard?tab=profile",
        { intent: "email", newEmail, currentPassword },
        { cookies: jar },
      );
    }

    async function emailOf(id: string) {
      const [row] = await services.db.select().from(user).where(eq(user.id, id));
      return row!.email;
    }

    async function mailsTo(address: string) {
      await drainJobs(services);
      return services.db.select().from(mailOutbox).where(eq(mailOutbox.to, address));
    }

    it("refuses a wrong password, an address in use, the same address and a malformed one", async () => {
      const account = await client();
      const other = await client();
      const wanted = `moved-${account.id.slice(0, 8).toLowerCase()}@example.test`;
      const cases = [
        [
          await askChange(account.jar, wanted, "not-the-password"),
          "Le mot de passe actuel est incorrect.",
        ],
        [
          await askChange(account.jar, other.email.toUpperCase()),
          "Cette adresse e-mail est déjà utilisée par un autre compte.",
        ],
        [
          await askChange(account.jar, account.email),
          "C&#x27;est déjà l&#x27;adresse de votre compte.",
        ],
        [await askChange(account.jar, "pas-une-adresse"), "Adresse e-mail invalide."],
      ] as const;
      for (const [response, message] of cases) {
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(message);
      }
      expect(await emailOf(account.id)).toBe(account.email);
      expect(await mailsTo(wanted)).toHaveLength(0);
      expect(await mailsTo(other.email)).toHaveLength(0);
      // A visitor cannot ask at all.
      expect((await askChange(new CookieJar(), wanted)).status).toBe(401);
    });

    it("switches only once the link sent to the new address is confirmed, then tells the old one", async () => {
      const account = await client();
      const wanted = `moved-${account.id.slice(0, 8).toLowerCase()}@example.test`;
      const asked = await askChange(account.jar, wanted.toUpperCase());
      expect(flashKey(asked)).toBe("commerce.dashboard.emailSent");
      expect(await emailOf(account.id)).toBe(account.email);
      const profile = await (
        await app.fetch("/fr/buyer-dashboard?tab=profile", { cookies: account.jar })
      ).text();
      expect(profile).toContain(`En attente de confirmation : ${wanted}.`);
      const [mail] = await mailsTo(wanted);
      expect(mail!.subject).toBe("Confirmez votre nouvelle adresse e-mail");
      const link = new URL(/https?:\/\/\S+\/fr\/confirm-email\?\S+/.exec(mail!.text)![0]);
      const path = `${link.pathname}${link.search}`;

      // Opening the link only asks; a forged token finds nothing.
      const page = await (await app.fetch(path)).text();
      expect(page).toContain(`Utiliser ${wanted} comme adresse de votre compte ?`);
      expect(await emailOf(account.id)).toBe(account.email);
      const forged = await postForm(app, link.pathname, {
        u: account.id,
        token: "A".repeat(43),
      });
      expect(await forged.text()).toContain("Ce lien de confirmation n&#x27;est plus valide.");
      expect(await emailOf(account.id)).toBe(account.email);

      const confirmed = await postForm(app, link.pathname, {
        u: link.searchParams.get("u")!,
        token: link.searchParams.get("token")!,
      });
      expect(await confirmed.text()).toContain("Adresse e-mail modifiée");
      expect(await emailOf(account.id)).toBe(wanted);
      const [notice] = await mailsTo(account.email);
      expect(notice!.subject).toBe("L'adresse e-mail de votre compte a changé");
      expect(notice!.text).toContain(wanted);

      // The link works once; the new address signs in, the old one no longer does.
      const again = await postForm(app, link.pathname, {
        u: link.searchParams.get("u")!,
        token: link.searchParams.get("token")!,
      });
      expect(await again.text()).toContain("Ce lien de confirmation n&#x27;est plus valide.");
      const signIn = (email: string) =>
        postForm(
          app,
          "/fr/auth",
          { intent: "login", email, password: testPassword },
          { ip: uniqueIp(), cookies: new CookieJar() },
        );
      expect((await signIn(wanted)).status).toBe(302);
      expect((await signIn(account.email)).status).not.toBe(302);
    });

    it("refuses the confirmation when another account took the address meanwhile", async () => {
      const account = await client();
      const wanted = `race-${account.id.slice(0, 8).toLowerCase()}@example.test`;
      await askChange(account.jar, wanted);
      const [mail] = await mailsTo(wanted);
      const link = new URL(/https?:\/\/\S+\/fr\/confirm-email\?\S+/.exec(mail!.text)![0]);
      const other = await client();
      await services.db.update(user).set({ email: wanted }).where(eq(user.id, other.id));
      const confirmed = await postForm(app, link.pathname, {
        u: link.searchParams.get("u")!,
        token: link.searchParams.get("token")!,
      });
      expect(await confirmed.text()).toContain(
        "Cette adresse e-mail est déjà utilisée par un autre compte.",
      );
      expect(await emailOf(account.id)).toBe(account.email);
    });
  });
});
