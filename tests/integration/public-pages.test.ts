import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, licences, mailOutbox } from "~/modules/db/schema";
import { signedInAs, uniqueEmail, uniqueIp } from "../support/accounts";
import { CookieJar, postForm, testApp, type TestApp } from "../support/test-app";
import { drainJobs } from "../support/jobs";

let app: TestApp;
const jars = {} as Record<"client" | "admin", CookieJar>;

beforeAll(async () => {
  app = await testApp();
  jars.client = (await signedInAs(app, "client")).jar;
  jars.admin = (await signedInAs(app, "admin")).jar;
});

function contactFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    form: "contact-form",
    firstName: "Jeanne",
    lastName: "Martin",
    email: uniqueEmail("contact"),
    phone: "+33 6 12 34 56 78",
    subject: "billing",
    message: "Ma facture de novembre n'apparaît pas.",
    ...overrides,
  };
}

async function messagesFrom(email: string) {
  const { db } = await app.services();
  return db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

async function mailsTo(email: string) {
  const { db } = await app.services();
  await drainJobs(await app.services());
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
}

describe("contact form", () => {
  it("stores a valid message and acknowledges it by e-mail in the page's language", async () => {
    const fields = contactFields({ email: uniqueEmail("Contact").toUpperCase() });
    const email = fields.email!.toLowerCase();
    const response = await postForm(app, "/en/contact", fields, { ip: uniqueIp() });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Your message has been sent.");
    const [stored] = await messagesFrom(email);
    expect(stored).toMatchObject({
      kind: "contact",
      firstName: "Jeanne",
      lastName: "Martin",
      phone: "+33 6 12 34 56 78",
      subject: "billing",
      locale: "en",
      status: "new",
      userId: null,
    });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe("We have received your message");
    expect(mail?.text).toContain("Hello Jeanne,");
    expect(mail?.text).toContain("Ma facture de novembre n'apparaît pas.");
  });

  it("refuses missing required fields with translated messages, and stores nothing", async () => {
    const email = uniqueEmail("missing");
    const french = await postForm(
      app,
      "/fr/contact",
      { form: "contact-form", email, phone: "" },
      { ip: uniqueIp() },
    );
    expect(french.status).toBe(400);
    const html = await french.text();
    for (const text of [
      "Le prénom est obligatoire.",
      "Le nom est obligatoire.",
      "Veuillez choisir un sujet.",
      "Le message est obligatoire.",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain("L&#x27;email est obligatoire.");
    const english = await postForm(
      app,
      "/en/support",
      contactFields({ email: "not-an-address", subject: "gossip" }),
      { ip: uniqueIp() },
    );
    expect(english.status).toBe(400);
    const text = await english.text();
    expect(text).toContain("The email address is not valid.");
    expect(text).toContain("Please choose a subject.");
    expect(await messagesFrom(email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("keeps the signed-in sender, and the help centre's form stores like the contact page", async () => {
    const email = uniqueEmail("support");
    const response = await postForm(app, "/fr/support", contactFields({ email }), {
      ip: uniqueIp(),
      cookies: jars.client,
    });
    expect(response.status).toBe(200);
    const [stored] = await messagesFrom(email);
    expect(stored?.userId).not.toBeNull();
    expect((await mailsTo(email))[0]?.subject).toBe("Nous avons bien reçu votre message");
  });

  it("limits messages per client address (RATE_LIMIT_CONTACT_MAX, 5 by default)", async () => {
    const ip = uniqueIp();
    for (let sent = 0; sent < 5; sent++) {
      const ok = await postForm(app, "/fr/contact", contactFields(), { ip });
      expect(ok.status).toBe(200);
    }
    const email = uniqueEmail("spam");
    const refused = await postForm(app, "/fr/contact", contactFields({ email }), { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.text()).toMatch(/Trop de messages envoyés. Réessayez dans \d+ secondes./);
    expect(await messagesFrom(email)).toEqual([]);
    // Another address is not affected.
    const other = await postForm(app, "/fr/contact", contactFields(), { ip: uniqueIp() });
    expect(other.status).toBe(200);
  });

  it("stores feedback, which has no phone or subject", async () => {
    const email = uniqueEmail("feedback");
    const response = await postForm(
      app,
      "/fr/feedback",
      {
        form: "feedback-form",
        firstName: "Paul",
        lastName: "Durand",
        email,
        subject: "legal",
        phone: "0102030405",
        message: "Le filtre de prix est très pratique.",
      },
      { ip: uniqueIp() },
    );
    expect(response.status).toBe(200);
    const [stored] = await messagesFrom(email);
    expect(stored).toMatchObject({ kind: "feedback", subject: null, phone: null, locale: "fr" });
    expect((await mailsTo(email))[0]?.subject).toBe("Merci pour votre avis");
    const empty = await postForm(
      app,
      "/en/feedback",
      { form: "feedback-form" },
      { ip: uniqueIp() },
    );
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Message is required.");
  });
});

describe("admin inbox", () => {
  it("shows messages to admins only, and moves them between to-handle and handled", async () => {
    const email = uniqueEmail("inbox");
    await postForm(app, "/fr/contact", contactFields({ email, message: "Message pour l'inbox" }), {
      ip: uniqueIp(),
    });
    const [stored] = await messagesFrom(email);

    expect((await app.fetch("/fr/admin/messages")).status).toBe(401);
    const refused = await app.fetch("/fr/admin/messages", { cookies: jars.client });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(
      "Seuls les administrateurs peuvent accéder à cette page.",
    );
    const clientPost = await postForm(
      app,
      "/fr/admin/messages",
      { id: stored!.id, status: "handled" },
      { cookies: jars.client },
    );
    expect(clientPost.status).toBe(403);
    expect((await messagesFrom(email))[0]?.status).toBe("new");

    const inbox = await (await app.fetch("/fr/admin/messages", { cookies: jars.admin })).text();
    expect(inbox).toContain("Message pour l&#x27;inbox");
    expect(inbox).toContain(email);
    expect(inbox).toContain('href="/fr/admin"');

    const handled = await postForm(
      app,
      "/fr/admin/messages?status=new",
      { id: stored!.id, status: "handled" },
      { cookies: jars.admin },
    );
    expect(handled.status).toBe(302);
    expect(handled.headers.get("location")).toBe("/fr/admin/messages?status=new");
    const [after] = await messagesFrom(email);
    expect(after?.status).toBe("handled");
    expect(after?.handledAt).not.toBeNull();
    const newTab = await (await app.fetch("/fr/admin/messages", { cookies: jars.admin })).text();
    expect(newTab).not.toContain(email);
    const handledTab = await (
      await app.fetch("/en/admin/messages?status=handled", { cookies: jars.admin })
    ).text();
    expect(handledTab).toContain(email);
    expect(handledTab).toContain("Move back to handle");

    const invalid = await postForm(
      app,
      "/fr/admin/messages",
      { id: "not-a-uuid", status: "handled" },
      { cookies: jars.admin },
    );
    expect(invalid.status).toBe(400);
  });
});

describe("licences page", () => {
  it("shows the licence catalogue's prices, as the cart charges them", async () => {
    const french = await (await app.fetch("/fr/licenses")).text();
    expect(french).toMatch(/\+15,00\s€/);
    expect(french).toMatch(/\+45,00\s€/);
    expect(french).toMatch(/\+299,00\s€/);
    const { db } = await app.services();
    await db.update(licences).set({ surchargeCents: 5_000 }).where(eq(licences.id, "extended"));
    const english = await (await app.fetch("/en/licenses")).text();
    expect(english).toContain("+€50.00");
    expect(english).toContain("Unlimited commercial use and resale.");
    await db.update(licences).set({ surchargeCents: 4_500 }).where(eq(licences.id, "extended"));
  });
});

describe("legal texts", () => {
  it("carry the public pages' facts in both languages", async () => {
    const read = async (path: string) => (await app.fetch(path)).text();
    const termsFr = await read("/fr/terms");
    expect(termsFr).toContain("Dernière mise à jour : 15 janvier 2024");
    expect(termsFr).toContain("signalé dans les 30 jours");
    expect(termsFr).toContain("de 48 à 72 heures ouvrées");
    expect(termsFr).toContain("au cours des 12 derniers mois");
    expect(termsFr).toContain("legal@vitrine.fr");
    const termsEn = await read("/en/terms");
    expect(termsEn).toContain("Last updated: 15 January 2024");
    expect(termsEn).toContain("within 30 days");
    expect(termsEn).toContain("48 to 72 working hours");
    expect(termsEn).toContain("over the last 12 months");
    const privacyFr = await read("/fr/privacy-policy");
    expect(privacyFr).toContain(
      "Comptes : 3 ans après la dernière activité. Transactions : 10 ans (obligation comptable). Messages au support : 3 ans. Mesures d&#x27;audience : 2 ans.",
    );
    const privacyEn = await read("/en/privacy-policy");
    expect(privacyEn).toContain("Transactions: 10 years");
    expect(await read("/en/license-agreement")).toContain("worldwide and perpetual");
    expect(await read("/fr/license-agreement")).toContain("mondial et perpétuel");
  });
});

describe("cookie notice", () => {
  it("shows until answered, records the choice, and can be asked again", async () => {
    const jar = new CookieJar();
    expect(await (await app.fetch("/fr/about", { cookies: jar })).text()).toContain(
      "Essentiels uniquement",
    );
    const answered = await postForm(
      app,
      "/cookie-consent",
      { choice: "essential", redirectTo: "/fr/about" },
      { cookies: jar },
    );
    expect(answered.status).toBe(302);
    expect(answered.headers.get("location")).toBe("/fr/about");
    expect(answered.headers.get("set-cookie")).toMatch(/vitrine_cookie_consent=.*HttpOnly/i);
    expect(await (await app.fetch("/fr/about", { cookies: jar })).text()).not.toContain(
      "Essentiels uniquement",
    );
    const policy = await (await app.fetch("/fr/cookie-policy", { cookies: jar })).text();
    expect(policy).toContain("Votre choix actuel : cookies essentiels uniquement");

    await postForm(
      app,
      "/cookie-consent",
      { choice: "reset", redirectTo: "/fr" },
      { cookies: jar },
    );
    expect(jar.has("vitrine_cookie_consent")).toBe(false);
    expect(await (await app.fetch("/en", { cookies: jar })).text()).toContain("Essential only");
  });

  it("never redirects to another site", async () => {
    for (const target of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
      const response = await postForm(app, "/cookie-consent", {
        choice: "all",
        redirectTo: target,
      });
      expect(response.headers.get("location"), target).toBe("/");
    }
  });
});
