import { Ban } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { RequestRefusal } from "~/modules/http/request-refusal";
import { localePath, useLocale } from "./use-locale";

/** A mutation refused before its action ran: not a form, an unreadable form, another site. */
export function RequestRefused({ refusal }: { refusal: RequestRefusal }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section role="alert" className="container-page flex flex-col items-center py-20 text-center">
      <Ban className="h-10 w-10 text-danger" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-semibold">{t("errorPage.refused.title")}</h1>
      <p className="mt-2 max-w-md text-muted">{t(`errorPage.refused.${refusal.reason}`)}</p>
      <Link to={localePath(locale, "/")} className="btn-secondary mt-6">
        {t("errorPage.backHome")}
      </Link>
    </section>
  );
}
