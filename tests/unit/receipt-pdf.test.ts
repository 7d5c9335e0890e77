import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { invoiceFields } from "~/modules/billing/invoice-fields.server";
import { receiptPdf } from "~/modules/payouts/receipt-pdf.server";
import type { Receipt } from "~/modules/payouts/receipt";
import { pdfPages } from "../support/pdf-text";

const arabicName = "محمد العربي";

function receipt(lineCount: number): Receipt {
  return {
    reference: "AB12CD34",
    orderId: "00000000-0000-4000-8000-000000000000",
    status: "paid",
    date: "25 novembre 2026",
    buyer: arabicName,
    lines: Array.from({ length: lineCount }, (_, index) => ({
      title: `Cœur de l'œuvre n° ${index + 1} — une très longue série de photographies du littoral atlantique au petit matin`,
      seller: "Studio Œillet",
      licence: "Étendue",
      amount: `${index + 10},00 €`,
    })),
    subtotal: "1 180,00 €",
    vat: "0,00 €",
    total: "1 180,00 €",
    ...invoiceFields("fr", {
      invoiceNumber: "VIT-2026-000123",
      vatRateBps: 0,
      vatScheme: "outside-eu",
      billing: {
        name: arabicName,
        address: "12 rue des Oudayas\n10030 Rabat",
        country: "MA",
        vatNumber: null,
      },
    }),
  };
}

/** How many times each character of `text` (spaces aside) occurs in it. */
const letterCounts = (text: string) => {
  const counts = new Map<string, number>();
  for (const char of text.replace(/\s/g, "")) counts.set(char, (counts.get(char) ?? 0) + 1);
  return counts;
};

describe("receipt PDF", () => {
  it("keeps every line and character of 40 lines over several pages: œ, Arabic, €, header on each page", async () => {
    const bytes = await receiptPdf(receipt(40), "fr");
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join("\n");
    expect(all).not.toContain("?");
    for (let index = 1; index <= 40; index += 1) {
      expect(all).toContain(`Cœur de l'œuvre n° ${index} —`);
      expect(all).toContain(`${index + 9},00 €`);
    }
    // The long title wraps instead of running off the page: its end is there too, 40 times.
    expect(all.split("atlantique au petit matin").length - 1).toBe(40);
    // The Arabic name, shaped on the page, reads back letter for letter (pdf.js puts the
    // right-to-left run back in reading order).
    expect(all).toContain("محمد");
    expect(all).toContain("العربي");
    // The name is printed twice (buyer, billed to): every letter of it comes back twice.
    const found = letterCounts(all);
    for (const [char, count] of letterCounts(arabicName)) {
      expect(found.get(char) ?? 0).toBeGreaterThanOrEqual(2 * count);
    }
    for (const page of pages) {
      expect(page).toContain("Désignation");
      expect(page).toContain("Montant HT");
    }
    expect(pages[0]).toContain("Facture n° VIT-2026-000123");
    expect(pages[0]).toContain("Vitrine SAS");
    expect(all).toContain("TVA (0 %) : 0,00 €");
    expect(all).toContain("article 259 B du CGI");
    expect(pages.at(-1)).toContain(`Page ${pages.length} / ${pages.length}`);
  });

  it("reads in English with the English labels", async () => {
    const pages = await pdfPages(
      await receiptPdf(
        {
          ...receipt(1),
          ...invoiceFields("en", {
            invoiceNumber: "VIT-2026-000124",
            vatRateBps: 0,
            vatScheme: "reverse-charge",
            billing: {
              name: "Atelier Lumière SPRL",
              address: "Rue Haute 1\n1000 Bruxelles",
              country: "BE",
              vatNumber: "BE0123456789",
            },
          }),
        },
        "en",
      ),
    );
    const all = pages.join("\n");
    expect(all).toContain("Invoice no. VIT-2026-000124");
    expect(all).toContain("Billed to");
    expect(all).toContain("Atelier Lumière SPRL");
    expect(all).toContain("Belgium");
    expect(all).toContain("VAT no.: BE0123456789");
    expect(all).toContain("Reverse charge — VAT due by the customer");
  });

  it("renders with Ghostscript (a PNG of the first page)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "receipt-"));
    writeFileSync(join(dir, "r.pdf"), await receiptPdf(receipt(40), "fr"));
    execFileSync("gs", [
      "-q",
      "-sDEVICE=png16m",
      "-r80",
      "-o",
      join(dir, "r-%d.png"),
      join(dir, "r.pdf"),
    ]);
    if (process.env.RECEIPT_PNG_DIR)
      execFileSync("cp", ["-r", `${dir}/.`, process.env.RECEIPT_PNG_DIR]);
  });
});
