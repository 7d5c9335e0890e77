import { AlertCircle, FlaskConical, Lock, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { services } from "~/modules/app.server";
import { exclusiveHoldMinutes } from "~/modules/commerce/on-sale.server";
import { buyerOrderBySession, orderLines } from "~/modules/commerce/orders.server";
import { creditReceiptLines } from "~/modules/credits/credit-receipts.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { vatMentionKey, vatRateLabel } from "~/modules/billing/invoice-view";
import { formatMoney } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import {
  challengeFor,
  testCardOutcome,
  testEvent,
  type CardRefusal,
} from "~/modules/payments/test-provider.server";
import { receiveWebhook } from "~/modules/payments/webhooks.server";
import type { Route } from "./+types/test-pay";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "testPay");
}

/** The hosted page of the built-in test provider: only the order's buyer may open it. */
async function openOrder(request: Request, context: Route.LoaderArgs["context"], id: string) {
  const viewer = await requireAccess(context, "signedIn");
  const app = await services();
  const order = await buyerOrderBySession(app.db, viewer.id, id, "test");
  if (!order) throw data(null, { status: 404 });
  return { app, order, locale: localeFromUrl(new URL(request.url)) };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { app, order, locale } = await openOrder(request, context, params.sessionId);
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
    vatMention: vatMentionKey(order.vatScheme),
    lines: lines.map((line) => ({ id: line.id, title: line.title, amountCents: line.amountCents })),
    bought: bought.map((line) => ({ title: line.title, detail: line.detail, amount: line.amount })),
  };
}

/** A test session lasts as long as an exclusive hold (and Stripe's `expires_at`). */
function sessionExpired(createdAt: Date): boolean {
  return Date.now() - createdAt.getTime() > exclusiveHoldMinutes * 60_000;
}

type Failure = CardRefusal | "declined" | "insufficientFunds" | "threeDSFailed" | "closed";

export async function action({ request, context, params }: Route.ActionArgs) {
  const { app, order, locale } = await openOrder(request, context, params.sessionId);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const sessionId = params.sessionId;
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
  if (intent === "cancel") {
    if (order.status === "pending") await send("checkout.session.expired");
    return redirect(`/payment-cancelled?lang=${locale}`);
  }
  if (order.status !== "pending") return { failure: "closed" as Failure, challenge: null };
  if (sessionExpired(order.createdAt)) {
    // Like a provider's session, the page expires with the order's exclusive holds.
    await send("checkout.session.expired");
    return { failure: "closed" as Failure, challenge: null };
  }
  if (intent === "3ds-approve" || intent === "3ds-fail") {
    if (form.get("challenge") !== challengeFor(app.secret, sessionId)) {
      throw data(null, { status: 400 });
    }
    if (intent === "3ds-fail") return { failure: "threeDSFailed" as Failure, challenge: null };
  } else {
    const card = testCardOutcome({
      number: String(form.get("cardNumber") ?? ""),
      expiry: String(form.get("expiry") ?? ""),
      cvc: String(form.get("cvc") ?? ""),
    });
    if ("refused" in card) return { failure: card.refused as Failure, challenge: null };
    const { outcome } = card;
    if (outcome === "declined" || outcome === "insufficientFunds") {
      return { failure: outcome as Failure, challenge: null };
    }
    if (outcome === "threeDSecure") {
      return { failure: null, challenge: challengeFor(app.secret, sessionId) };
    }
  }
  await send("checkout.session.completed");
  return redirect(`/payment-success?session_id=${encodeURIComponent(sessionId)}&lang=${locale}`);
}

export default function TestPay({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === "en" ? "en" : "fr";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const total = formatMoney(locale, loaderData.totalCents);
  const failure = actionData?.failure ?? (loaderData.open ? null : "closed");
  const challenge = actionData?.challenge ?? null;
  return (
    <div className="container-page flex justify-center py-8">
      <div className="card w-full max-w-md p-6">
        <p className="inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold">
          <FlaskConical className="h-3.5 w-3.5" aria-hidden="true" />
          {t("commerce.testPay.badge")}
        </p>
        <h1 className="mt-3 flex items-center gap-2 text-xl font-bold">
          <Lock className="h-5 w-5" aria-hidden="true" />
          {t("commerce.testPay.title")}
        </h1>
        <p className="text-sm text-muted">
          {t("commerce.testPay.order", { reference: loaderData.reference })}
        </p>
        <ul className="mt-4 space-y-1 text-sm">
          {loaderData.bought.map((line) => (
            <li
              key={line.title}
              className="flex justify-between gap-2"
              data-testid="test-pay-bought"
            >
              <span className="min-w-0">
                <span className="sr-only">{t("credits.outcome.bought")} </span>
                <span className="font-medium">{line.title}</span>
                {line.detail ? <span className="block text-muted">{line.detail}</span> : null}
              </span>
              <span className="whitespace-nowrap">{line.amount}</span>
            </li>
          ))}
          {loaderData.lines.map((line) => (
            <li key={line.id} className="flex justify-between gap-2">
              <span className="truncate">{line.title}</span>
              <span>{formatMoney(locale, line.amountCents)}</span>
            </li>
          ))}
          <li className="flex justify-between gap-2 text-muted">
            <span>{t("commerce.cart.vat", { rate: loaderData.vatRate })}</span>
            <span data-testid="test-pay-vat">{formatMoney(locale, loaderData.vatCents)}</span>
          </li>
          {loaderData.vatMention ? (
            <li className="text-xs text-muted">{t(loaderData.vatMention)}</li>
          ) : null}
          <li className="flex justify-between gap-2 border-t border-border pt-1 font-semibold">
            <span>{t("commerce.cart.total")}</span>
            <span data-testid="test-pay-total">{total}</span>
          </li>
        </ul>
        {failure ? (
          <p role="alert" className="mt-4 flex gap-2 rounded bg-red-500/10 p-3 text-sm">
            <AlertCircle className="h-4 w-4 shrink-0 text-red-600" aria-hidden="true" />
            {t(`commerce.testPay.${failure}`)}
          </p>
        ) : null}
        {challenge ? (
          <section
            aria-labelledby="three-ds-title"
            className="mt-4 rounded border border-border p-4"
          >
            <h2 id="three-ds-title" className="flex items-center gap-2 font-semibold">
              <ShieldCheck className="h-4 w-4" aria-hidden="true" />
              {t("commerce.testPay.threeDSTitle")}
            </h2>
            <p className="mt-1 text-sm">{t("commerce.testPay.threeDSText", { total })}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Form method="post">
                <input type="hidden" name="challenge" value={challenge} />
                <button name="intent" value="3ds-approve" className="btn-primary" disabled={busy}>
                  {t("commerce.testPay.approve")}
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="challenge" value={challenge} />
                <button name="intent" value="3ds-fail" className="btn-secondary" disabled={busy}>
                  {t("commerce.testPay.fail")}
                </button>
              </Form>
            </div>
          </section>
        ) : loaderData.open ? (
          <Form method="post" className="mt-4 space-y-3">
            <div>
              <label htmlFor="card-number" className="field-label">
                {t("commerce.testPay.cardNumber")}
              </label>
              <input
                id="card-number"
                name="cardNumber"
                inputMode="numeric"
                autoComplete="cc-number"
                required
                maxLength={23}
                placeholder="4242 4242 4242 4242"
                className="field-input"
              />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <div>
                <label htmlFor="card-expiry" className="field-label">
                  {t("commerce.testPay.expiry")}
                </label>
                <input
                  id="card-expiry"
                  name="expiry"
                  autoComplete="cc-exp"
                  placeholder="12/34"
                  required
                  maxLength={5}
                  className="field-input"
                />
              </div>
              <div>
                <label htmlFor="card-cvc" className="field-label">
                  {t("commerce.testPay.cvc")}
                </label>
                <input
                  id="card-cvc"
                  name="cvc"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="123"
                  required
                  maxLength={3}
                  className="field-input"
                />
              </div>
            </div>
            <button name="intent" value="pay" className="btn-primary w-full" disabled={busy}>
              {t("commerce.testPay.pay", { total })}
            </button>
          </Form>
        ) : null}
        <Form method="post" className="mt-3">
          <button name="intent" value="cancel" className="btn-ghost w-full">
            {t("commerce.testPay.cancel")}
          </button>
        </Form>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
