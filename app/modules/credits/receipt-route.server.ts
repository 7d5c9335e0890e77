import type { Viewer } from "../auth/roles";
import type { Database } from "../db/client.server";
import type { Locale } from "../i18n/locale";
import type { Receipt } from "../payouts/receipt";
import { receiptFor } from "../payouts/receipt.server";
import { subscriptionReceiptFor } from "./credit-receipts.server";

/**
 * The receipt the URL names: an order's (/receipts/:orderId) or a subscription payment's
 * (/receipts/subscriptions/:invoiceId). Both check that the reader is the buyer or an admin.
 */
export function anyReceipt(
  db: Database,
  viewer: Viewer,
  params: { orderId?: string; invoiceId?: string },
  locale: Locale,
): Promise<Receipt | null> {
  if (params.invoiceId) return subscriptionReceiptFor(db, viewer, params.invoiceId, locale);
  return receiptFor(db, viewer, params.orderId ?? "", locale);
}
