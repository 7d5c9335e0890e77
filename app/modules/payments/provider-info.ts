/** Which payment provider handles money, and whether real cards are charged. */
export interface PaymentProviderInfo {
  provider: "test" | "stripe";
  /** "test" for the built-in provider and Stripe test keys; "live" for Stripe live keys. */
  mode: "test" | "live";
}

/** Stripe when a secret key is configured (decision record 0023), the built-in test provider otherwise. */
export function paymentProviderInfo(env: { STRIPE_SECRET_KEY?: string }): PaymentProviderInfo {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) return { provider: "test", mode: "test" };
  return { provider: "stripe", mode: /^(sk|rk)_live_/.test(key) ? "live" : "test" };
}
