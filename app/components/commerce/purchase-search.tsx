import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { BuyerPurchase } from "~/modules/commerce/buyer-dashboard.server";
import type { Locale } from "~/modules/i18n/locale";
import { PurchaseTable } from "./purchase-table";

/** The purchases tab: every purchase, searchable by title (a GET form: the search is in the URL). */
export function PurchaseSearch({
  q,
  purchases,
  locale,
}: {
  q: string;
  purchases: BuyerPurchase[];
  locale: Locale;
}) {
  const { t } = useTranslation();
  return (
    <section className="mt-6">
      <Form method="get" role="search" className="flex gap-2">
        <input type="hidden" name="tab" value="purchases" />
        <label htmlFor="purchase-search" className="sr-only">
          {t("commerce.dashboard.searchLabel")}
        </label>
        <input
          id="purchase-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder={t("commerce.dashboard.searchLabel")}
          className="field-input"
        />
        <button type="submit" className="btn-secondary">
          {t("commerce.dashboard.search")}
        </button>
      </Form>
      {purchases.length === 0 ? (
        <p className="card mt-6 p-6 text-muted">
          {q ? t("commerce.dashboard.noMatch") : t("commerce.dashboard.empty")}
        </p>
      ) : (
        <PurchaseTable purchases={purchases} locale={locale} />
      )}
    </section>
  );
}
