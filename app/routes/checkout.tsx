import { useSignInPath } from "~/components/auth/sign-in-path";
import { AlertCircle, CreditCard, FlaskConical, LogIn, ShoppingCart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { BillingForm } from "~/components/billing/billing-form";
import { OrderSummary } from "~/components/commerce/order-summary";
import { findBilling } from "~/modules/billing/billing.server";
import { countryOptions, submitBilling } from "~/modules/billing/billing-form.server";
import { vatRateLabel } from "~/modules/billing/invoice-view";
import { localePath } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { cartRefs, isLicenceId, priceCart } from "~/modules/commerce/cart.server";
import { checkoutCart, claimFree, startCheckout } from "~/modules/commerce/checkout.server";
import { CommerceError, type CommerceErrorCode } from "~/modules/commerce/commerce-error";
import { adoptVisitorCart } from "~/modules/commerce/visitor-cart.server";
import { setFlash } from "~/modules/http/flash.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { getViewer } from "~/modules/http/request-context.server";
import { formatMoney } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import { paymentProviderInfo } from "~/modules/payments/provider-info";
import type { Route } from "./+types/checkout";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "checkout");
}

const testCardList = [
  { number: "4242 4242 4242 4242", outcome: "success" },
  { number: "4000 0000 0000 0002", outcome: "declined" },
  { number: "4000 0000 0000 9995", outcome: "insufficientFunds" },
  { number: "4000 0027 6000 3184", outcome: "threeDSecure" },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = await services();
  const locale = localeFromUrl(new URL(request.url));
  const viewer = await getViewer(context);
  const providerInfo = paymentProviderInfo(app.env);
  if (!viewer) {
    return { state: "signIn" as const, providerInfo, cart: null, billing: null, countries: [] };
  }
  const headers = new Headers();
  await adoptVisitorCart(request, app, viewer.id, headers);
  const cart = await priceCart(app.db, await cartRefs(app.db, viewer.id), locale, viewer.id);
  return data(
    {
      state: cart.lines.length === 0 ? ("empty" as const) : ("ready" as const),
      providerInfo,
      cart,
      // Asked here when missing: they go on the invoice and decide the VAT (0052).
      billing: await findBilling(app.db, viewer.id),
      countries: countryOptions(locale),
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = await services();
  const locale = localeFromUrl(new URL(request.url));
  const viewer = await getViewer(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "pay");
  const submissionId = String(form.get("submissionId") ?? "");
  const headers = new Headers();
  if (intent === "billing") {
    if (!viewer) return data({ error: "signInRequired" as const }, { status: 401 });
    const billingErrors = await submitBilling(app.db, viewer.id, form);
    if (billingErrors) return data({ billingErrors }, { status: 400 });
    await setFlash(headers, { kind: "success", key: "billing.saved" });
    return redirect(localePath(locale, "/checkout"), { headers });
  }
  try {
    if (intent === "claim-free") {
      await claimFree(app, viewer, submissionId);
      await setFlash(headers, { kind: "success", key: "commerce.toast.claimed" });
      return redirect(localePath(locale, "/buyer-dashboard?tab=downloads"), { headers });
    }
    let url: string;
    if (intent === "buy-now") {
      if (!submissionId) throw new CommerceError("missingId");
      const licenceId = String(form.get("licenceId") ?? "standard");
      if (!isLicenceId(licenceId)) throw new CommerceError("invalidPrice");
      // 'Acheter maintenant': the same flow with one line; the cart is left alone.
      url = (await startCheckout(app, viewer, [{ submissionId, licenceId }], locale)).url;
    } else {
      url = (await checkoutCart(app, viewer, locale)).url;
    }
    await setFlash(headers, { kind: "info", key: "commerce.toast.redirecting" });
    return redirect(url, { headers });
  } catch (error) {
    if (!(error instanceof CommerceError)) throw error;
    return data(
      { error: error.code as CommerceErrorCode },
      { status: error.code === "signInRequired" ? 401 : 400 },
    );
  }
}

export default function Checkout({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = params.lang === "en" ? "en" : "fr";
  const signInHere = useSignInPath(locale);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { state, cart, providerInfo, billing, countries } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const billingErrors =
    actionData && "billingErrors" in actionData ? actionData.billingErrors : undefined;
  const alert = error ? (
    <div role="alert" className="card mt-6 flex gap-3 border-red-500/60 p-4">
      <AlertCircle className="h-5 w-5 shrink-0 text-red-600" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t("commerce.errors.alertTitle")}</p>
        <p>{t(`commerce.errors.${error}`)}</p>
      </div>
    </div>
  ) : null;

  if (state === "signIn") {
    return (
      <div className="container-page py-8">
        <div className="card mx-auto mt-6 flex max-w-lg flex-col items-center gap-4 p-10 text-center">
          <LogIn className="h-10 w-10 text-muted" aria-hidden="true" />
          <h1 className="text-2xl font-bold">{t("commerce.checkout.signInTitle")}</h1>
          <p className="text-muted">{t("commerce.checkout.signInText")}</p>
          <Link to={signInHere} className="btn-primary">
            {t("commerce.checkout.signIn")}
          </Link>
        </div>
        {alert}
      </div>
    );
  }
  if (state === "empty" || !cart) {
    return (
      <div className="container-page py-8">
        {alert}
        <div className="card mx-auto mt-6 flex max-w-lg flex-col items-center gap-4 p-10 text-center">
          <ShoppingCart className="h-10 w-10 text-muted" aria-hidden="true" />
          <h1 className="text-2xl font-bold">{t("commerce.checkout.emptyTitle")}</h1>
          <p className="text-muted">{t("commerce.checkout.emptyText")}</p>
          <Link to={localePath(locale, "/marketplace")} className="btn-primary">
            {t("commerce.cart.browse")}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold">{t("commerce.checkout.title")}</h1>
      <div
        className="card mt-6 flex gap-3 border-amber-500/60 bg-amber-500/10 p-4"
        data-testid="payment-mode-banner"
      >
        <FlaskConical className="h-5 w-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">
            {providerInfo.mode === "test"
              ? t("commerce.checkout.testBanner")
              : t("commerce.checkout.liveBanner")}
          </p>
          {providerInfo.mode === "test" ? (
            <>
              <h2 className="mt-2 text-sm font-semibold">{t("commerce.checkout.testCards")}</h2>
              <ul className="mt-1 space-y-0.5 text-sm">
                {testCardList.map((card) => (
                  <li key={card.number}>
                    <code className="font-mono">{card.number}</code> —{" "}
                    {t(`commerce.checkout.card.${card.outcome}`)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
      {alert}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-4">
          {billing && !billingErrors ? (
            <details className="card p-4" data-testid="billing-summary">
              <summary className="cursor-pointer">
                {t("billing.summary", {
                  name: billing.name,
                  country: countries.find((country) => country.code === billing.country)?.name,
                })}{" "}
                <span className="text-sm underline">{t("billing.edit")}</span>
              </summary>
              <div className="mt-4">
                <BillingForm
                  billing={billing}
                  countries={countries}
                  errors={undefined}
                  intro={t("billing.intro")}
                />
              </div>
            </details>
          ) : (
            <BillingForm
              billing={billing}
              countries={countries}
              errors={billingErrors}
              intro={t("billing.checkoutIntro")}
            />
          )}
          <ul className="min-w-0 space-y-2" aria-label={t("commerce.cart.itemsLabel")}>
            {cart.lines.map((line) => (
              <li key={line.submissionId} className="card flex justify-between gap-3 p-3">
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{line.title}</span>
                  <span className="text-sm text-muted">
                    {t("commerce.cart.licence", { name: line.licenceName })}
                  </span>
                </span>
                <span className="shrink-0 font-semibold">
                  {line.owned
                    ? t("commerce.owned.cartLine")
                    : line.lineCents === null
                      ? t("commerce.cart.unavailable")
                      : formatMoney(locale, line.lineCents)}
                </span>
              </li>
            ))}
          </ul>
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
