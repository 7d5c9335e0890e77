import { eq } from "drizzle-orm";
import type { Viewer } from "../auth/roles";
import type { Database } from "../db/client.server";
import { auditLog, licences, platformSettings } from "../db/schema";
import { AdminError } from "./admin-error";
import type { LicenceInput, PlatformSettingsInput } from "./settings-schemas.server";

export type PlatformSettingsRow = typeof platformSettings.$inferSelect;

/** The single settings row, with the defaults if it was never written. */
export async function readSettings(db: Database) {
  const row = await db.query.platformSettings.findFirst({ where: eq(platformSettings.id, 1) });
  return {
    aiAutoGenerateEnabled: row?.aiAutoGenerateEnabled ?? false,
    autoApproveOnPublish: row?.autoApproveOnPublish ?? false,
    commissionRateBps: row?.commissionRateBps ?? 1500,
  };
}

function assertAdmin(admin: Viewer) {
  if (admin.role !== "admin") throw new AdminError("notFound", 404);
}

/** Saves the platform settings; the audit log keeps what they were and what they became. */
export async function updateSettings(db: Database, admin: Viewer, input: PlatformSettingsInput) {
  assertAdmin(admin);
  await db.transaction(async (tx) => {
    const before = await tx.query.platformSettings.findFirst({
      where: eq(platformSettings.id, 1),
    });
    await tx
      .insert(platformSettings)
      .values({ id: 1, ...input })
      .onConflictDoUpdate({ target: platformSettings.id, set: input });
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: "settings.update",
      targetType: "platform_settings",
      targetId: "1",
      before: before
        ? {
            aiAutoGenerateEnabled: before.aiAutoGenerateEnabled,
            autoApproveOnPublish: before.autoApproveOnPublish,
            commissionRateBps: before.commissionRateBps,
          }
        : null,
      after: input,
    });
  });
}

/** Saves one licence of the catalogue (surcharge, names, descriptions), audited. */
export async function updateLicence(db: Database, admin: Viewer, input: LicenceInput) {
  assertAdmin(admin);
  const { licenceId, ...values } = input;
  await db.transaction(async (tx) => {
    const before = await tx.query.licences.findFirst({ where: eq(licences.id, licenceId) });
    if (!before) throw new AdminError("invalidLicence", 404);
    await tx.update(licences).set(values).where(eq(licences.id, licenceId));
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: "licence.update",
      targetType: "licence",
      targetId: licenceId,
      before: {
        surchargeCents: before.surchargeCents,
        nameFr: before.nameFr,
        nameEn: before.nameEn,
        descriptionFr: before.descriptionFr,
        descriptionEn: before.descriptionEn,
      },
      after: values,
    });
  });
}
