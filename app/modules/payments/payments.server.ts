import type { Services } from "../services";
import type { PaymentProvider } from "./provider.server";
import { createStripeProvider } from "./stripe-provider.server";
import { createTestProvider } from "./test-provider.server";

let cached: { key: string; provider: PaymentProvider } | undefined;

/** The configured provider: Stripe with keys, the built-in test provider otherwise. */
export function paymentProvider(services: Pick<Services, "env" | "secret">): PaymentProvider {
  const { env } = services;
  const key = [env.STRIPE_SECRET_KEY, env.STRIPE_API_URL, env.baseUrl].join("|");
  if (cached?.key === key) return cached.provider;
  const provider =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiUrl: env.STRIPE_API_URL,
        })
      : createTestProvider({ baseUrl: env.baseUrl, secret: services.secret });
  cached = { key, provider };
  return provider;
}
