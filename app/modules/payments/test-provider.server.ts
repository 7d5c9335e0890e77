import { randomBytes } from "node:crypto";
import { deriveKey, hmacHex, sameSignature } from "../commerce/signing.server";
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from "./provider.server";
import { testCards, type TestCardOutcome } from "./test-cards";

export const testSignatureHeader = "vitrine-signature";
/** Events older than this are refused (replays). */
export const webhookToleranceSeconds = 300;

export type CardRefusal = "unknownCard" | "invalidExpiry" | "expiredCard" | "invalidCvc";

/** The card form's fields, as posted. */
export interface TestCardInput {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

/**
 * What the built-in provider does with a card: refused, like a card form, when the number is
 * not a test card, the expiry is not MM/YY or is before the current month (a card works until
 * the end of its expiry month, UTC here), or the security code is not 3 digits; otherwise the
 * test card's outcome.
 */
export function testCardOutcome(
  card: TestCardInput,
  now = new Date(),
): { outcome: TestCardOutcome } | { refused: CardRefusal } {
  const digits = card.number.replace(/[\s-]/g, "");
  const outcome = (testCards as Record<string, TestCardOutcome>)[digits];
  if (!outcome) return { refused: "unknownCard" };
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return { refused: "invalidExpiry" };
  const year = 2000 + Number(expiry[2]);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + month - 1 < current) return { refused: "expiredCard" };
  if (!/^\d{3}$/.test(card.cvc.trim())) return { refused: "invalidCvc" };
  return { outcome };
}

export interface TestEvent {
  id: string;
  type:
    | "checkout.session.completed"
    | "checkout.session.expired"
    | "payment.failed"
    | "charge.refunded";
  created: number;
  data: { sessionId: string; paymentId?: string };
}

/** Signs a body as Stripe does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signTestEvent(
  key: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  return `t=${timestamp},v1=${hmacHex(key, `${timestamp}.${body}`)}`;
}

export function testWebhookKey(secret: string): string {
  return deriveKey(secret, "test-payments");
}

function verify(key: string, rawBody: string, header: string | null, now: number): void {
  const parts = Object.fromEntries(
    (header ?? "").split(",").map((part) => {
      const index = part.indexOf("=");
      return [part.slice(0, index).trim(), part.slice(index + 1).trim()];
    }),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) throw new WebhookSignatureError("no signature");
  if (Math.abs(now - timestamp) > webhookToleranceSeconds) {
    throw new WebhookSignatureError("timestamp outside the tolerance");
  }
  if (!sameSignature(hmacHex(key, `${timestamp}.${rawBody}`), parts.v1)) {
    throw new WebhookSignatureError("bad signature");
  }
}

const eventTypes: Record<TestEvent["type"], PaymentEvent["type"]> = {
  "checkout.session.completed": "checkout.completed",
  "checkout.session.expired": "checkout.expired",
  "payment.failed": "payment.failed",
  "charge.refunded": "charge.refunded",
};

/**
 * The built-in provider: its hosted page is /test-pay/:sessionId on this site, and it reports
 * outcomes as signed events to the same webhook handling as Stripe's.
 */
export function createTestProvider(options: { baseUrl: string; secret: string }): PaymentProvider {
  const key = testWebhookKey(options.secret);
  const sessionKey = deriveKey(options.secret, "test-sessions");
  return {
    name: "test",
    async createCheckoutSession(request, idempotencyKey) {
      // Like Stripe, one session per idempotency key: a repeated request gets the same page.
      const sessionId = `cs_test_${hmacHex(sessionKey, idempotencyKey).slice(0, 32)}`;
      return {
        sessionId,
        url: `${options.baseUrl}/test-pay/${sessionId}?lang=${request.locale}`,
      };
    },
    // The hosted page refuses to pay an order past its lifetime: nothing to close here.
    async expireCheckoutSession() {
      return "expired";
    },
    async parseWebhook(rawBody, headers) {
      verify(key, rawBody, headers.get(testSignatureHeader), Math.floor(Date.now() / 1000));
      let event: TestEvent;
      try {
        event = JSON.parse(rawBody) as TestEvent;
      } catch {
        throw new WebhookSignatureError("not JSON");
      }
      return {
        eventId: String(event.id),
        type: eventTypes[event.type] ?? "ignored",
        sessionId: event.data?.sessionId ?? null,
        paymentId: event.data?.paymentId ?? null,
        payload: event as unknown as Record<string, unknown>,
      };
    },
  };
}

/** A signed event as the hosted page sends it: body and headers. */
export function testEvent(
  secret: string,
  type: TestEvent["type"],
  data: TestEvent["data"],
  options: { id?: string; timestamp?: number } = {},
): { body: string; headers: Headers } {
  const event: TestEvent = {
    id: options.id ?? `evt_test_${randomBytes(12).toString("hex")}`,
    type,
    created: options.timestamp ?? Math.floor(Date.now() / 1000),
    data,
  };
  const body = JSON.stringify(event);
  const headers = new Headers({
    "content-type": "application/json",
    [testSignatureHeader]: signTestEvent(testWebhookKey(secret), body, options.timestamp),
  });
  return { body, headers };
}

/** The token of a 3-D Secure step: only the page that asked for it can answer it. */
export function challengeFor(secret: string, sessionId: string): string {
  return hmacHex(deriveKey(secret, "test-3ds"), sessionId);
}
