import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role, Viewer } from "~/modules/auth/roles";
import { auditLog, contentSubmissions, mailOutbox } from "~/modules/db/schema";
import type { Services } from "~/modules/services";
import { signedInAs } from "../support/accounts";
import { pngBytes } from "../support/files";
import { drainJobs } from "../support/jobs";
import { makeSubmission, studioUpload, viewerByEmail } from "../support/studio";
import { type CookieJar, postForm, testApp, type TestApp } from "../support/test-app";

/** The moderation page's tools: originals for admins only, filters, bulk decisions (record 0050). */
let app: TestApp;
let services: Services;
let admin: { jar: CookieJar; viewer: Viewer };
let seller: { jar: CookieJar; viewer: Viewer; email: string };

async function account(role: Role) {
  const { jar, email } = await signedInAs(app, role);
  return { jar, email, viewer: await viewerByEmail(services, email, role) };
}

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  admin = await account("admin");
  seller = await account("creator");
});

describe("the original of a submitted file", () => {
  it("streams to admins, whole or by range, and is a 404 for everyone else", async () => {
    const bytes = pngBytes(300, 200);
    const { files } = await makeSubmission(services, seller.viewer.id, { status: "pending" });
    const original = await studioUpload(services, seller.viewer.id, {
      bytes,
      submissionId: files[0]!.submissionId,
      position: 1,
    });
    const url = `/admin/originals/${original.id}`;

    const whole = await app.fetch(url, { cookies: admin.jar });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("image/png");
    expect(whole.headers.get("cache-control")).toBe("private, no-store");
    expect(whole.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await app.fetch(url, { cookies: admin.jar, headers: { Range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${bytes.length}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    const buyer = (await signedInAs(app, "client")).jar;
    const otherSeller = (await signedInAs(app, "creator")).jar;
    for (const cookies of [undefined, buyer, otherSeller, seller.jar]) {
      const refused = await app.fetch(url, { cookies });
      expect(refused.status).toBe(404);
      expect((await refused.arrayBuffer()).byteLength).toBeLessThan(bytes.length);
    }
  });

  it("is a 404 for admins too when the file is in no product, or is no upload id", async () => {
    const loose = await studioUpload(services, seller.viewer.id);
    expect((await app.fetch(`/admin/originals/${loose.id}`, { cookies: admin.jar })).status).toBe(
      404,
    );
    expect((await app.fetch("/admin/originals/..%2F..%2Fetc", { cookies: admin.jar })).status).toBe(
      404,
    );
  });
});

describe("filters", () => {
  it("narrows the list by kind, seller, date and resubmission, from the address", async () => {
    const other = await account("creator");
    await makeSubmission(services, seller.viewer.id, {
      status: "pending",
      title: "Filtre vidéo",
      kind: "video",
    });
    await makeSubmission(services, other.viewer.id, {
      status: "pending",
      title: "Filtre ancien renvoyé",
      rejectionReason: "Flou",
      createdAt: new Date("2026-01-10T12:00:00Z"),
    });
    const list = async (query: string) =>
      (await app.fetch(`/fr/admin/moderation?${query}`, { cookies: admin.jar })).text();

    const videos = await list("kind=video");
    expect(videos).toContain("Filtre vidéo");
    expect(videos).not.toContain("Filtre ancien renvoyé");

    const bySeller = await list(`seller=${encodeURIComponent(other.email)}`);
    expect(bySeller).toContain("Filtre ancien renvoyé");
    expect(bySeller).not.toContain("Filtre vidéo");

    const old = await list("from=2026-01-01&to=2026-01-31");
    expect(old).toContain("Filtre ancien renvoyé");
    expect(old).not.toContain("Filtre vidéo");

    const resubmitted = await list("resubmitted=1");
    expect(resubmitted).toContain("Filtre ancien renvoyé");
    expect(resubmitted).not.toContain("Filtre vidéo");

    // A bad value is ignored rather than refused.
    expect(await list("kind=nope&from=yesterday")).toContain("Filtre vidéo");
  });
});

describe("bulk decisions", () => {
  async function audits(ids: string[]) {
    return services.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.targetId, ids), eq(auditLog.targetType, "content_submission")));
  }

  async function mailsTo(email: string) {
    await drainJobs(services);
    return services.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  }

  it("approves several items, each audited, with one e-mail per seller", async () => {
    const first = await account("creator");
    const second = await account("creator");
    const items = [
      await makeSubmission(services, first.viewer.id, { status: "pending", title: "Lot A" }),
      await makeSubmission(services, first.viewer.id, { status: "pending", title: "Lot B" }),
      await makeSubmission(services, second.viewer.id, { status: "pending", title: "Lot C" }),
    ];
    const ids = items.map((item) => item.submission.id);
    const response = await app.fetch("/fr/admin/moderation?kind=photo", {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "bulkApprove"],
        ...ids.map((id): [string, string] => ["submissionId", id]),
      ]),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost:3000",
      },
      cookies: admin.jar,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fr/admin/moderation?kind=photo");
    const rows = await services.db
      .select()
      .from(contentSubmissions)
      .where(inArray(contentSubmissions.id, ids));
    expect(rows.map((row) => row.status)).toEqual(["approved", "approved", "approved"]);
    const logged = await audits(ids);
    expect(logged.map((entry) => entry.action)).toEqual(Array(3).fill("submission.approve"));
    expect(logged.every((entry) => entry.actorId === admin.viewer.id)).toBe(true);

    const firstMails = await mailsTo(first.email);
    expect(firstMails).toHaveLength(1);
    expect(firstMails[0]!.subject).toBe("2 contenus publiés sur Vitrine");
    expect(firstMails[0]!.text).toContain("• Lot A");
    expect(firstMails[0]!.text).toContain("• Lot B");
    const secondMails = await mailsTo(second.email);
    expect(secondMails).toHaveLength(1);
    expect(secondMails[0]!.subject).toBe("Votre contenu « Lot C » est publié");
  });

  it("rejects several with a coded reason; an item already decided is refused, not overwritten", async () => {
    const owner = await account("creator");
    const open = await makeSubmission(services, owner.viewer.id, {
      status: "pending",
      title: "Refus 1",
    });
    const alsoOpen = await makeSubmission(services, owner.viewer.id, {
      status: "pending",
      title: "Refus 2",
    });
    const decided = await makeSubmission(services, owner.viewer.id, {
      status: "approved",
      title: "Déjà approuvé",
    });
    const ids = [open, alsoOpen, decided].map((item) => item.submission.id);
    const invalid = await app.fetch("/fr/admin/moderation", {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "bulkReject"],
        ["code", "nope"],
        ...ids.map((id): [string, string] => ["submissionId", id]),
      ]),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost:3000",
      },
      cookies: admin.jar,
    });
    expect(invalid.status).toBe(400);

    const response = await app.fetch("/fr/admin/moderation", {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "bulkReject"],
        ["code", "rights"],
        ["note", "Autorisations manquantes"],
        ...ids.map((id): [string, string] => ["submissionId", id]),
      ]),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost:3000",
      },
      cookies: admin.jar,
    });
    expect(response.status).toBe(302);
    const rows = await services.db
      .select()
      .from(contentSubmissions)
      .where(inArray(contentSubmissions.id, ids));
    const byTitle = Object.fromEntries(rows.map((row) => [row.titleFr, row]));
    expect(byTitle["Refus 1"]).toMatchObject({ status: "rejected", rejectionCode: "rights" });
    expect(byTitle["Refus 2"]).toMatchObject({ status: "rejected", rejectionCode: "rights" });
    expect(byTitle["Déjà approuvé"]!.status).toBe("approved");
    const logged = await audits(ids);
    expect(logged.map((entry) => entry.action).sort()).toEqual([
      "submission.reject",
      "submission.reject",
    ]);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Motif : Droits ou autorisations manquants");
  });

  it("is refused to a non-admin", async () => {
    const item = await makeSubmission(services, seller.viewer.id, { status: "pending" });
    const response = await postForm(
      app,
      "/fr/admin/moderation",
      { intent: "bulkApprove", submissionId: item.submission.id },
      { cookies: seller.jar },
    );
    expect([403, 404]).toContain(response.status);
    const row = await services.db.query.contentSubmissions.findFirst({
      where: eq(contentSubmissions.id, item.submission.id),
    });
    expect(row!.status).toBe("pending");
  });
});
