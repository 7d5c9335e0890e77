import { data, redirect } from "react-router";
import { localePath } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { backTo } from "~/modules/commerce/commerce-http.server";
import {
  CreditError,
  downloadWithCredits,
  downloadWithInfinity,
  readCreditSettings,
} from "~/modules/credits/ledger.server";
import { startCreditCheckout } from "~/modules/credits/purchase.server";
import { cancelSubscriptionAtPeriodEnd } from "~/modules/credits/cancel-subscription.server";
import { recordSubscriptionPayment } from "~/modules/credits/subscriptions.server";
import { paymentProvider } from "~/modules/payments/payments.server";
import { setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { readForm } from "~/modules/http/read-form.server";
import { formatMoney } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/credits-actions";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function loader() {
  throw data(null, { status: 405 });
}

/**
 * Every credit action, posted as a plain form (works without JavaScript):
 * - `buy-pack` (packId), `subscribe` (planId, billing month|year): the provider's page;
 * - `spend-credits` / `infinity-download` (submissionId): the standard licence at once;
 * - `cancel` / `simulate-renewal` (subscriptionId): the buyer's own subscription.
 * Prices and costs come from the server only.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "signedIn");
  const app = await services();
  const locale = localeFromUrl(new URL(request.url));
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const headers = new Headers();
  const dashboard = localePath(locale, "/buyer-dashboard?tab=credits");

  if (intent === "buy-pack" || intent === "subscribe") {
    const productId = String(form.get(intent === "buy-pack" ? "packId" : "planId") ?? "");
    const interval = form.get("billing") === "year" ? "year" : "month";
    let started: Awaited<ReturnType<typeof startCreditCheckout>>;
    try {
      started = await startCreditCheckout(
        app,
        viewer,
        intent === "buy-pack"
          ? { kind: "pack", productId }
          : { kind: "subscription", productId, interval },
        locale,
      );
    } catch (error) {
      // A subscription of the same kind is already held (or being paid): no second checkout.
      if (!(error instanceof CreditError)) throw error;
      await setFlash(headers, { kind: "error", key: `credits.errors.${error.code}` });
      return redirect(dashboard, { headers });
    }
    if (!started) {
      await setFlash(headers, { kind: "error", key: "credits.toast.unknownProduct" });
      return redirect(localePath(locale, "/packages-pricing"), { headers });
    }
    await setFlash(headers, {
      kind: "info",
      key: "credits.toast.redirecting",
      params: { amount: formatMoney(locale, started.totalCents) },
    });
    return redirect(started.url, { headers });
  }

  if (intent === "spend-credits" || intent === "infinity-download") {
    const submissionId = String(form.get("submissionId") ?? "");
    if (!uuidPattern.test(submissionId)) throw data(null, { status: 400 });
    try {
      if (intent === "spend-credits") {
        const result = await downloadWithCredits(app.db, viewer.id, submissionId);
        await setFlash(headers, {
          kind: "success",
          key: "credits.toast.downloaded",
          params: { credits: result.credits },
        });
      } else {
        await downloadWithInfinity(app.db, viewer.id, submissionId);
        await setFlash(headers, { kind: "success", key: "credits.toast.infinityDownloaded" });
      }
      return redirect(localePath(locale, "/buyer-dashboard?tab=downloads"), { headers });
    } catch (error) {
      if (!(error instanceof CreditError)) throw error;
      const { infinityDailyLimit } = await readCreditSettings(app.db);
      await setFlash(headers, {
        kind: "error",
        key: `credits.errors.${error.code}`,
        params: { limit: infinityDailyLimit },
      });
      return redirect(backTo(request, form, dashboard), { headers });
    }
  }

  if (intent === "cancel" || intent === "simulate-renewal") {
    const subscriptionId = String(form.get("subscriptionId") ?? "");
    if (!uuidPattern.test(subscriptionId)) throw data(null, { status: 400 });
    if (intent === "cancel") {
      if (!(await cancelSubscriptionAtPeriodEnd(app, viewer.id, subscriptionId))) {
        throw data(null, { status: 404 });
      }
      await setFlash(headers, { kind: "success", key: "credits.toast.canceled" });
      return redirect(dashboard, { headers });
    }
    // Renewals come from the provider; with the built-in test provider (demo), the buyer may
    // simulate one. The invoice reference is the form's, so a double submit renews once.
    if (paymentProvider(app).name !== "test") throw data(null, { status: 404 });
    const invoiceRef = String(form.get("invoiceRef") ?? "");
    if (!/^[A-Za-z0-9_-]{8,80}$/.test(invoiceRef)) throw data(null, { status: 400 });
    const owned = await app.db.query.subscriptions.findFirst({
      where: (row, { and, eq }) => and(eq(row.id, subscriptionId), eq(row.userId, viewer.id)),
    });
    if (!owned || owned.cancelAtPeriodEnd) throw data(null, { status: 404 });
    // Its receipt is queued with the payment.
    await recordSubscriptionPayment(app.db, {
      subscriptionId,
      invoiceRef: `test:${invoiceRef}`,
    });
    await setFlash(headers, { kind: "success", key: "credits.toast.renewed" });
    return redirect(dashboard, { headers });
  }
  throw data(null, { status: 400 });
}
