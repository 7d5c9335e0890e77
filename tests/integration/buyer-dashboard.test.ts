import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/app.server";
import { entitlements, profiles, user } from "~/modules/db/schema";
import { signedInAs, testPassword, uniqueIp } from "../support/accounts";
import { recordSale } from "../support/commerce";
import { flashKey } from "../support/checkout";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { CookieJar, postForm, testApp, type TestApp } from "../support/test-app";

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
});
