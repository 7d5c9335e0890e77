import { AlertCircle, FlaskConical, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { TestCardForm, ThreeDSChallenge } from "~/components/commerce/test-card-form";
import { services } from "~/modules/app.server";
import { vatMentionKey } from "~/modules/billing/invoice-view";
import { buyerOrderBySession } from "~/modules/commerce/orders.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { formatMoney } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import { submitTestPayment, testPayPage } from "~/modules/payments/test-pay-page.server";
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
  return testPayPage(app, order, locale);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { app, order, locale } = await openOrder(request, context, params.sessionId);
  const sessionId = params.sessionId;
  const outcome = await submitTestPayment(app, order, sessionId, await readForm(request));
  switch (outcome.kind) {
    case "cancelled":
      return redirect(`/payment-cancelled?lang=${locale}`);
    case "paid":
      return redirect(
        `/payment-success?session_id=${encodeURIComponent(sessionId)}&lang=${locale}`,
      );
    case "badChallenge":
      throw data(null, { status: 400 });
    case "stay":
      return { failure: outcome.failure, challenge: outcome.challenge };
  }
}

export default function TestPay({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === "en" ? "en" : "fr";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const total = formatMoney(locale, loaderData.totalCents);
  const failure = actionData?.failure ?? (loaderData.open ? null : "closed");
  const vatMention = vatMentionKey(loaderData.vatScheme);
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
          {vatMention ? <li className="text-xs text-muted">{t(vatMention)}</li> : null}
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
          <ThreeDSChallenge challenge={challenge} total={total} busy={busy} />
        ) : loaderData.open ? (
          <TestCardForm total={total} busy={busy} />
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
