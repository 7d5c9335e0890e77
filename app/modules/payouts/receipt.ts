import type { InvoiceFields } from "../billing/invoice-view";

/**
 * A receipt as pages, PDFs and e-mails show it, already formatted in the reader's language.
 * Order receipts (receipt.server.ts) and credit receipts (credits/credit-receipts.server.ts)
 * both build one, so the shape lives apart from either. A paid one is also the invoice: its
 * number, issuer, billed party, VAT rate and legal mention (decision records 0051, 0052).
 */
export interface Receipt extends InvoiceFields {
  reference: string;
  orderId: string;
  status: string;
  date: string;
  buyer: string;
  /** Another title than the order's (a subscription payment's receipt). */
  heading?: string;
  /** Where the PDF is, when not the order's. */
  pdfPath?: string;
  /** `detail` replaces the licence and seller (credit packs, subscriptions: what and when). */
  lines: Array<{ title: string; seller: string; licence: string; amount: string; detail?: string }>;
  subtotal: string;
  vat: string;
  total: string;
}
