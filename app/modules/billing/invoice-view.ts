import type { Locale } from "../i18n/locale";
import type { VatScheme } from "../pricing/vat";
import type { BillingSnapshot } from "./billing-details";

/** What a receipt adds to be an invoice: its number, the parties, the VAT rate and mention. */
export interface InvoiceFields {
  invoiceNumber: string | null;
  issuer: string[];
  billedTo: string[] | null;
  vatRate: string;
  vatMention: string | null;
}

/** Who issues the invoices: the platform's legal identity, printed on every invoice. */
export interface InvoiceIssuer {
  name: string;
  address: string[];
  vatNumber: string;
}

/**
 * The demo's made-up issuer. Production refuses to start without the operator's own
 * (INVOICE_ISSUER_*), so these never reach a real customer's invoice (decision record 0051).
 */
export const demoInvoiceIssuer: InvoiceIssuer = {
  name: "Vitrine SAS (démo)",
  address: ["10 rue de la Paix", "75002 Paris", "France"],
  vatNumber: "FR40123456789",
};

/** The issuer from the configuration, the demo's where a part is not set. */
export function invoiceIssuerFrom(config: {
  INVOICE_ISSUER_NAME?: string;
  INVOICE_ISSUER_ADDRESS?: string;
  INVOICE_ISSUER_VAT_NUMBER?: string;
}): InvoiceIssuer {
  const address = config.INVOICE_ISSUER_ADDRESS?.split("|")
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    name: config.INVOICE_ISSUER_NAME ?? demoInvoiceIssuer.name,
    address: address?.length ? address : demoInvoiceIssuer.address,
    vatNumber: config.INVOICE_ISSUER_VAT_NUMBER ?? demoInvoiceIssuer.vatNumber,
  };
}

/** A VAT rate as people read it: "20 %", "25,5 %" (fr), "20%", "25.5%" (en). */
export function vatRateLabel(locale: Locale, rateBps: number): string {
  const number = new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", {
    maximumFractionDigits: 2,
  }).format(rateBps / 100);
  return locale === "fr" ? `${number} %` : `${number}%`;
}

/** The catalog key of the legal mention an invoice carries for its VAT scheme, if any. */
export function vatMentionKey(
  scheme: VatScheme,
): "billing.mention.reverseCharge" | "billing.mention.outsideEu" | null {
  if (scheme === "reverse-charge") return "billing.mention.reverseCharge";
  if (scheme === "outside-eu") return "billing.mention.outsideEu";
  return null;
}

/** A country's name in the reader's language. */
export function countryName(locale: Locale, code: string): string {
  return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
}

/** The lines of an invoice's "billed to" block: name, address, country, VAT number. */
export function billingLines(
  locale: Locale,
  billing: BillingSnapshot,
  vatNumberLabel: (number: string) => string,
): string[] {
  return [
    billing.name,
    ...billing.address.split(/\r?\n/).filter((line) => line.trim()),
    countryName(locale, billing.country),
    ...(billing.vatNumber ? [vatNumberLabel(billing.vatNumber)] : []),
  ];
}
