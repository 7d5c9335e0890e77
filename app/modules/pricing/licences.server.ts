import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { licences, type LicenceId } from "../db/schema";
import type { Locale } from "../i18n/locale";

export type LicenceRow = typeof licences.$inferSelect;

/** A licence as pages show it, in one language. */
export interface LicenceView {
  id: LicenceId;
  name: string;
  description: string;
  surchargeCents: number;
}

/** The catalogue's defaults (docs/product.md, "Licences and prices"), written on a fresh install. */
export const defaultLicences: ReadonlyArray<typeof licences.$inferInsert> = [
  {
    id: "standard",
    position: 1,
    surchargeCents: 1_500,
    nameFr: "Standard",
    nameEn: "Standard",
    descriptionFr: "Jusqu'à 500 000 impressions, usage commercial limité.",
    descriptionEn: "Up to 500,000 impressions, limited commercial use.",
  },
  {
    id: "extended",
    position: 2,
    surchargeCents: 4_500,
    nameFr: "Étendue",
    nameEn: "Extended",
    descriptionFr: "Usage commercial illimité et revente.",
    descriptionEn: "Unlimited commercial use and resale.",
  },
  {
    id: "exclusive",
    position: 3,
    surchargeCents: 29_900,
    nameFr: "Exclusive",
    nameEn: "Exclusive",
    descriptionFr: "Droits exclusifs : le contenu est retiré de la vente.",
    descriptionEn: "Exclusive rights: the item is taken off sale.",
  },
];

export function licenceView(row: LicenceRow, locale: Locale): LicenceView {
  return {
    id: row.id,
    name: locale === "fr" ? row.nameFr : row.nameEn,
    description: locale === "fr" ? row.descriptionFr : row.descriptionEn,
    surchargeCents: row.surchargeCents,
  };
}

/** The catalogue in its display order. */
export async function listLicences(db: Database): Promise<LicenceRow[]> {
  return db.select().from(licences).orderBy(asc(licences.position));
}

export async function findLicence(db: Database, id: string): Promise<LicenceRow | undefined> {
  return db.query.licences.findFirst({ where: eq(licences.id, id as LicenceId) });
}
