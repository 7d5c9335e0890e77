import type { Services } from "../services";
import { vatRateLabel } from "../billing/invoice-view";
import { exclusiveHoldMinutes } from "../commerce/on-sale.server";
import { orderLines, type OrderRow } from "../commerce/orders.server";
import { creditReceiptLines } from "../credits/credit-receipts.server";
import type { Locale } from "../i18n/locale";
import { challengeFor, testCardOutcome, testEvent, type CardRefusal } from "./test-provider.server";
import { receiveWebhook } from "./webhooks.server";

/** A test session lasts as long as an exclusive hold (and Stripe's `expires_at`). */
function sessionExpired(createdAt: Date): boolean {
  return Date.now() - createdAt.getTime() > exclusiveHoldMinutes * 60_000;
}

/** What the built-in test provider's hosted page shows of an order: its lines, VAT and total. */
export async function testPayPage(app: Pick<Services, "db">, order: OrderRow, locale: Locale) {
  const lines = await orderLines(app.db, order.id, locale);
  // A pack or a subscription has no catalogue line: its receipt line says what is bought.
  const bought = await creditReceiptLines(app.db, order.id, locale);
  return {
    open: order.status === "pending" && !sessionExpired(order.createdAt),
    reference: order.id.slice(0, 8).toUpperCase(),
    totalCents: order.totalCents,
    subtotalCents: order.subtotalCents,
    vatCents: order.vatCents,
    vatRate: vatRateLabel(locale, order.vatRateBps),
    // The page names its legal mention itself (vatMentionKey): the browser then holds its text.
    vatScheme: order.vatScheme,
    lines: lines.map((line) => ({ id: line.id, title: line.title, amountCents: line.amountCents })),
    bought: bought.map((line) => ({ title: line.title, detail: line.detail, amount: line.amount })),
  };
}

export type TestPayFailure =
  CardRefusal | "declined" | "insufficientFunds" | "threeDSFailed" | "closed";

export type TestPayOutcome =
  | { kind: "paid" }
  | { kind: "cancelled" }
  | { kind: "badChallenge" }
  | { kind: "stay"; failure: TestPayFailure | null; challenge: string | null };

/**
 * The test page's forms, as a card network would answer them: cancel, a card (one of the
 * README's test cards), or the 3-D Secure step. Payment and cancellation reach the order as
 * signed provider events, through the same webhook handling as a real provider's delivery.
 */
export async function submitTestPayment(
  app: Services,
  order: OrderRow,
  sessionId: string,
  form: FormData,
): Promise<TestPayOutcome> {
  const intent = String(form.get("intent") ?? "");
  const send = async (type: "checkout.session.completed" | "checkout.session.expired") => {
    const event = testEvent(app.secret, type, {
      sessionId,
      paymentId:
        type === "checkout.session.completed" ? `pi_test_${order.id.slice(0, 8)}` : undefined,
    });
    // The same verification and fulfilment as a provider's webhook delivery.
    const response = await receiveWebhook(app, "test", event.body, event.headers);
    if (!response.ok) throw new Error(`test event refused: ${response.status}`);
  };
  const stay = (failure: TestPayFailure | null, challenge: string | null = null) =>
    ({ kind: "stay", failure, challenge }) as const;
  if (intent === "cancel") {
    if (order.status === "pending") await send("checkout.session.expired");
    return { kind: "cancelled" };
  }
  if (order.status !== "pending") return stay("closed");
  if (sessionExpired(order.createdAt)) {
    // Like a provider's session, the page expires with the order's exclusive holds.
    await send("checkout.session.expired");
    return stay("closed");
  }
  if (intent === "3ds-approve" || intent === "3ds-fail") {
    if (form.get("challenge") !== challengeFor(app.secret, sessionId)) {
      return { kind: "badChallenge" };
    }
    if (intent === "3ds-fail") return stay("threeDSFailed");
  } else {
    const card = testCardOutcome({
      number: String(form.get("cardNumber") ?? ""),
      expiry: String(form.get("expiry") ?? ""),
      cvc: String(form.get("cvc") ?? ""),
    });
    if ("refused" in card) return stay(card.refused);
    const { outcome } = card;
    if (outcome === "declined" || outcome === "insufficientFunds") return stay(outcome);
    if (outcome === "threeDSecure") return stay(null, challengeFor(app.secret, sessionId));
  }
  await send("checkout.session.completed");
  return { kind: "paid" };
}
