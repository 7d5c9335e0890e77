import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import { auditLog, jobs, mailOutbox } from "~/modules/db/schema";
import { enqueueJob } from "~/modules/jobs/job-queue.server";
import { mailSendJobType } from "~/modules/mail/mail-jobs.server";
import { signedInAs, uniqueEmail } from "../support/accounts";
import { drainJobs } from "../support/jobs";
import { postForm, testApp, type CookieJar, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;
let admin: { jar: CookieJar };

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  admin = await signedInAs(app, "admin");
});

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("admin jobs page", () => {
  it("shows a job that kept failing with its error, and its retry button runs it again, audited", async () => {
    const to = uniqueEmail("smtp");
    const send = services.mailer.send;
    services.mailer.send = async () => {
      throw new Error("connect ECONNREFUSED 10.0.0.25:587");
    };
    let id: string;
    try {
      id = await enqueueJob(
        services.db,
        mailSendJobType,
        { message: { to, subject: "Reçu", text: "Merci", html: "<p>Merci</p>" } },
        { maxAttempts: 1 },
      );
      await drainJobs(services);
    } finally {
      services.mailer.send = send;
    }
    const [failed] = await services.db.select().from(jobs).where(eq(jobs.id, id));
    expect(failed).toMatchObject({
      status: "failed",
      lastError: "connect ECONNREFUSED 10.0.0.25:587",
    });

    const fr = await app.fetch("/fr/admin/jobs?state=failed", { cookies: admin.jar });
    expect(fr.status).toBe(200);
    const frText = plain(await fr.text());
    expect(frText).toContain("Envoi d'un e-mail mail.send");
    expect(frText).toContain("connect ECONNREFUSED 10.0.0.25:587");
    expect(frText).toContain("En échec (1)");
    expect(frText).toContain("1 sur 1");
    expect(frText).toContain("Relancer");
    const en = plain(await (await app.fetch("/en/admin/jobs", { cookies: admin.jar })).text());
    expect(en).toContain("Failed (1)");
    expect(en).toContain("E-mail delivery mail.send");
    // Recurring jobs say how often they run rather than counting attempts against a maximum.
    const all = plain(await (await app.fetch("/fr/admin/jobs", { cookies: admin.jar })).text());
    expect(all).toContain("Expiration des commandes abandonnées");
    expect(all).toContain("Récurrente : toutes les 5 minutes");
    expect(en).toContain("Recurring: every hour");
    expect(all).toContain("Récurrente : toutes les heures");
    expect(en).toContain("Retry");
    // The waiting tab does not list it.
    const waiting = plain(
      await (await app.fetch("/fr/admin/jobs?state=queued", { cookies: admin.jar })).text(),
    );
    expect(waiting).not.toContain("ECONNREFUSED");

    // Only an admin's retry is taken.
    const creator = await signedInAs(app, "creator");
    const refused = await postForm(app, "/fr/admin/jobs", { id }, { cookies: creator.jar });
    expect(refused.status).toBe(403);
    expect((await services.db.select().from(jobs).where(eq(jobs.id, id)))[0]!.status).toBe(
      "failed",
    );

    const retried = await postForm(app, "/fr/admin/jobs", { id }, { cookies: admin.jar });
    expect(retried.status).toBe(302);
    await drainJobs(services);
    expect((await services.db.select().from(jobs).where(eq(jobs.id, id)))[0]!.status).toBe("done");
    expect(await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).toHaveLength(
      1,
    );
    const [entry] = await services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "job.retry"), eq(auditLog.targetId, id)));
    expect(entry).toMatchObject({ targetType: "job", after: { status: "queued" } });
    // A second click finds nothing failed: no second run, no second e-mail.
    await postForm(app, "/fr/admin/jobs", { id }, { cookies: admin.jar });
    await drainJobs(services);
    expect(await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).toHaveLength(
      1,
    );
    const page = plain(
      await (await app.fetch("/fr/admin/jobs?state=failed", { cookies: admin.jar })).text(),
    );
    expect(page).toContain("Aucune tâche dans cet état.");
  });
});
