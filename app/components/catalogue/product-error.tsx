import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { RequestRefused } from "~/components/request-refused";
import { localePath, useLocale } from "~/components/use-locale";
import { isRequestRefusal } from "~/modules/http/request-refusal";

export type ProductFailure = "notFound" | "missingId" | "loadError";

/** Not found, missing id and load failure: their fixed texts (docs/product.md, "Fixed texts"), with their statuses. */
export function ProductError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const locale = useLocale();
  if (isRouteErrorResponse(error) && isRequestRefusal(error.data)) {
    return <RequestRefused refusal={error.data} />;
  }
  const reason: ProductFailure =
    isRouteErrorResponse(error) &&
    error.data &&
    typeof error.data === "object" &&
    "reason" in error.data
      ? (error.data as { reason: ProductFailure }).reason
      : isRouteErrorResponse(error) && error.status === 404
        ? "notFound"
        : "loadError";
  const heading = {
    notFound: t("catalogue.product.notFound"),
    missingId: t("catalogue.product.missingId"),
    loadError: t("catalogue.product.loadError"),
  }[reason];
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-semibold">{heading}</h1>
      {reason === "notFound" ? (
        <p className="mt-3 text-muted">{t("catalogue.product.notFoundText")}</p>
      ) : null}
      {reason === "loadError" ? (
        <p className="mt-3 text-muted">{t("catalogue.product.loadErrorToast")}</p>
      ) : null}
      <Link to={localePath(locale, "/marketplace")} className="btn-primary mt-8">
        {t("catalogue.product.backToMarketplace")}
      </Link>
    </section>
  );
}
