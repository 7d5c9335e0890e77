import { env } from "../config/env.server";
import { getT } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import type { VatScheme } from "../pricing/vat";
import type { BillingSnapshot } from "./billing-details";
import {
  billingLines,
  invoiceIssuerFrom,
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
  const issuer = invoiceIssuerFrom(env());
  return {
    invoiceNumber: source.invoiceNumber,
    issuer: [issuer.name, ...issuer.address, vatNumber(issuer.vatNumber)],
    billedTo: source.billing ? billingLines(locale, source.billing, vatNumber) : null,
    vatRate: vatRateLabel(locale, source.vatRateBps),
    vatMention: mention ? t(mention) : null,
  };
}
