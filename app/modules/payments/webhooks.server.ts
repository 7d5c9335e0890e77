import type { Services } from "../app.server";
import { handlePaymentEvent } from "../commerce/fulfilment.server";
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
    const result = await handlePaymentEvent(services, provider.name, event);
    return Response.json({ received: true, duplicate: result.duplicate });
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      return Response.json({ error: "invalid signature" }, { status: 400 });
    }
    throw error;
  }
}
