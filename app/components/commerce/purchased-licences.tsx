import { FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localePath } from "~/components/use-locale";
import type { BuyerPurchase } from "~/modules/commerce/buyer-dashboard.server";
import type { Locale } from "~/modules/i18n/locale";

/** The licences tab: each licence held with its certificate number and page. */
export function PurchasedLicences({
  purchases,
  locale,
}: {
  purchases: BuyerPurchase[];
  locale: Locale;
}) {
  const { t } = useTranslation();
  return (
    <ul className="mt-6 space-y-3">
      {purchases.map((purchase) => (
        <li
          key={purchase.entitlementId}
          className="card flex flex-wrap items-center justify-between gap-3 p-4"
        >
          <span className="min-w-0">
            <span className="block font-semibold">
              {purchase.title ?? t("commerce.dashboard.deletedItem")}
            </span>
            <span className="text-sm text-muted">
              {t(`commerce.licence.${purchase.licenceId}`)} ·{" "}
              <span className="font-mono">{purchase.certificateNumber}</span>
            </span>
          </span>
          <Link
            to={localePath(locale, `/certificates/${purchase.certificateNumber}`)}
            className="btn-secondary"
          >
            <FileText className="h-4 w-4" aria-hidden="true" />
            {t("commerce.dashboard.certificate")}
          </Link>
        </li>
      ))}
    </ul>
  );
}
