import { services } from "~/modules/app.server";
import { receiveWebhook } from "~/modules/payments/webhooks.server";
import type { Route } from "./+types/api.payments-webhook";

/** POST /api/payments/webhook/:provider — signed events from Stripe or the test provider. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  // The signature covers the exact bytes received: read the raw body, never a re-serialised one.
  const rawBody = await request.text();
  return receiveWebhook(await services(), params.provider, rawBody, request.headers);
}

export function loader() {
  return new Response(null, { status: 405 });
}
