import type { Services } from "../app.server";
import { handlePaymentEvent } from "../commerce/fulfilment.server";
import { accountChanged } from "../payouts/payout-accounts.server";
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
    // Payouts: a connected account changed (Stripe's account.updated): read it again.
    const payload = event.payload as { type?: unknown; data?: { object?: { id?: unknown } } };
    if (!result.duplicate && payload.type === "account.updated") {
      const accountId = payload.data?.object?.id;
      if (typeof accountId === "string") {
        // The payments tab reads the account again on its next visit if this fails.
        await accountChanged(services, provider.name, accountId).catch(() => null);
      }
    }
    return Response.json({ received: true, duplicate: result.duplicate });
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      return Response.json({ error: "invalid signature" }, { status: 400 });
    }
    throw error;
  }
}
