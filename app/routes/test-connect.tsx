import { and, eq } from "drizzle-orm";
import { CheckCircle2, FlaskConical, ShieldCheck, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "~/modules/validation/zod";
import { Field } from "~/components/shared/field";
import { localePath, useLocale } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { testConnectAccounts } from "~/modules/db/schema";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { localeFromUrl } from "~/modules/i18n/locale";
import { connectProvider, testBankAccounts } from "~/modules/payouts/connect-provider.server";
import type { Route } from "./+types/test-connect";
import { accountTypeTexts } from "~/components/payouts/account-type-texts";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "testConnect");
}

/**
 * The built-in test provider's onboarding page (what Stripe's hosted onboarding is to Stripe
 * Connect): only the account's own seller may open it, and only while the test provider is in
 * use. It changes the provider's side only; the dashboard re-reads the state from there.
 */
async function openAccount(context: Route.LoaderArgs["context"], accountId: string) {
  const viewer = await requireAccess(context, "seller", {
    message: "sellerOnly",
    visitorMessage: "unauthorized",
  });
  const app = await services();
  if (connectProvider(app).name !== "test") throw data(null, { status: 404 });
  const [account] = await app.db
    .select()
    .from(testConnectAccounts)
    .where(and(eq(testConnectAccounts.id, accountId), eq(testConnectAccounts.userId, viewer.id)));
  if (!account) throw data(null, { status: 404 });
  return { app, account };
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { account } = await openAccount(context, params.accountId);
  return {
    accountId: account.id,
    type: account.type,
    step: !account.detailsSubmitted ? "details" : !account.verified ? "verify" : "done",
    bankAccount: account.bankAccount,
  } as const;
}

const banks = Object.keys(testBankAccounts) as [string, ...string[]];
const detailsSchema = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  bankAccount: z.enum(banks),
});

export async function action({ request, context, params }: Route.ActionArgs) {
  const { app, account } = await openAccount(context, params.accountId);
  const form = Object.fromEntries(await readForm(request));
  const self = `/${localeFromUrl(new URL(request.url))}/test-connect/${account.id}`;
  const where = eq(testConnectAccounts.id, account.id);
  if (form.intent === "details") {
    const parsed = detailsSchema.safeParse(form);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => String(issue.path[0]));
      return data({ invalid: [...new Set(fields)] }, 400);
    }
    await app.db
      .update(testConnectAccounts)
      .set({ detailsSubmitted: true, bankAccount: parsed.data.bankAccount })
      .where(where);
    return redirect(self);
  }
  if (form.intent === "verify" && account.detailsSubmitted) {
    await app.db.update(testConnectAccounts).set({ verified: true }).where(where);
    return redirect(self);
  }
  if (form.intent === "bank") {
    await app.db.update(testConnectAccounts).set({ detailsSubmitted: false }).where(where);
    return redirect(self);
  }
  return data({ invalid: ["intent"] }, 400);
}

export default function TestConnect({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const busy = useNavigation().state !== "idle";
  const invalid = new Set(actionData?.invalid ?? []);
  const dashboard = `${localePath(locale, "/seller-dashboard")}?tab=payments`;
  const { step } = loaderData;
  return (
    <div className="container-page flex justify-center py-8">
      <div className="card w-full max-w-lg p-6">
        <p className="inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold">
          <FlaskConical className="h-3.5 w-3.5" aria-hidden="true" />
          {t("payouts.onboarding.badge")}
        </p>
        <h1 className="mt-3 text-xl font-bold">{t("payouts.onboarding.title")}</h1>
        <p className="text-sm text-muted">
          {t("payouts.onboarding.account", {
            id: loaderData.accountId,
            type: t(accountTypeTexts[loaderData.type].name),
          })}
        </p>
        <p className="mt-2 text-sm text-muted">{t("payouts.onboarding.intro")}</p>

        {step === "details" ? (
          <Form method="post" className="mt-5 space-y-4" noValidate>
            <h2 className="flex items-center gap-2 font-semibold">
              <UserRound className="h-4 w-4" aria-hidden="true" />
              {t("payouts.onboarding.step1")}
            </h2>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                id="onboarding-first-name"
                name="firstName"
                label={t("payouts.onboarding.firstName")}
                autoComplete="given-name"
                required
                maxLength={100}
                error={invalid.has("firstName") ? t("payouts.onboarding.required") : undefined}
              />
              <Field
                id="onboarding-last-name"
                name="lastName"
                label={t("payouts.onboarding.lastName")}
                autoComplete="family-name"
                required
                maxLength={100}
                error={invalid.has("lastName") ? t("payouts.onboarding.required") : undefined}
              />
            </div>
            <fieldset>
              <legend className="field-label">{t("payouts.onboarding.bankAccount")}</legend>
              {(
                [
                  ["FR7630006000011234567890189", "bankOk"],
                  ["FR7630006000019999999999904", "bankFail"],
                ] as const
              ).map(([value, label], index) => (
                <label key={value} className="mt-2 flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="bankAccount"
                    value={value}
                    defaultChecked={
                      loaderData.bankAccount ? loaderData.bankAccount === value : index === 0
                    }
                    className="mt-1"
                  />
                  <span className="font-mono">{t(`payouts.onboarding.${label}`)}</span>
                </label>
              ))}
            </fieldset>
            <button name="intent" value="details" className="btn-primary w-full" disabled={busy}>
              {t("payouts.onboarding.submitDetails")}
            </button>
          </Form>
        ) : null}

        {step === "verify" ? (
          <section aria-labelledby="verify-title" className="mt-5">
            <h2 id="verify-title" className="flex items-center gap-2 font-semibold">
              <ShieldCheck className="h-4 w-4" aria-hidden="true" />
              {t("payouts.onboarding.step2")}
            </h2>
            <p className="mt-2 text-sm">{t("payouts.onboarding.verifyText")}</p>
            <div className="mt-4 flex flex-wrap gap-2">
              <Form method="post">
                <button name="intent" value="verify" className="btn-primary" disabled={busy}>
                  {t("payouts.onboarding.verify")}
                </button>
              </Form>
              <Link to={dashboard} className="btn-secondary">
                {t("payouts.onboarding.later")}
              </Link>
            </div>
          </section>
        ) : null}

        {step === "done" ? (
          <section aria-labelledby="done-title" className="mt-5">
            <h2 id="done-title" className="flex items-center gap-2 font-semibold">
              <CheckCircle2 className="h-4 w-4 text-green-600" aria-hidden="true" />
              {t("payouts.onboarding.done")}
            </h2>
            <p className="mt-2 text-sm">{t("payouts.onboarding.doneText")}</p>
            <div className="mt-4 flex flex-wrap gap-2">
              <Link to={dashboard} className="btn-primary">
                {t("payouts.onboarding.back")}
              </Link>
              <Form method="post">
                <button name="intent" value="bank" className="btn-secondary" disabled={busy}>
                  {t("payouts.onboarding.changeBank")}
                </button>
              </Form>
            </div>
          </section>
        ) : null}
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
