import { useTranslation } from "react-i18next";
import { data, Link, useNavigation, Form } from "react-router";
import { Field, FormAlert, useAuthErrorText } from "~/components/shared/field";
import { localePath, useLocale } from "~/components/use-locale";
import { formValues, type AuthErrorKey, type FieldErrors } from "~/modules/accounts/account-forms";
import { forgotPasswordSchema, validateForm } from "~/modules/accounts/account-schemas.server";
import { requestPasswordReset } from "~/modules/accounts/accounts.server";
import { services } from "~/modules/app.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { requestOrigin } from "~/modules/http/request-context.server";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/forgot-password";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "forgotPassword");
}

type ForgotResult =
  | { sent: true }
  | {
      sent: false;
      fieldErrors?: FieldErrors;
      error?: AuthErrorKey;
      retryAfterSeconds?: number;
      email: string;
    };

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await readForm(request));
  const email = (values.email ?? "").slice(0, 300);
  const parsed = validateForm(forgotPasswordSchema, values);
  if (!parsed.ok)
    return data<ForgotResult>({ sent: false, fieldErrors: parsed.errors, email }, 400);
  const result = await requestPasswordReset(
    await services(),
    parsed.data.email,
    localeFromUrl(new URL(request.url)),
    requestOrigin(context, request),
  );
  if (!result.ok) {
    return data<ForgotResult>(
      { sent: false, error: result.error, retryAfterSeconds: result.retryAfterSeconds, email },
      429,
    );
  }
  return data<ForgotResult>({ sent: true });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useAuthErrorText();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const failed = actionData && !actionData.sent ? actionData : undefined;
  return (
    <section className="container-page py-12">
      <div className="card mx-auto max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-semibold">{t("auth.forgot.title")}</h1>
        <p className="mt-2 text-sm text-muted">{t("auth.forgot.intro")}</p>
        {actionData?.sent ? (
          <p role="status" className="mt-6 rounded-lg bg-accent-soft p-4 text-sm">
            {t("auth.forgot.sent")}
          </p>
        ) : (
          <Form method="post" noValidate className="mt-6 space-y-4">
            {failed?.error ? (
              <FormAlert
                title={t("auth.forgot.title")}
                message={errorText("form", failed.error, failed.retryAfterSeconds) ?? ""}
              />
            ) : null}
            <Field
              id="forgot-email"
              name="email"
              type="email"
              autoComplete="email"
              label={t("auth.email")}
              defaultValue={failed?.email}
              error={errorText("email", failed?.fieldErrors?.email)}
            />
            <button type="submit" className="btn-primary w-full" disabled={submitting}>
              {submitting ? t("auth.forgot.submitting") : t("auth.forgot.submit")}
            </button>
          </Form>
        )}
        <p className="mt-6 text-center text-sm">
          <Link
            to={localePath(locale, "/auth")}
            className="font-medium text-accent hover:underline"
          >
            {t("auth.forgot.backToLogin")}
          </Link>
        </p>
      </div>
    </section>
  );
}
