import { PdfWriter } from "../documents/pdf.server";
import { getT } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import type { CertificateView } from "./certificate-view.server";

/** A licence certificate as a PDF, with the page's labels (decision record 0051). */
export async function certificatePdf(
  certificate: CertificateView,
  locale: Locale,
): Promise<Buffer> {
  const t = getT(locale);
  const pdf = new PdfWriter({ title: t("commerce.certificate.title") });
  pdf.text("Vitrine", { size: 20, bold: true });
  pdf.text(t("commerce.certificate.title"), { size: 16, bold: true, gap: 8 });
  pdf.text(t("commerce.certificate.number", { number: certificate.number }), { gap: 4 });
  const rows: Array<[string, string]> = [
    [t("commerce.certificate.buyer"), certificate.buyer],
    [t("commerce.certificate.item"), certificate.title],
    [t("commerce.certificate.licence"), certificate.licence],
    [t("commerce.certificate.terms"), certificate.terms],
    [t("commerce.certificate.date"), certificate.date],
  ];
  for (const [label, value] of rows) {
    pdf.text(label, { size: 9, bold: true, color: "#555555", gap: 10 });
    pdf.text(value, { size: 11 });
  }
  pdf.text(t("commerce.certificate.perpetual"), { size: 9, gap: 20 });
  return pdf.finish((page, pages) => t("billing.page", { page, pages }));
}
