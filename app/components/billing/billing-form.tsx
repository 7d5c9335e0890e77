import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field } from "~/components/shared/field";
import type { BillingSnapshot } from "~/modules/billing/billing-details";

export type BillingErrors = Partial<Record<keyof BillingSnapshot, string>>;

/**
 * The billing details form (checkout when they are missing, the profile tab): name or company,
 * address, country, optional EU VAT number. Posts `intent=billing` to the page's own action.
 */
export function BillingForm({
  billing,
  countries,
  errors,
  intro,
}: {
  billing: BillingSnapshot | null;
  countries: ReadonlyArray<{ code: string; name: string }>;
  errors: BillingErrors | undefined;
  intro: string;
}) {
  const { t } = useTranslation();
  const error = (field: keyof BillingSnapshot) =>
    errors?.[field]
      ? t(`billing.errors.${errors[field]}` as "billing.errors.nameRequired")
      : undefined;
  return (
    <Form method="post" className="card space-y-4 p-5" aria-labelledby="billing-title">
      <h2 id="billing-title" className="font-semibold">
        {t("billing.title")}
      </h2>
      <p className="text-sm text-muted">{intro}</p>
      <input type="hidden" name="intent" value="billing" />
      <Field
        id="billing-name"
        name="name"
        label={t("billing.name")}
        defaultValue={billing?.name}
        error={error("name")}
        required
        maxLength={120}
        autoComplete="organization"
      />
      <div>
        <label htmlFor="billing-address" className="field-label">
          {t("billing.address")}
        </label>
        <textarea
          id="billing-address"
          name="address"
          rows={3}
          required
          maxLength={400}
          defaultValue={billing?.address}
          className="field-input"
          autoComplete="street-address"
          aria-invalid={error("address") ? true : undefined}
          aria-describedby={error("address") ? "billing-address-error" : undefined}
        />
        {error("address") ? (
          <p id="billing-address-error" className="field-error">
            {error("address")}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="billing-country" className="field-label">
          {t("billing.country")}
        </label>
        <select
          id="billing-country"
          name="country"
          required
          defaultValue={billing?.country ?? ""}
          className="field-input"
          aria-invalid={error("country") ? true : undefined}
          aria-describedby={error("country") ? "billing-country-error" : undefined}
        >
          <option value="">{t("billing.chooseCountry")}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        {error("country") ? (
          <p id="billing-country-error" className="field-error">
            {error("country")}
          </p>
        ) : null}
      </div>
      <Field
        id="billing-vat"
        name="vatNumber"
        label={t("billing.vatNumber")}
        hint={t("billing.vatNumberHint")}
        defaultValue={billing?.vatNumber ?? ""}
        error={error("vatNumber")}
        maxLength={20}
      />
      <button type="submit" className="btn-primary">
        {t("billing.save")}
      </button>
    </Form>
  );
}
