import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { drainJobs } from "./jobs";
import type { TestApp } from "./test-app";

/** One request the code under test made to the fake Stripe API. */
export interface StripeCall {
  method: string;
  path: string;
  /** The Idempotency-Key header ("" without one). */
  key: string;
  headers: http.IncomingHttpHeaders;
  body: URLSearchParams;
}

/** The fake's answer to a call: a JSON object (200), or undefined when it is not faked (404). */
export type StripeAnswer = (call: StripeCall) => object | undefined;

export interface FakeStripe {
  url: string;
  /** Every call received, in order. */
  calls: StripeCall[];
  close(): Promise<void>;
}

/**
 * A local fake of Stripe's HTTP API on a free port: records every call and answers with what
 * `answer` returns. The Stripe SDK is pointed at it through STRIPE_API_URL (`useFakeStripe`),
 * so no test needs the internet.
 */
export async function startFakeStripe(answer: StripeAnswer): Promise<FakeStripe> {
  const calls: StripeCall[] = [];
  const server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    request.on("end", () => {
      const call: StripeCall = {
        method: request.method ?? "",
        path: request.url ?? "",
        key: String(request.headers["idempotency-key"] ?? ""),
        headers: request.headers,
        body: new URLSearchParams(raw),
      };
      calls.push(call);
      const body = answer(call);
      response.writeHead(body ? 200 : 404, { "Content-Type": "application/json" });
      response.end(
        JSON.stringify(body ?? { error: { message: "not faked", type: "invalid_request_error" } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Configures the next `testApp()` to use Stripe, pointed at the fake, with this webhook secret. */
export function useFakeStripe(fake: FakeStripe, webhookSecret: string): void {
  process.env.STRIPE_SECRET_KEY = "sk_test_vitrine_fake";
  process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
  process.env.STRIPE_API_URL = fake.url;
}

const sdk = new Stripe("sk_test_fake");

/** A webhook body and its Stripe-Signature header, made by the Stripe SDK's own test helper. */
export function signedEvent(
  payload: object,
  secret: string,
  timestamp?: number,
): { body: string; header: string } {
  const body = JSON.stringify(payload);
  return {
    body,
    header: sdk.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }),
  };
}

/**
 * Posts a signed event to the Stripe webhook endpoint, as Stripe does, and waits for the
 * worker to carry out what it queued (e-mails, transfers, refunds).
 */
export async function postStripeEvent(
  app: TestApp,
  event: { body: string; header: string },
): Promise<Response> {
  const response = await app.fetch("/api/payments/webhook/stripe", {
    method: "POST",
    body: event.body,
    headers: { "Stripe-Signature": event.header, "Content-Type": "application/json" },
  });
  await drainJobs(await app.services());
  return response;
}
