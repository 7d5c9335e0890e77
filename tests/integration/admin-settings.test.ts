import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { readSettings } from "~/modules/admin/settings.server";
import type { Services } from "~/modules/services";
import type { Role, Viewer } from "~/modules/auth/roles";
import { auditLog, licences } from "~/modules/db/schema";
import { findLicence } from "~/modules/pricing/licences.server";
import { quoteLine } from "~/modules/pricing/quote.server";
import { autoApprove } from "~/modules/studio/submissions.server";
import { signedInAs } from "../support/accounts";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { CookieJar, postForm, testApp, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;
let admin: { jar: CookieJar; viewer: Viewer };
let sellerId: string;

async function account(role: Role): Promise<{ jar: CookieJar; viewer: Viewer }> {
  const { jar, email } = await signedInAs(app, role);
  return { jar, viewer: await viewerByEmail(services, email, role) };
}

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  admin = await account("admin");
  sellerId = (await account("creator")).viewer.id;
});

const settingsForm = (values: Record<string, string>, jar = admin.jar, lang = "fr") =>
  postForm(app, `/${lang}/admin/settings`, { intent: "settings", ...values }, { cookies: jar });

const licenceForm = async (id: string, values: Record<string, string>, jar = admin.jar) => {
  const current =
    (await findLicence(services.db, id)) ?? (await findLicence(services.db, "standard"))!;
  return postForm(
    app,
    "/fr/admin/settings",
    {
      intent: "licence",
      licenceId: id,
      surchargeCents: (current.surchargeCents / 100).toFixed(2),
      nameFr: current.nameFr,
      nameEn: current.nameEn,
      descriptionFr: current.descriptionFr,
      descriptionEn: current.descriptionEn,
      ...values,
    },
    { cookies: jar },
  );
};

async function lastAudit(action: string) {
  const [entry] = await services.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return entry;
}

describe("settings", () => {
  it("shows the current values", async () => {
    const html = await (await app.fetch("/en/admin/settings", { cookies: admin.jar })).text();
    expect(html).toContain("Platform settings");
    expect(html).toContain('value="15"');
    expect(html).toContain("Licence catalogue");
  });

  it("changes the commission of the next order, switches, and audits the change", async () => {
    const { submission } = await makeSubmission(services, sellerId, {
      status: "approved",
      priceCents: 1_000,
    });
    const before = await quoteLine(services.db, submission.id, "standard");
    expect(before).toMatchObject({ lineCents: 2_500, commissionBps: 1_500, commissionCents: 375 });

    const response = await settingsForm({
      commissionRateBps: "20,5",
      autoApproveOnPublish: "on",
      aiAutoGenerateEnabled: "on",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fr/admin/settings");

    expect(await readSettings(services.db)).toEqual({
      aiAutoGenerateEnabled: true,
      autoApproveOnPublish: true,
      commissionRateBps: 2_050,
    });
    expect(await autoApprove(services.db)).toBe(true);
    const after = await quoteLine(services.db, submission.id, "standard");
    expect(after).toMatchObject({
      lineCents: 2_500,
      commissionBps: 2_050,
      commissionCents: 513,
      sellerShareCents: 1_987,
    });
    expect(await lastAudit("settings.update")).toMatchObject({
      actorId: admin.viewer.id,
      before: { commissionRateBps: 1_500, autoApproveOnPublish: false },
      after: { commissionRateBps: 2_050, autoApproveOnPublish: true },
    });

    // Unticked boxes turn the switches off again.
    const reset = await settingsForm({ commissionRateBps: "15" });
    expect(reset.status).toBe(302);
    expect(await readSettings(services.db)).toEqual({
      aiAutoGenerateEnabled: false,
      autoApproveOnPublish: false,
      commissionRateBps: 1_500,
    });
  });

  it("refuses values out of range or not numbers, and changes nothing", async () => {
    for (const value of ["150", "-1", "abc", "", "12.345"]) {
      const response = await settingsForm({ commissionRateBps: value }, admin.jar, "en");
      expect(response.status, value).toBe(400);
      expect(await response.text()).toContain("Check the values you entered.");
    }
    expect((await readSettings(services.db)).commissionRateBps).toBe(1_500);
  });

  it("changes a licence's price and texts for the next order", async () => {
    const { submission } = await makeSubmission(services, sellerId, {
      status: "approved",
      priceCents: 1_000,
    });
    const response = await licenceForm("extended", {
      surchargeCents: "60",
      descriptionFr: "Usage commercial illimité, revente et impression.",
    });
    expect(response.status).toBe(302);
    const licence = await findLicence(services.db, "extended");
    expect(licence).toMatchObject({
      surchargeCents: 6_000,
      descriptionFr: "Usage commercial illimité, revente et impression.",
    });
    expect(await quoteLine(services.db, submission.id, "extended")).toMatchObject({
      surchargeCents: 6_000,
      lineCents: 7_000,
    });
    expect(await lastAudit("licence.update")).toMatchObject({
      targetId: "extended",
      before: { surchargeCents: 4_500 },
      after: { surchargeCents: 6_000 },
    });
    const html = await (await app.fetch("/fr/admin/audit", { cookies: admin.jar })).text();
    expect(html).toContain("Licence modifiée");
    expect(html).toContain("Paramètres modifiés");
  });

  it("refuses a bad licence form: unknown licence, empty name, bad price", async () => {
    expect((await licenceForm("platinum", {})).status).toBe(400);
    expect((await licenceForm("standard", { nameFr: " " })).status).toBe(400);
    expect((await licenceForm("standard", { surchargeCents: "-3" })).status).toBe(400);
    const [standard] = await services.db.select().from(licences).where(eq(licences.id, "standard"));
    expect(standard).toMatchObject({ nameFr: "Standard", surchargeCents: 1_500 });
  });

  it("lets no one else change them", async () => {
    for (const role of ["client", "creator"] as const) {
      const { jar } = await account(role);
      expect((await settingsForm({ commissionRateBps: "90" }, jar)).status).toBe(403);
      expect((await licenceForm("standard", { surchargeCents: "0" }, jar)).status).toBe(403);
    }
    expect((await settingsForm({ commissionRateBps: "90" }, new CookieJar())).status).toBe(401);
    expect((await readSettings(services.db)).commissionRateBps).toBe(1_500);
    expect((await findLicence(services.db, "standard"))?.surchargeCents).toBe(1_500);
  });
});
