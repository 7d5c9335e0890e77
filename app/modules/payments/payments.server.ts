import type { Services } from "../app.server";
import type { PaymentProvider } from "./provider.server";
import { createTestProvider } from "./test-provider.server";

let cached: { key: string; provider: PaymentProvider } | undefined;

/** The configured provider: Stripe with keys, the built-in test provider otherwise. */
export function paymentProvider(services: Pick<Services, "env" | "secret">): PaymentProvider {
  const key = `${services.env.STRIPE_SECRET_KEY ?? "test"}|${services.env.baseUrl}`;
  if (cached?.key === key) return cached.provider;
  const provider = createTestProvider({ baseUrl: services.env.baseUrl, secret: services.secret });
  cached = { key, provider };
  return provider;
}
