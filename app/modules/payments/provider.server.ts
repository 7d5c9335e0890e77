/** What a payment provider is asked to charge: lines built by the server, VAT as its own line. */
export interface CheckoutRequest {
  orderId: string;
  buyerEmail: string;
  locale: "fr" | "en";
  lines: Array<{ name: string; amountCents: number }>;
  vatCents: number;
  /** The VAT line's name at the buyer's rate ("TVA (21 %)"), as the cart and receipt show it. */
  vatLabel: string;
  totalCents: number;
  successUrl: string;
  cancelUrl: string;
  /** When the payment page closes: derived from the order, so a repeated request is identical. */
  expiresAt: Date;
}

export interface CheckoutSession {
  sessionId: string;
  /** The provider's hosted payment page. */
  url: string;
}

/** A provider's event, reduced to what fulfilment acts on. */
export interface PaymentEvent {
  eventId: string;
  type:
    | "checkout.completed"
    | "payment.failed"
    | "checkout.expired"
    | "charge.refunded"
    | "dispute.opened"
    | "dispute.closed"
    | "ignored";
  /** The checkout session the event is about (completed, failed, expired). */
  sessionId: string | null;
  /** The provider's payment id (refunds and disputes name only this). */
  paymentId: string | null;
  /** Whether a dispute closed in the buyer's favour (downloads stay revoked). */
  disputeLost?: boolean;
  payload: Record<string, unknown>;
}

/** A webhook whose signature or timestamp does not hold: nothing is changed. */
export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/** One interface for the built-in test provider and Stripe, chosen by configuration. */
export interface PaymentProvider {
  readonly name: "test" | "stripe";
  /** The same idempotency key gives the same session (a repeated or parallel request). */
  createCheckoutSession(request: CheckoutRequest, idempotencyKey: string): Promise<CheckoutSession>;
  /**
   * Closes a payment page that was left: "expired", or "paid" when the buyer paid it after all
   * (its completion event is on its way, so the order must stay pending for it).
   */
  expireCheckoutSession(sessionId: string): Promise<"expired" | "paid">;
  /** Verifies the signature on the raw body, then reads the event. */
  parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent>;
}
