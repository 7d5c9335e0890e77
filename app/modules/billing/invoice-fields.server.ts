import { getT } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import type { VatScheme } from "../pricing/vat";
import type { BillingSnapshot } from "./billing-details";
import {
  billingLines,
  invoiceIssuer,
  vatMentionKey,
  vatRateLabel,
  type InvoiceFields,
} from "./invoice-view";

/** The invoice fields of an order or a subscription payment, in the reader's language. */
export function invoiceFields(
  locale: Locale,
  source: {
    invoiceNumber: string | null;
    vatRateBps: number;
    vatScheme: VatScheme;
    billing: BillingSnapshot | null;
  },
): InvoiceFields {
  const t = getT(locale);
  const vatNumber = (number: string) => t("billing.vatNumberLine", { number });
  const mention = vatMentionKey(source.vatScheme);
  return {
    invoiceNumber: source.invoiceNumber,
    issuer: [invoiceIssuer.name, ...invoiceIssuer.address, vatNumber(invoiceIssuer.vatNumber)],
    billedTo: source.billing ? billingLines(locale, source.billing, vatNumber) : null,
    vatRate: vatRateLabel(locale, source.vatRateBps),
    vatMention: mention ? t(mention) : null,
  };
}
