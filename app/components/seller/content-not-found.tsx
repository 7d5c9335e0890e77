import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localePath, useLocale } from "../use-locale";

/** 'Contenu non trouvé ou accès refusé': the item is missing or someone else's. */
export function ContentNotFound() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="container-page flex flex-col items-center py-20 text-center">
      <SearchX className="h-10 w-10 text-muted" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-semibold">{t("sellerDashboard.edit.notFoundTitle")}</h1>
      <p className="mt-2 max-w-md text-muted">{t("sellerDashboard.errors.notFound")}</p>
      <Link
        to={`${localePath(locale, "/seller-dashboard")}?tab=content`}
        className="btn-secondary mt-6"
      >
        {t("sellerDashboard.edit.back")}
      </Link>
    </section>
  );
}
