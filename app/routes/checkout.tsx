import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { CheckoutBilling } from "~/components/billing/checkout-billing";
import { CheckoutLines } from "~/components/commerce/checkout-lines";
import {
  CheckoutAlert,
  CheckoutEmpty,
  CheckoutSignIn,
} from "~/components/commerce/checkout-notices";
import { OrderSummary } from "~/components/commerce/order-summary";
import { PaymentModeBanner } from "~/components/commerce/payment-mode-banner";
import { localePath } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { vatRateLabel } from "~/modules/billing/invoice-view";
import { checkoutPage, submitCheckout } from "~/modules/commerce/checkout-page.server";
import { setFlash } from "~/modules/http/flash.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { getViewer } from "~/modules/http/request-context.server";
import { formatMoney } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/checkout";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "checkout");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromUrl(new URL(request.url));
  const headers = new Headers();
  const page = await checkoutPage(
    await services(),
    await getViewer(context),
    request,
    headers,
    locale,
  );
  return data(page, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = await services();
  const locale = localeFromUrl(new URL(request.url));
  const viewer = await getViewer(context);
  const outcome = await submitCheckout(app, viewer, await readForm(request), locale);
  if (outcome.kind === "refused") return data({ error: outcome.error }, { status: outcome.status });
  if (outcome.kind === "billingRefused") {
    return data({ billingErrors: outcome.billingErrors }, { status: 400 });
  }
  const headers = new Headers();
  await setFlash(headers, outcome.flash);
  return redirect(outcome.to, { headers });
}

export default function Checkout({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = params.lang === "en" ? "en" : "fr";
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { state, cart, providerInfo, billing, countries } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const billingErrors =
    actionData && "billingErrors" in actionData ? actionData.billingErrors : undefined;
  const alert = <CheckoutAlert error={error} />;

  if (state === "signIn") return <CheckoutSignIn locale={locale} alert={alert} />;
  if (state === "empty" || !cart) return <CheckoutEmpty locale={locale} alert={alert} />;
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold">{t("commerce.checkout.title")}</h1>
      <PaymentModeBanner providerInfo={providerInfo} />
      {alert}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-4">
          <CheckoutBilling billing={billing} countries={countries} errors={billingErrors} />
          <CheckoutLines lines={cart.lines} locale={locale} />
        </div>
        <OrderSummary locale={locale} {...cart}>
          {cart.vat.rateBps > 0 ? (
            <p className="mt-2 text-xs text-muted">
              {t("commerce.checkout.vatIncluded", { rate: vatRateLabel(locale, cart.vat.rateBps) })}
            </p>
          ) : null}
          <Form method="post" className="mt-5">
            <input type="hidden" name="intent" value="pay" />
            <button type="submit" className="btn-primary w-full" disabled={submitting}>
              <CreditCard className="h-4 w-4" aria-hidden="true" />
              {submitting
                ? t("commerce.checkout.redirecting")
                : t("commerce.checkout.pay", { total: formatMoney(locale, cart.totalCents) })}
            </button>
          </Form>
          <Link to={localePath(locale, "/cart")} className="btn-secondary mt-2 w-full">
            {t("commerce.checkout.backToCart")}
          </Link>
        </OrderSummary>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
