import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { countries, type FieldErrors } from "~/modules/accounts/account-forms";
import type { Locale } from "~/modules/i18n/locale";
import { localePath } from "../use-locale";
import { Field, useAuthErrorText } from "~/components/shared/field";

interface RegisterFieldsProps {
  locale: Locale;
  variant: "client" | "seller";
  idPrefix: string;
  errors: FieldErrors;
  values?: Record<string, string>;
  submitting: boolean;
}

/** The register form's fields, with the live password-confirmation check. */
export function RegisterFields({
  locale,
  variant,
  idPrefix,
  errors,
  values,
  submitting,
}: RegisterFieldsProps) {
  const { t } = useTranslation();
  const errorText = useAuthErrorText();
  const [accountType, setAccountType] = useState(
    variant === "seller" ? "creator" : (values?.accountType ?? "client"),
  );
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const mismatch = confirmation.length > 0 && confirmation !== password;
  const id = (name: string) => `${idPrefix}-register-${name}`;
  const countryError = errorText("country", errors.country);
  const termsError = errorText("terms", errors.terms);

  return (
    <>
      {variant === "seller" ? (
        <input type="hidden" name="accountType" value="creator" />
      ) : (
        <fieldset>
          <legend className="field-label">{t("auth.accountType")}</legend>
          <div className="grid grid-cols-2 gap-2">
            {(["client", "creator"] as const).map((type) => (
              <label
                key={type}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
              >
                <input
                  type="radio"
                  name="accountType"
                  value={type}
                  checked={accountType === type}
                  onChange={() => setAccountType(type)}
                  className="accent-accent"
                />
                {t(type === "client" ? "auth.accountTypeClient" : "auth.accountTypeCreator")}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={id("first-name")}
          name="firstName"
          autoComplete="given-name"
          label={t("auth.firstName")}
          defaultValue={values?.firstName}
          error={errorText("firstName", errors.firstName)}
        />
        <Field
          id={id("last-name")}
          name="lastName"
          autoComplete="family-name"
          label={t("auth.lastName")}
          defaultValue={values?.lastName}
          error={errorText("lastName", errors.lastName)}
        />
      </div>
      <Field
        id={id("email")}
        name="email"
        type="email"
        autoComplete="email"
        label={t("auth.email")}
        defaultValue={values?.email}
        error={errorText("email", errors.email)}
      />
      {accountType === "creator" ? (
        <Field
          id={id("store-name")}
          name="storeName"
          autoComplete="organization"
          label={t("auth.storeName")}
          defaultValue={values?.storeName}
          error={errorText("storeName", errors.storeName)}
        />
      ) : null}
      <Field
        id={id("password")}
        name="password"
        type="password"
        autoComplete="new-password"
        label={t("auth.password")}
        hint={t("auth.passwordHint")}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errorText("password", errors.password)}
      />
      <Field
        id={id("confirm-password")}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        label={t("auth.confirmPassword")}
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={
          mismatch
            ? t("auth.errors.passwordsMismatch")
            : errorText("confirmPassword", errors.confirmPassword)
        }
      />
      <div>
        <label htmlFor={id("country")} className="field-label">
          {t("auth.country")}
        </label>
        <select
          id={id("country")}
          name="country"
          defaultValue={values?.country ?? ""}
          className="field-input"
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${id("country")}-error` : undefined}
        >
          <option value="">{t("auth.countryPlaceholder")}</option>
          {countries.map((country) => (
            <option key={country} value={country}>
              {t(`auth.countries.${country}`)}
            </option>
          ))}
        </select>
        {countryError ? (
          <p id={`${id("country")}-error`} className="field-error">
            {countryError}
          </p>
        ) : null}
      </div>
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="terms"
            id={id("terms")}
            className="mt-1 h-4 w-4 accent-accent"
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? `${id("terms")}-error` : undefined}
          />
          <span>
            {t("auth.acceptTermsBefore")}
            <Link to={localePath(locale, "/terms")} className="font-medium text-accent underline">
              {t("auth.acceptTermsLink")}
            </Link>
          </span>
        </label>
        {termsError ? (
          <p id={`${id("terms")}-error`} className="field-error">
            {termsError}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={submitting || mismatch}>
        {submitting ? t("auth.submittingRegister") : t("auth.submitRegister")}
      </button>
    </>
  );
}
