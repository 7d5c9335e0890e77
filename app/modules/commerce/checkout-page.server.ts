import type { Services } from "../services";
import type { Viewer } from "../auth/roles";
import { findBilling } from "../billing/billing.server";
import { countryOptions, submitBilling } from "../billing/billing-form.server";
import type { Locale } from "../i18n/locale";
import { paymentProviderInfo } from "../payments/provider-info";
import { cartRefs, isLicenceId, priceCart } from "./cart.server";
import { checkoutCart, claimFree, startCheckout } from "./checkout.server";
import { CommerceError, type CommerceErrorCode } from "./commerce-error";
import { adoptVisitorCart } from "./visitor-cart.server";

/**
 * What the checkout page shows: a visitor is asked to sign in; a buyer's cart (a visitor's cart
 * adopted first, its cookie cleared through `headers`) priced now, with the billing details that
 * go on the invoice and decide the VAT (0052).
 */
export async function checkoutPage(
  app: Services,
  viewer: Viewer | null,
  request: Request,
  headers: Headers,
  locale: Locale,
) {
  const providerInfo = paymentProviderInfo(app.env);
  if (!viewer) {
    return { state: "signIn" as const, providerInfo, cart: null, billing: null, countries: [] };
  }
  await adoptVisitorCart(request, app, viewer.id, headers);
  const cart = await priceCart(app.db, await cartRefs(app.db, viewer.id), locale, viewer.id);
  return {
    state: cart.lines.length === 0 ? ("empty" as const) : ("ready" as const),
    providerInfo,
    cart,
    // Asked here when missing: they go on the invoice and decide the VAT (0052).
    billing: await findBilling(app.db, viewer.id),
    countries: countryOptions(locale),
  };
}

export type CheckoutOutcome =
  | { kind: "redirect"; to: string; flash: { kind: "success" | "info"; key: string } }
  | {
      kind: "billingRefused";
      billingErrors: NonNullable<Awaited<ReturnType<typeof submitBilling>>>;
    }
  | { kind: "refused"; error: CommerceErrorCode; status: 400 | 401 };

/**
 * The checkout's forms: billing details; a free item claimed; 'Acheter maintenant' (one line,
 * the cart left alone); or paying the cart. Paying goes to the provider's page.
 */
export async function submitCheckout(
  app: Services,
  viewer: Viewer | null,
  form: FormData,
  locale: Locale,
): Promise<CheckoutOutcome> {
  const intent = String(form.get("intent") ?? "pay");
  const submissionId = String(form.get("submissionId") ?? "");
  if (intent === "billing") {
    if (!viewer) return { kind: "refused", error: "signInRequired", status: 401 };
    const billingErrors = await submitBilling(app.db, viewer.id, form);
    if (billingErrors) return { kind: "billingRefused", billingErrors };
    return {
      kind: "redirect",
      to: `/${locale}/checkout`,
      flash: { kind: "success", key: "billing.saved" },
    };
  }
  try {
    if (intent === "claim-free") {
      await claimFree(app, viewer, submissionId);
      return {
        kind: "redirect",
        to: `/${locale}/buyer-dashboard?tab=downloads`,
        flash: { kind: "success", key: "commerce.toast.claimed" },
      };
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
    return {
      kind: "redirect",
      to: url,
      flash: { kind: "info", key: "commerce.toast.redirecting" },
    };
  } catch (error) {
    if (!(error instanceof CommerceError)) throw error;
    return {
      kind: "refused",
      error: error.code,
      status: error.code === "signInRequired" ? 401 : 400,
    };
  }
}
