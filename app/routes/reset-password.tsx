import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field, FormAlert, useAuthErrorText } from "~/components/shared/field";
import { localePath, useLocale } from "~/components/use-locale";
import { formValues, type AuthErrorKey, type FieldErrors } from "~/modules/accounts/account-forms";
import { resetPasswordSchema, validateForm } from "~/modules/accounts/account-schemas.server";
import { resetPassword } from "~/modules/accounts/accounts.server";
import { services } from "~/modules/app.server";
import { setFlash } from "~/modules/http/flash.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { requestOrigin } from "~/modules/http/request-context.server";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/reset-password";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "resetPassword"), { name: "robots", content: "noindex" }];
}

/** better-auth sends the user here with ?token=… (or ?error=INVALID_TOKEN). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return {
    token: token && token.length <= 512 ? token : null,
    invalid: url.searchParams.has("error"),
  };
}

type ResetResult = {
  /** The token sent, so the form stays usable after an error. */
  token: string | null;
  fieldErrors?: FieldErrors;
  error?: AuthErrorKey;
  retryAfterSeconds?: number;
};

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeFromUrl(new URL(request.url));
  const values = formValues(await readForm(request));
  const sentToken = values.token && values.token.length <= 512 ? values.token : null;
  const parsed = validateForm(resetPasswordSchema, values);
  if (!parsed.ok) {
    return data<ResetResult>(
      { token: sentToken, fieldErrors: parsed.errors, error: parsed.errors.token },
      400,
    );
  }
  const result = await resetPassword(
    await services(),
    parsed.data.token,
    parsed.data.password,
    requestOrigin(context, request),
  );
  if (!result.ok) {
    return data<ResetResult>(
      { token: sentToken, error: result.error, retryAfterSeconds: result.retryAfterSeconds },
      result.error === "rateLimited" ? 429 : 400,
    );
  }
  const headers = new Headers();
  await setFlash(headers, { kind: "success", key: "auth.success.passwordReset" });
  return redirect(`/${locale}/auth`, { headers });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useAuthErrorText();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const token = actionData ? actionData.token : loaderData.token;
  const usable = Boolean(token) && !loaderData.invalid;
  return (
    <section className="container-page py-12">
      <div className="card mx-auto max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-semibold">{t("auth.reset.title")}</h1>
        {usable ? (
          <Form method="post" noValidate className="mt-6 space-y-4">
            {actionData?.error ? (
              <FormAlert
                title={t("auth.reset.title")}
                message={errorText("form", actionData.error, actionData.retryAfterSeconds) ?? ""}
              />
            ) : null}
            <input type="hidden" name="token" value={token ?? ""} />
            <Field
              id="reset-password"
              name="password"
              type="password"
              autoComplete="new-password"
              label={t("auth.reset.newPassword")}
              hint={t("auth.passwordHint")}
              error={errorText("password", actionData?.fieldErrors?.password)}
            />
            <Field
              id="reset-confirm-password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              label={t("auth.confirmPassword")}
              error={errorText("confirmPassword", actionData?.fieldErrors?.confirmPassword)}
            />
            <button type="submit" className="btn-primary w-full" disabled={submitting}>
              {submitting ? t("auth.reset.submitting") : t("auth.reset.submit")}
            </button>
          </Form>
        ) : (
          <div className="mt-6 space-y-4">
            <FormAlert
              title={t("auth.reset.title")}
              message={t(
                loaderData.invalid ? "auth.errors.resetTokenInvalid" : "auth.reset.missingToken",
              )}
            />
            <Link to={localePath(locale, "/auth/forgot-password")} className="btn-primary w-full">
              {t("auth.reset.requestNew")}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
