import type Stripe from "stripe";

/**
 * The Stripe SDK is about 220 modules and several MiB of the server's heap: it is imported when
 * the first Stripe call is made, so an install on the built-in test provider never loads it
 * (decision record 0011).
 */
let sdk: Promise<typeof Stripe> | undefined;

/** The SDK's constructor (and its `errors`), imported once. */
export function loadStripe(): Promise<typeof Stripe> {
  sdk ??= import("stripe").then((module) => module.default);
  return sdk;
}

export interface StripeClientOptions {
  secretKey: string;
  /** Another API origin (stripe-mock, a test fake); Stripe's own by default. */
  apiUrl?: string;
  timeoutMs?: number;
}

/** A client for these options, made (and the SDK imported) on the first call. */
export function lazyStripeClient(options: StripeClientOptions): () => Promise<Stripe> {
  let client: Promise<Stripe> | undefined;
  return () => {
    client ??= loadStripe().then((Sdk) => {
      const api = options.apiUrl ? new URL(options.apiUrl) : null;
      return new Sdk(options.secretKey, {
        // Retries after a timeout or a network error reuse the idempotency key.
        maxNetworkRetries: 2,
        telemetry: false,
        ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
        ...(api
          ? {
              host: api.hostname,
              port: api.port || (api.protocol === "https:" ? 443 : 80),
              protocol: api.protocol === "https:" ? "https" : "http",
            }
          : {}),
      });
    });
    return client;
  };
}
