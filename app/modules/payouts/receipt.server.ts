import { withTitlesIn } from "../catalogue/localized-title.server";
import { eq, inArray } from "drizzle-orm";
import type { Viewer } from "../auth/roles";
import type { Database } from "../db/client.server";
import { orders, profiles, transactions, user } from "../db/schema";
import { formatDate, formatMoney, getT } from "../i18n/i18n";
import { creditReceiptLines } from "../credits/credit-receipts.server";
import type { Locale } from "../i18n/locale";
import type { Receipt } from "./receipt";

/**
 * A paid (or refunded) order's receipt, in the reader's language: only its buyer or an admin
 * reads it; anyone else gets null (a 404, as for a missing order).
 */
export async function receiptFor(
  db: Database,
  viewer: Viewer,
  orderId: string,
  locale: Locale,
): Promise<Receipt | null> {
  if (!/^[0-9a-f-]{36}$/.test(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  if (order.buyerId !== viewer.id && viewer.role !== "admin") return null;
  if (order.status !== "paid" && order.status !== "refunded") return null;
  const t = getT(locale);
  const lines = await withTitlesIn(
    db,
    await db.select().from(transactions).where(eq(transactions.orderId, order.id)),
    locale,
  );
  const people = [
    ...new Set([order.buyerId, ...lines.map((line) => line.sellerId)].filter(Boolean)),
  ] as string[];
  const names = new Map(
    (people.length > 0
      ? await db
          .select({ id: user.id, name: user.name, store: profiles.storeName })
          .from(user)
          .leftJoin(profiles, eq(profiles.userId, user.id))
          .where(inArray(user.id, people))
      : []
    ).map((row) => [row.id, row.store || row.name]),
  );
  const money = (cents: number) => formatMoney(locale, cents);
  return {
    reference: order.id.slice(0, 8).toUpperCase(),
    orderId: order.id,
    status: order.status,
    date: formatDate(locale, order.paidAt ?? order.createdAt),
    buyer: (order.buyerId && names.get(order.buyerId)) || t("payouts.refund.deletedUser"),
    lines: [
      ...lines.map((line) => ({
        title: line.title,
        seller: (line.sellerId && names.get(line.sellerId)) || t("payouts.refund.deletedUser"),
        licence: t(`commerce.licence.${line.licenceId}`),
        amount: money(line.amountCents),
      })),
      // Credits: an order for a credit pack or a subscription's first period.
      ...(await creditReceiptLines(db, order.id, locale)),
    ],
    subtotal: money(order.subtotalCents),
    vat: money(order.vatCents),
    total: money(order.totalCents),
  };
}

/** Text in the PDF standard fonts' encoding (WinAnsi): accents, €, quotes; others become '?'. */
function winAnsi(text: string): string {
  const special: Record<string, string> = {
    "€": "\x80",
    "’": "\x92",
    "‘": "\x91",
    "“": "\x93",
    "”": "\x94",
    "–": "\x96",
    "—": "\x97",
    "\u202f": " ",
    "\u00a0": " ",
    "−": "-",
  };
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (special[char] !== undefined) out += special[char];
    else if (code >= 0x20 && code < 0x7f) out += char;
    else if (code >= 0xa0 && code <= 0xff) out += char;
    else out += "?";
  }
  return out.replace(/[\\()]/g, (match) => `\\${match}`);
}

/** The receipt as a one-page PDF (A4, Helvetica), written directly: no library needed. */
export function receiptPdf(receipt: Receipt, locale: Locale): Buffer {
  const t = getT(locale);
  const rows: Array<{ text: string; size: number; gap: number }> = [
    { text: "Vitrine", size: 20, gap: 0 },
    {
      text: receipt.heading ?? t("payouts.receipt.title", { reference: receipt.reference }),
      size: 14,
      gap: 30,
    },
    { text: t("payouts.receipt.date", { date: receipt.date }), size: 11, gap: 22 },
    { text: t("payouts.receipt.buyer", { name: receipt.buyer }), size: 11, gap: 16 },
  ];
  if (receipt.status === "refunded") {
    rows.push({ text: t("payouts.receipt.refunded"), size: 11, gap: 16 });
  }
  rows.push({ text: "", size: 11, gap: 10 });
  for (const line of receipt.lines) {
    rows.push({ text: `${line.title} — ${line.amount}`, size: 11, gap: 20 });
    rows.push({
      text:
        line.detail ??
        t("payouts.receipt.lineDetail", { licence: line.licence, seller: line.seller }),
      size: 9,
      gap: 13,
    });
  }
  rows.push({
    text: t("payouts.receipt.subtotal", { amount: receipt.subtotal }),
    size: 11,
    gap: 28,
  });
  rows.push({ text: t("payouts.receipt.vat", { amount: receipt.vat }), size: 11, gap: 16 });
  rows.push({ text: t("payouts.receipt.total", { amount: receipt.total }), size: 13, gap: 20 });
  rows.push({ text: t("commerce.email.footer"), size: 9, gap: 40 });
  let y = 790;
  const content = rows
    .map((row) => {
      y -= row.gap;
      return `BT /F1 ${row.size} Tf 56 ${y} Td (${winAnsi(row.text)}) Tj ET`;
    })
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
