import { Tabs } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useActionData, useFetcher } from "react-router";
import type { FieldErrors } from "~/modules/accounts/account-forms";
import { checkLoginForm, checkRegisterForm } from "~/modules/accounts/account-form-checks";
import type { Locale } from "~/modules/i18n/locale";
import { localePath } from "../use-locale";
import type { AuthActionData } from "./auth-action-data";
import { Field, FormAlert, useAuthErrorText } from "~/components/shared/field";
import { RegisterFields } from "./register-fields";
import { useReturnTarget } from "~/components/shared/sign-in-path";

export interface AuthPanelProps {
  locale: Locale;
  /** The seller variant fixes the account type to creator (/auth/seller). */
  variant: "client" | "seller";
  initialTab: "login" | "register";
  googleEnabled: boolean;
  idPrefix: string;
}

/** Focuses the first field named in the errors, in form order. */
function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  const first = Array.from(form.elements).find(
    (element): element is HTMLInputElement =>
      "name" in element && (element as HTMLInputElement).name in errors,
  );
  first?.focus();
}

export function AuthPanel({
  locale,
  variant,
  initialTab,
  googleEnabled,
  idPrefix,
}: AuthPanelProps) {
  const { t } = useTranslation();
  const errorText = useAuthErrorText();
  const login = useFetcher<AuthActionData>({ key: `${idPrefix}-login` });
  const register = useFetcher<AuthActionData>({ key: `${idPrefix}-register` });
  const google = useFetcher<AuthActionData>({ key: `${idPrefix}-google` });
  const pageResult = useActionData<AuthActionData>();
  const [tab, setTab] = useState<string>(
    pageResult?.intent === "register" ? "register" : initialTab,
  );
  const [clientErrors, setClientErrors] = useState<{ login?: FieldErrors; register?: FieldErrors }>(
    {},
  );

  const action = localePath(locale, variant === "seller" ? "/auth/seller" : "/auth");
  const loginResult = login.data ?? (pageResult?.intent === "login" ? pageResult : undefined);
  const registerResult =
    register.data ?? (pageResult?.intent === "register" ? pageResult : undefined);
  const googleResult = google.data ?? (pageResult?.intent === "google" ? pageResult : undefined);
  const loginErrors = clientErrors.login ?? loginResult?.fieldErrors ?? {};
  const registerErrors = clientErrors.register ?? registerResult?.fieldErrors ?? {};
  const id = (name: string) => `${idPrefix}-${name}`;
  // After signing in or up, back to the page the buyer was on (the cart, a product).
  const returnTarget = useReturnTarget();
  const returnField = returnTarget ? (
    <input type="hidden" name="redirectTo" value={returnTarget} />
  ) : null;

  /** Validates in the browser first: nothing is sent while a field is wrong (docs/product.md, "Pages and navigation"). */
  const checkBeforeSending =
    (form: "login" | "register", check: (values: Record<string, unknown>) => FieldErrors) =>
    (event: React.FormEvent<HTMLFormElement>) => {
      const errors = check(Object.fromEntries(new FormData(event.currentTarget)));
      const ok = Object.keys(errors).length === 0;
      setClientErrors((current) => ({ ...current, [form]: ok ? undefined : errors }));
      if (!ok) {
        event.preventDefault();
        focusFirstError(event.currentTarget, errors);
      }
    };

  return (
    <div>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List
          aria-label={t("auth.tabsLabel")}
          className="mb-5 grid grid-cols-2 rounded-xl bg-surface-2 p-1"
        >
          {(["login", "register"] as const).map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="rounded-lg px-3 py-2 text-sm font-semibold text-muted data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm"
            >
              {t(value === "login" ? "auth.loginTab" : "auth.registerTab")}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="login">
          <login.Form
            method="post"
            action={action}
            noValidate
            className="space-y-4"
            onSubmit={checkBeforeSending("login", checkLoginForm)}
          >
            <input type="hidden" name="intent" value="login" />
            {returnField}
            {loginResult?.error ? (
              <FormAlert
                title={t("auth.signInErrorTitle")}
                message={errorText("form", loginResult.error, loginResult.retryAfterSeconds) ?? ""}
              />
            ) : null}
            <Field
              id={id("login-email")}
              name="email"
              type="email"
              autoComplete="email"
              label={t("auth.email")}
              defaultValue={loginResult?.values?.email}
              error={errorText("email", loginErrors.email)}
            />
            <Field
              id={id("login-password")}
              name="password"
              type="password"
              autoComplete="current-password"
              label={t("auth.password")}
              error={errorText("password", loginErrors.password)}
            />
            <div className="flex items-center justify-between gap-3 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="rememberMe"
                  defaultChecked
                  className="h-4 w-4 accent-accent"
                />
                {t("auth.rememberMe")}
              </label>
              <Link
                to={localePath(locale, "/auth/forgot-password")}
                className="font-medium text-accent hover:underline"
              >
                {t("auth.forgotPassword")}
              </Link>
            </div>
            <button type="submit" className="btn-primary w-full" disabled={login.state !== "idle"}>
              {login.state !== "idle" ? t("auth.submittingLogin") : t("auth.submitLogin")}
            </button>
          </login.Form>
        </Tabs.Content>

        <Tabs.Content value="register">
          <register.Form
            method="post"
            action={action}
            noValidate
            className="space-y-4"
            onSubmit={checkBeforeSending("register", checkRegisterForm)}
          >
            <input type="hidden" name="intent" value="register" />
            {returnField}
            {registerResult?.error ? (
              <FormAlert
                title={t("auth.signUpErrorTitle")}
                message={
                  errorText("form", registerResult.error, registerResult.retryAfterSeconds) ?? ""
                }
              />
            ) : null}
            <RegisterFields
              locale={locale}
              variant={variant}
              idPrefix={idPrefix}
              errors={registerErrors}
              values={registerResult?.values}
              submitting={register.state !== "idle"}
            />
          </register.Form>
        </Tabs.Content>
      </Tabs.Root>

      <div className="my-5 flex items-center gap-3 text-xs uppercase text-muted">
        <span className="h-px flex-1 bg-border" />
        {t("auth.orContinueWith")}
        <span className="h-px flex-1 bg-border" />
      </div>
      <google.Form method="post" action={action}>
        <input type="hidden" name="intent" value="google" />
        {returnField}
        {googleResult?.error ? (
          <div className="mb-3">
            <FormAlert title={t("auth.signInErrorTitle")} message={t("auth.errors.googleFailed")} />
          </div>
        ) : null}
        <button
          type="submit"
          className="btn-secondary w-full"
          data-google-enabled={googleEnabled ? "true" : "false"}
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
            <path
              fill="#4285F4"
              d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.8h3.6c2.1-1.9 3.2-4.8 3.2-8.1z"
            />
            <path
              fill="#34A853"
              d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.9A11 11 0 0 0 12 23z"
            />
            <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7H2.1a11 11 0 0 0 0 10z" />
            <path
              fill="#EA4335"
              d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.2-3.2A11 11 0 0 0 2.1 7l3.7 2.9C6.7 7.3 9.1 5.4 12 5.4z"
            />
          </svg>
          {t("auth.google")}
        </button>
      </google.Form>
      <p className="mt-5 text-center text-sm">
        <Link
          to={localePath(locale, variant === "seller" ? "/auth" : "/auth/seller")}
          className="font-medium text-accent hover:underline"
        >
          {t(variant === "seller" ? "auth.toClient" : "auth.toSeller")}
        </Link>
      </p>
    </div>
  );
}
