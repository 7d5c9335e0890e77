import type Stripe from "stripe";
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from "./provider.server";
import { lazyStripeClient } from "./stripe-sdk.server";

/**
 * One line of a Checkout session, priced by the server in euros; with `recurring`, a line of a
 * subscription (charged again every interval).
 */
export function checkoutLine(
  name: string,
  amountCents: number,
  recurring?: { interval: "month" | "year" },
): Stripe.Checkout.SessionCreateParams.LineItem {
  return {
    quantity: 1,
    price_data: {
      currency: "eur",
      unit_amount: amountCents,
      ...(recurring ? { recurring } : {}),
      product_data: { name },
    },
  };
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (stripe-mock, a test fake); Stripe's own by default. */
  apiUrl?: string;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** Stripe's events, reduced to the ones fulfilment acts on (an allowlist). */
export function stripeEventToPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = {
    eventId: event.id,
    payload: event as unknown as Record<string, unknown>,
  };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const session = event.data.object;
      const type =
        event.type === "checkout.session.expired"
          ? "checkout.expired"
          : event.type === "checkout.session.async_payment_failed"
            ? "payment.failed"
            : // A completed session whose payment is still processing (a bank debit) waits
              // for async_payment_succeeded.
              session.payment_status === "unpaid"
              ? "ignored"
              : "checkout.completed";
      return {
        ...base,
        type,
        sessionId: session.id,
        paymentId: idOf(session.payment_intent),
      };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      return {
        ...base,
        // Only a full refund ends the purchase.
        type: charge.amount_refunded >= charge.amount ? "charge.refunded" : "ignored",
        sessionId: null,
        paymentId: idOf(charge.payment_intent),
      };
    }
    case "charge.dispute.created":
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      return {
        ...base,
        type: event.type === "charge.dispute.created" ? "dispute.opened" : "dispute.closed",
        sessionId: null,
        paymentId: idOf(dispute.payment_intent),
        disputeLost: dispute.status === "lost",
      };
    }
    default:
      return { ...base, type: "ignored", sessionId: null, paymentId: null };
  }
}

/**
 * Stripe Checkout: line items built by the server (each line, then VAT as its own line, so the
 * amount charged is the total shown), the order id in the metadata, an idempotency key on every
 * call; webhooks verified on the raw body by the SDK (300 s tolerance).
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = lazyStripeClient(options);
  return {
    name: "stripe",
    async createCheckoutSession(request, idempotencyKey) {
      const lineItems = request.lines.map((line) => checkoutLine(line.name, line.amountCents));
      if (request.vatCents > 0) {
        lineItems.push(checkoutLine(request.vatLabel, request.vatCents));
      }
      const session = await (
        await stripe()
      ).checkout.sessions.create(
        {
          mode: "payment",
          line_items: lineItems,
          customer_email: request.buyerEmail,
          client_reference_id: request.orderId,
          metadata: { orderId: request.orderId },
          payment_intent_data: { metadata: { orderId: request.orderId } },
          locale: request.locale,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey },
      );
      if (!session.url) throw new Error("Stripe returned a session without a URL");
      return { sessionId: session.id, url: session.url };
    },
    async expireCheckoutSession(sessionId) {
      try {
        await (
          await stripe()
        ).checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
        return "expired";
      } catch (error) {
        // Only an open session can be expired: one already closed says which way it went.
        const session = await (
          await stripe()
        ).checkout.sessions
          .retrieve(sessionId)
          .catch(() => null);
        if (!session) throw error;
        return session.status === "complete" ? "paid" : "expired";
      }
    },
    async parseWebhook(rawBody, headers) {
      const signature = headers.get("stripe-signature");
      if (!signature) throw new WebhookSignatureError("no Stripe-Signature header");
      const { webhooks } = await stripe();
      let event: Stripe.Event;
      try {
        event = webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "invalid");
      }
      return stripeEventToPaymentEvent(event);
    },
  };
}
