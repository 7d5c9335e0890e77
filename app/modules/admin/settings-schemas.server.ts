import { z } from "~/modules/validation/zod";

// The server's checks of the platform settings forms (zod stays off the pages, decision record 0048).

/** "15", "15,5" or "15.25" → 1525 basis points; anything else is refused. */
const percentToBps = z
  .string()
  .trim()
  .regex(/^\d{1,3}([.,]\d{1,2})?$/, "commission")
  .transform((value) => Math.round(Number(value.replace(",", ".")) * 100))
  .refine((bps) => bps >= 0 && bps <= 10_000, "commission");

/** "15", "15,00" or "299.9" euros → integer cents. */
const eurosToCents = z
  .string()
  .trim()
  .regex(/^\d{1,6}([.,]\d{1,2})?$/, "price")
  .transform((value) => Math.round(Number(value.replace(",", ".")) * 100));

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

/** The platform settings form (checkboxes send "on" when ticked, nothing otherwise). */
export const platformSettingsSchema = z.object({
  aiAutoGenerateEnabled: checkbox,
  autoApproveOnPublish: checkbox,
  commissionRateBps: percentToBps,
});

const text = (max: number) => z.string().trim().min(1).max(max);

/** One licence of the catalogue: its surcharge and its texts in both languages. */
export const licenceSchema = z.object({
  licenceId: z.enum(["standard", "extended", "exclusive"]),
  surchargeCents: eurosToCents,
  nameFr: text(60),
  nameEn: text(60),
  descriptionFr: text(500),
  descriptionEn: text(500),
});

export type PlatformSettingsInput = z.infer<typeof platformSettingsSchema>;
export type LicenceInput = z.infer<typeof licenceSchema>;
