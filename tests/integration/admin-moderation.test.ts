import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { AdminError } from "~/modules/admin/admin-error";
import { moderateSubmission } from "~/modules/admin/moderation.server";
import type { Services } from "~/modules/services";
import type { Role, Viewer } from "~/modules/auth/roles";
import { auditLog, contentSubmissions, mailOutbox } from "~/modules/db/schema";
import { quoteLine } from "~/modules/pricing/quote.server";
import { signedInAs } from "../support/accounts";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { type CookieJar, postForm, testApp, type TestApp } from "../support/test-app";
import { drainJobs } from "../support/jobs";

let app: TestApp;
let services: Services;
let admin: { jar: CookieJar; viewer: Viewer };
let seller: { jar: CookieJar; viewer: Viewer };

async function account(role: Role): Promise<{ jar: CookieJar; viewer: Viewer }> {
  const { jar, email } = await signedInAs(app, role);
  return { jar, viewer: await viewerByEmail(services, email, role) };
}

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  admin = await account("admin");
  seller = await account("creator");
});

async function row(id: string) {
  const found = await services.db.query.contentSubmissions.findFirst({
    where: eq(contentSubmissions.id, id),
  });
  return found!;
}

async function auditOf(id: string) {
  return services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), eq(auditLog.targetType, "content_submission")));
}

async function lastMailTo(email: string) {
  await drainJobs(services);
  const [mail] = await services.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

const moderate = (fields: Record<string, string>, jar = admin.jar, lang = "fr") =>
  postForm(app, `/${lang}/admin/moderation`, fields, { cookies: jar });

describe("the moderation list", () => {
  it("says there is nothing to moderate, then lists pending submissions newest first", async () => {
    const empty = await app.fetch("/fr/admin/moderation", { cookies: admin.jar });
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("Aucun contenu à modérer");

    const older = await makeSubmission(services, seller.viewer.id, {
      status: "pending",
      title: "Ancien en attente",
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await makeSubmission(services, seller.viewer.id, {
      status: "pending",
      title: "Récent en attente",
    });
    await makeSubmission(services, seller.viewer.id, { status: "draft", title: "Brouillon caché" });
    await makeSubmission(services, seller.viewer.id, { status: "approved", title: "Déjà publié" });

    const html = await (await app.fetch("/en/admin/moderation", { cookies: admin.jar })).text();
    expect(html).toContain("Pending items");
    expect(html.indexOf("Récent en attente")).toBeLessThan(html.indexOf("Ancien en attente"));
    expect(html).not.toContain("Brouillon caché");
    expect(html).not.toContain("Déjà publié");
    // Each file of a submission is listed, by name.
    expect(html).toContain(older.files[0]!.fileName);
    expect(html).toContain(newer.files[0]!.fileName);
    // Clean up for the other tests: these two are decided here.
    for (const item of [older, newer])
      await moderateSubmission(services, admin.viewer, item.submission.id, { decision: "approve" });
  });

  it("shows 50 a page", async () => {
    const made = [];
    for (let index = 0; index < 51; index++) {
      made.push(
        await makeSubmission(services, seller.viewer.id, {
          status: "pending",
          title: `Lot ${String(index).padStart(2, "0")}`,
          files: 0,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
        }),
      );
    }
    const first = await (await app.fetch("/fr/admin/moderation", { cookies: admin.jar })).text();
    expect(first).toContain("51 contenu(s) en attente");
    expect(first).toContain("Lot 50");
    expect(first).not.toContain("Lot 00");
    expect(first).toContain("Page 1 sur 2");
    const second = await (
      await app.fetch("/fr/admin/moderation?page=2", { cookies: admin.jar })
    ).text();
    expect(second).toContain("Lot 00");
    expect(second).not.toContain("Lot 50");
    for (const item of made)
      await moderateSubmission(services, admin.viewer, item.submission.id, { decision: "approve" });
  });
});

describe("approving and rejecting", () => {
  it("approves a pending submission: public, audited, the seller told by e-mail", async () => {
    const { submission } = await makeSubmission(services, seller.viewer.id, {
      status: "pending",
      title: "Falaise au couchant",
    });
    await services.db
      .update(contentSubmissions)
      .set({ rejectionCode: "quality", rejectionReason: "Ancien refus" })
      .where(eq(contentSubmissions.id, submission.id));
    expect(await quoteLine(services.db, submission.id, "standard")).toBeNull();

    const response = await moderate({ intent: "approve", submissionId: submission.id });
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toContain("vitrine_flash");

    const after = await row(submission.id);
    expect(after.status).toBe("approved");
    expect(after.approvedBy).toBe(admin.viewer.id);
    expect(after.approvedAt).toBeInstanceOf(Date);
    expect(after.rejectionCode).toBeNull();
    expect(after.rejectionReason).toBeNull();
    // On sale now: the pricing module quotes it.
    expect(await quoteLine(services.db, submission.id, "standard")).not.toBeNull();

    const audit = await auditOf(submission.id);
    const approvals = audit.filter((entry) => entry.action === "submission.approve");
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({
      actorId: admin.viewer.id,
      before: { status: "pending" },
      after: { status: "approved" },
    });

    const mail = await lastMailTo(seller.viewer.email);
    expect(mail?.subject).toBe("Votre contenu « Falaise au couchant » est publié");
    expect(mail?.text).toContain(`/fr/seller-dashboard/content/${submission.id}`);
  });

  it("rejects with a coded reason and details; the seller sees both, in each language", async () => {
    const { submission } = await makeSubmission(services, seller.viewer.id, {
      status: "pending",
      title: "Portrait flou",
    });
    const response = await moderate({
      intent: "reject",
      submissionId: submission.id,
      code: "quality",
      note: "La mise au point est ratée.",
    });
    expect(response.status).toBe(302);

    const after = await row(submission.id);
    expect(after).toMatchObject({
      status: "rejected",
      approvedAt: null,
      approvedBy: null,
      rejectionCode: "quality",
      rejectionReason: "La mise au point est ratée.",
    });
    const [entry] = (await auditOf(submission.id)).filter(
      (item) => item.action === "submission.reject",
    );
    expect(entry?.after).toEqual({
      status: "rejected",
      rejectionCode: "quality",
      rejectionReason: "La mise au point est ratée.",
    });

    const mail = await lastMailTo(seller.viewer.email);
    expect(mail?.subject).toBe("Votre contenu « Portrait flou » n'a pas été accepté");
    expect(mail?.text).toContain("Motif : Qualité technique insuffisante");
    expect(mail?.text).toContain("Précisions : La mise au point est ratée.");

    const fr = await (
      await app.fetch("/fr/seller-dashboard?tab=content", { cookies: seller.jar })
    ).text();
    expect(fr).toContain(
      "Motif du refus : Qualité technique insuffisante — La mise au point est ratée.",
    );
    const en = await (
      await app.fetch(`/en/seller-dashboard/content/${submission.id}`, { cookies: seller.jar })
    ).text();
    expect(en).toContain(
      "Reason for rejection: Insufficient technical quality — La mise au point est ratée.",
    );
  });

  it("refuses a reason outside the list, and moves nothing", async () => {
    const { submission } = await makeSubmission(services, seller.viewer.id, { status: "pending" });
    const response = await moderate(
      { intent: "reject", submissionId: submission.id, code: "because" },
      admin.jar,
      "en",
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose a rejection reason from the list.");
    expect((await row(submission.id)).status).toBe("pending");
    await moderateSubmission(services, admin.viewer, submission.id, { decision: "approve" });
  });

  it("moves only pending submissions", async () => {
    for (const status of ["draft", "approved", "rejected"] as const) {
      const { submission } = await makeSubmission(services, seller.viewer.id, { status });
      const response = await moderate({ intent: "approve", submissionId: submission.id });
      expect(response.status, status).toBe(409);
      expect((await row(submission.id)).status).toBe(status);
      expect(await auditOf(submission.id)).toHaveLength(0);
    }
    const unknown = await moderate({
      intent: "approve",
      submissionId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(404);
    const malformed = await moderate({ intent: "approve", submissionId: "'; drop table x" });
    expect(malformed.status).toBe(404);
  });

  it("refuses clients, creators and visitors, who move nothing", async () => {
    const { submission } = await makeSubmission(services, seller.viewer.id, { status: "pending" });
    const client = await account("client");
    for (const jar of [client.jar, seller.jar]) {
      const refused = await moderate({ intent: "approve", submissionId: submission.id }, jar);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain(
        "Seuls les administrateurs peuvent accéder à cette page.",
      );
    }
    const visitor = await postForm(app, "/fr/admin/moderation", {
      intent: "approve",
      submissionId: submission.id,
    });
    expect(visitor.status).toBe(401);
    // The domain function refuses a non-admin viewer too, whatever page calls it.
    await expect(
      moderateSubmission(services, seller.viewer, submission.id, { decision: "approve" }),
    ).rejects.toBeInstanceOf(AdminError);
    expect((await row(submission.id)).status).toBe("pending");
    await moderateSubmission(services, admin.viewer, submission.id, { decision: "approve" });
  });
});

describe("two admins deciding at once", () => {
  it("lets exactly one win; the other is told, and the audit log holds one transition", async () => {
    const other = await account("admin");
    for (let round = 0; round < 5; round++) {
      const { submission } = await makeSubmission(services, seller.viewer.id, {
        status: "pending",
      });
      const results = await Promise.allSettled([
        moderateSubmission(services, admin.viewer, submission.id, { decision: "approve" }),
        moderateSubmission(services, other.viewer, submission.id, {
          decision: "reject",
          code: "rights",
          note: null,
        }),
      ]);
      const won = results.filter((result) => result.status === "fulfilled");
      const lost = results.filter((result) => result.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({
        code: "alreadyModerated",
      });
      const final = await row(submission.id);
      expect(final.status).toBe(
        (won[0] as PromiseFulfilledResult<{ status: string }>).value.status,
      );
      const audit = (await auditOf(submission.id)).filter((entry) =>
        entry.action.startsWith("submission."),
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]!.after).toMatchObject({ status: final.status });
    }
  });

  it("answers the slower admin's page with a clear message, in its language", async () => {
    const other = await account("admin");
    const { submission } = await makeSubmission(services, seller.viewer.id, { status: "pending" });
    const [first, second] = await Promise.all([
      moderate({ intent: "approve", submissionId: submission.id }, admin.jar, "fr"),
      moderate({ intent: "reject", submissionId: submission.id, code: "other" }, other.jar, "en"),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([302, 409]);
    const loser = first.status === 409 ? first : second;
    const text = await loser.text();
    expect(text).toContain(
      loser === first
        ? "Ce contenu a déjà été traité par un autre administrateur."
        : "This item has already been handled by another administrator.",
    );
    expect(
      (await auditOf(submission.id)).filter((entry) => entry.action.startsWith("submission.")),
    ).toHaveLength(1);
  });
});
