import { XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { localePath, useLocale } from "~/components/use-locale";
import { pageMeta } from "~/modules/http/meta";
import type { Route } from "./+types/payment-cancelled";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "paymentCancelled");
}

export default function PaymentCancelled() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  return (
    <div className="container-page flex justify-center py-10">
      <div className="card w-full max-w-xl p-8 text-center">
        <XCircle className="mx-auto h-12 w-12 text-muted" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold">{t("commerce.cancelled.title")}</h1>
        <p className="mt-2 text-muted">{t("commerce.cancelled.text")}</p>
        <nav className="mt-6 flex flex-wrap justify-center gap-2">
          <button type="button" className="btn-primary" onClick={() => navigate(-1)}>
            {t("commerce.cancelled.retry")}
          </button>
          <Link to={localePath(locale, "/cart")} className="btn-secondary">
            {t("commerce.cart.title")}
          </Link>
          <Link to={localePath(locale, "/marketplace")} className="btn-secondary">
            {t("commerce.success.marketplace")}
          </Link>
          <Link to={localePath(locale, "/support")} className="btn-ghost">
            {t("commerce.success.support")}
          </Link>
        </nav>
      </div>
    </div>
  );
}
