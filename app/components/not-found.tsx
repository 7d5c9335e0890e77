import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localePath, useLocale } from "./use-locale";

export function NotFound() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="font-display text-7xl font-semibold text-accent">{t("notFound.heading")}</p>
      <h1 className="mt-4 text-3xl font-semibold">{t("notFound.title")}</h1>
      <p className="mt-3 max-w-md text-muted">{t("notFound.text")}</p>
      <Link to={localePath(locale, "/")} className="btn-primary mt-8">
        {t("notFound.backHome")}
      </Link>
    </section>
  );
}
