import { redirect } from "react-router";
import { z } from "~/modules/validation/zod";
import { services } from "~/modules/app.server";
import { setFlash, type Flash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { readForm } from "~/modules/http/read-form.server";
import { formatMoney, getT } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import { accountBadge } from "~/modules/payouts/account-status";
import {
  payoutAccountOf,
  refreshAccount,
  startOnboarding,
} from "~/modules/payouts/payout-accounts.server";
import { PayoutsError } from "~/modules/payouts/payouts-error";
import { payOutSeller, retryPendingPayouts } from "~/modules/payouts/payouts.server";
import type { Route } from "./+types/seller-payout-account";

const schema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    type: z.enum(["express", "standard"]).default("express"),
  }),
  z.object({ intent: z.literal("continue") }),
  z.object({ intent: z.literal("refresh") }),
  z.object({ intent: z.literal("payout") }),
]);

const errorKeys: Partial<Record<PayoutsError["code"], string>> = {
  accountCreation: "payouts.errors.accountCreation",
  statusRefresh: "payouts.errors.statusRefresh",
  accountExists: "payouts.toast.alreadyConfigured",
  noAccount: "payouts.errors.noAccount",
};

/**
 * The payments tab's actions: create the connected account or continue its onboarding (both
 * answer with a redirect to the provider's onboarding page, opened in a new tab by the form),
 * re-read its state from the provider, pay the balance out. Sellers only, on their own account.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "seller", {
    message: "sellerOnly",
    visitorMessage: "unauthorized",
  });
  const locale = localeFromUrl(new URL(request.url));
  const back = `/${locale}/seller-dashboard?tab=payments`;
  const headers = new Headers();
  const done = async (flash: Omit<Flash, "id">) => {
    await setFlash(headers, flash);
    return redirect(back, { headers });
  };
  const parsed = schema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return done({ kind: "error", key: "payouts.errors.invalid" });
  const app = await services();
  try {
    switch (parsed.data.intent) {
      case "create":
      case "continue": {
        const type = parsed.data.intent === "create" ? parsed.data.type : "express";
        const { url } = await startOnboarding(app, viewer, { type }, locale);
        return redirect(url, 303);
      }
      case "refresh": {
        const account = await refreshAccount(app, viewer.id);
        if (!account) return done({ kind: "error", key: "payouts.errors.noAccount" });
        if (accountBadge(account) === "active") {
          await retryPendingPayouts(app, viewer.id);
          await payOutSeller(app, viewer.id);
        }
        return done({ kind: "success", key: "payouts.toast.refreshed" });
      }
      case "payout": {
        const account = await payoutAccountOf(app.db, viewer.id);
        if (!account || accountBadge(account) !== "active") {
          return done({ kind: "error", key: "payouts.errors.noAccount" });
        }
        await retryPendingPayouts(app, viewer.id);
        const payout = await payOutSeller(app, viewer.id);
        if (!payout) return done({ kind: "info", key: "payouts.toast.nothingToPay" });
        const amount = formatMoney(locale, payout.amountCents);
        if (payout.status === "paid") {
          return done({ kind: "success", key: "payouts.toast.paidOut", params: { amount } });
        }
        if (payout.status === "pending") {
          return done({ kind: "info", key: "payouts.toast.payoutPending", params: { amount } });
        }
        const t = getT(locale);
        const code = payout.failureCode ?? "provider_error";
        const reason = t(`payouts.failure.${code}` as "payouts.failure.provider_error", {
          defaultValue: t("payouts.failure.provider_error"),
        });
        return done({ kind: "error", key: "payouts.toast.payoutFailed", params: { reason } });
      }
    }
  } catch (error) {
    if (error instanceof PayoutsError) {
      const key = errorKeys[error.code] ?? "payouts.errors.accountCreation";
      return done({ kind: error.code === "accountExists" ? "info" : "error", key });
    }
    throw error;
  }
}

export function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromUrl(new URL(request.url));
  return redirect(`/${locale}/seller-dashboard?tab=payments`);
}
