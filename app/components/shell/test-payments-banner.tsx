import { useTranslation } from "react-i18next";

/**
 * Shown on every page of a production site that runs on the built-in test payment provider
 * (ALLOW_TEST_PAYMENTS=true): nobody should believe a payment there moves real money.
 */
export function TestPaymentsBanner() {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t("commerce.testPaymentsBanner.label")}
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
    >
      {t("commerce.testPaymentsBanner.text")}
    </aside>
  );
}
