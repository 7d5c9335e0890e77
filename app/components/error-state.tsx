import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requestIdAttribute, useRequestId } from "./request-id";
import { localePath, useLocale } from "./use-locale";

export function ErrorState() {
  const { t } = useTranslation();
  const locale = useLocale();
  const requestId = useRequestId();
  return (
    <section role="alert" className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-semibold">{t("errorPage.title")}</h1>
      <p className="mt-3 text-muted">{t("errorPage.text")}</p>
      {requestId ? (
        <p className="mt-4 text-sm text-muted">
          {t("errorPage.requestId")}{" "}
          <code {...{ [requestIdAttribute]: "" }} className="break-all select-all">
            {requestId}
          </code>
        </p>
      ) : null}
      <Link to={localePath(locale, "/")} className="btn-primary mt-8">
        {t("errorPage.backHome")}
      </Link>
    </section>
  );
}
