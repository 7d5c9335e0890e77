import type { Viewer } from "../auth/roles";
import type { Database } from "../db/client.server";
import { formatDate } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import { defaultLicences, findLicence } from "../pricing/licences.server";
import { findCertificate } from "./purchases.server";

/** A licence certificate as its page and its PDF show it; null for anyone but its holder or an admin. */
export async function certificateView(
  db: Database,
  number: string,
  viewer: Viewer,
  locale: Locale,
) {
  const row = await findCertificate(db, number, viewer, locale);
  if (!row) return null;
  const licence =
    (await findLicence(db, row.licenceId)) ??
    defaultLicences.find((entry) => entry.id === row.licenceId);
  return {
    number: row.number,
    buyer: row.buyerName,
    title: row.title ?? "",
    licence: (locale === "fr" ? licence?.nameFr : licence?.nameEn) ?? "",
    terms: (locale === "fr" ? licence?.descriptionFr : licence?.descriptionEn) ?? "",
    date: formatDate(locale, row.createdAt),
  };
}

export type CertificateView = NonNullable<Awaited<ReturnType<typeof certificateView>>>;
