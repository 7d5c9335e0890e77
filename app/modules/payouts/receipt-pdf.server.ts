import { PdfWriter } from "../documents/pdf.server";
import { getT } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import type { Receipt } from "./receipt";

/**
 * A receipt (order, credit pack, subscription payment) as a PDF: the page's content and labels,
 * the issuer and the billed party, the lines as a table that runs over as many pages as it
 * needs, the VAT at the buyer's rate with its legal mention, and the total.
 */
export async function receiptPdf(receipt: Receipt, locale: Locale): Promise<Buffer> {
  const t = getT(locale);
  const title = receipt.heading ?? t("payouts.receipt.title", { reference: receipt.reference });
  const pdf = new PdfWriter({ title });
  pdf.text("Vitrine", { size: 20, bold: true });
  pdf.text(title, { size: 14, bold: true, gap: 8 });
  if (receipt.invoiceNumber) {
    pdf.text(t("billing.invoiceNumber", { number: receipt.invoiceNumber }), { size: 11, gap: 4 });
  }
  pdf.text(t("payouts.receipt.date", { date: receipt.date }), { size: 10, gap: 4 });
  pdf.text(t("payouts.receipt.buyer", { name: receipt.buyer }), { size: 10 });
  if (receipt.status === "refunded") pdf.text(t("payouts.receipt.refunded"), { bold: true });
  pdf.doc.moveDown();
  pdf.columns([
    { title: t("billing.issuer"), lines: receipt.issuer },
    ...(receipt.billedTo ? [{ title: t("billing.billedTo"), lines: receipt.billedTo }] : []),
  ]);
  pdf.doc.moveDown();
  pdf.table(
    [
      { header: t("billing.item"), width: 0.75 },
      { header: t("billing.amount"), width: 0.25, align: "right" },
    ],
    receipt.lines.map((line) => [
      {
        text: line.title,
        detail:
          line.detail ??
          t("payouts.receipt.lineDetail", { licence: line.licence, seller: line.seller }),
      },
      { text: line.amount },
    ]),
  );
  const right = { x: 50 + pdf.width / 2, width: pdf.width / 2, align: "right" as const };
  pdf.text(t("payouts.receipt.subtotal", { amount: receipt.subtotal }), { ...right, gap: 10 });
  pdf.text(t("payouts.receipt.vat", { rate: receipt.vatRate, amount: receipt.vat }), right);
  pdf.text(t("payouts.receipt.total", { amount: receipt.total }), {
    ...right,
    bold: true,
    size: 12,
  });
  if (receipt.vatMention) pdf.text(receipt.vatMention, { size: 9, gap: 10 });
  pdf.text(t("commerce.email.footer"), { size: 8, gap: 20, color: "#555555" });
  return pdf.finish((page, pages) => t("billing.page", { page, pages }));
}
