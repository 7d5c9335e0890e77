import { useTranslation } from "react-i18next";
import type { BillingSnapshot } from "~/modules/billing/billing-details";
import { BillingForm, type BillingErrors } from "./billing-form";

/**
 * The checkout's billing details: a one-line summary to open and edit when they are on file,
 * the form itself when they are missing or were just refused.
 */
export function CheckoutBilling({
  billing,
  countries,
  errors,
}: {
  billing: BillingSnapshot | null;
  countries: ReadonlyArray<{ code: string; name: string }>;
  errors: BillingErrors | undefined;
}) {
  const { t } = useTranslation();
  if (!billing || errors) {
    return (
      <BillingForm
        billing={billing}
        countries={countries}
        errors={errors}
        intro={t("billing.checkoutIntro")}
      />
    );
  }
  return (
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
  );
}
