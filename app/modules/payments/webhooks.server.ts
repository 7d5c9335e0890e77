import type { Services } from "../services";
import { handlePaymentEvent } from "../commerce/fulfilment.server";
import { handleBillingEvent } from "../credits/billing-events.server";
import { paymentProvider } from "./payments.server";
import { WebhookSignatureError } from "./provider.server";

/**
 * The one entry for provider events (Stripe's webhooks, the test provider's signed events):
 * verify the raw body, then hand the event to fulfilment. A bad signature changes nothing.
 */
export async function receiveWebhook(
  services: Services,
  providerName: string,
  rawBody: string,
  headers: Headers,
): Promise<Response> {
  const provider = paymentProvider(services);
  if (provider.name !== providerName) return new Response(null, { status: 404 });
  try {
    const event = await provider.parseWebhook(rawBody, headers);
    // The event's facts and its queued consequences (e-mails, transfers, refunds, connected
    // accounts) commit together: from then on, the answer is 200 whatever happens to them.
    const result = await handlePaymentEvent(services, provider.name, event);
    // Credits: Stripe Billing's events (renewals, failed payments, cancellations). Idempotent
    // on their own, so they run on every delivery and Stripe may retry a failed one.
    await handleBillingEvent(services, provider.name, event.payload);
    return Response.json({ received: true, duplicate: result.duplicate });
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      return Response.json({ error: "invalid signature" }, { status: 400 });
    }
    throw error;
  }
}
