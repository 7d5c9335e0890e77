import type Stripe from "stripe";
import type { Services } from "../services";
import type { Locale } from "../i18n/locale";
import { checkoutLine } from "../payments/stripe-provider.server";
import { lazyStripeClient } from "../payments/stripe-sdk.server";
import type { BillingInterval } from "./plans";

/**
 * Stripe Billing for plans and Infinity (decision 0034): Checkout in subscription mode with
 * prices built by the server (`price_data` with a recurring interval: the plan, then VAT as its
 * own recurring line, so every invoice charges the total shown), our ids in the metadata of
 * both the session and the subscription, an idempotency key on every call.
 */
export interface SubscriptionCheckoutRequest {
  orderId: string;
  subscriptionId: string;
  userId: string;
  planId: string;
  interval: BillingInterval;
  buyerEmail: string;
  locale: Locale;
  name: string;
  amountCents: number;
  vatCents: number;
  /** The VAT line's name at the buyer's rate ("TVA (21 %)"). */
  vatLabel: string;
  successUrl: string;
  cancelUrl: string;
  /** When the payment page closes, derived from the order (a repeated request is identical). */
  expiresAt: Date;
}

export interface StripeBilling {
  createSubscriptionCheckout(
    request: SubscriptionCheckoutRequest,
  ): Promise<{ sessionId: string; url: string }>;
  /** Stops renewals at the end of the paid period (Stripe keeps the subscription until then). */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  /** The subscription as Stripe holds it now (events can arrive late and out of order). */
  subscriptionState(providerSubscriptionId: string): Promise<RemoteSubscriptionState>;
}

export interface RemoteSubscriptionState {
  status: Stripe.Subscription.Status;
  cancelAtPeriodEnd: boolean;
}

/** Stripe Billing when Stripe is configured; null with the built-in test provider. */
export function stripeBilling(services: Pick<Services, "env">): StripeBilling | null {
  const { env } = services;
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  const stripe = lazyStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL });
  return {
    async createSubscriptionCheckout(request) {
      const recurring = { interval: request.interval };
      const lineItems = [checkoutLine(request.name, request.amountCents, recurring)];
      if (request.vatCents > 0) {
        // VAT as its own recurring line, so every invoice charges the total shown.
        lineItems.push(checkoutLine(request.vatLabel, request.vatCents, recurring));
      }
      const metadata = {
        orderId: request.orderId,
        subscriptionId: request.subscriptionId,
        userId: request.userId,
        planId: request.planId,
        interval: request.interval,
      };
      const session = await (
        await stripe()
      ).checkout.sessions.create(
        {
          mode: "subscription",
          line_items: lineItems,
          customer_email: request.buyerEmail,
          client_reference_id: request.orderId,
          metadata,
          subscription_data: { metadata },
          locale: request.locale,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: `checkout-${request.orderId}` },
      );
      if (!session.url) throw new Error("Stripe returned a session without a URL");
      return { sessionId: session.id, url: session.url };
    },
    async cancelAtPeriodEnd(providerSubscriptionId) {
      await (
        await stripe()
      ).subscriptions.update(
        providerSubscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey: `cancel-at-period-end-${providerSubscriptionId}` },
      );
    },
    async subscriptionState(providerSubscriptionId) {
      const remote = await (await stripe()).subscriptions.retrieve(providerSubscriptionId);
      return { status: remote.status, cancelAtPeriodEnd: remote.cancel_at_period_end };
    },
  };
}
