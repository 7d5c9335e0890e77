import { AlertCircle, LogIn, ShoppingCart } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignInPath } from "~/components/shared/sign-in-path";
import { localePath } from "~/components/use-locale";
import type { CommerceErrorCode } from "~/modules/commerce/commerce-error";
import type { Locale } from "~/modules/i18n/locale";

/** Why the checkout refused the last form, in the commerce.errors words. */
export function CheckoutAlert({ error }: { error: CommerceErrorCode | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <div role="alert" className="card mt-6 flex gap-3 border-red-500/60 p-4">
      <AlertCircle className="h-5 w-5 shrink-0 text-red-600" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t("commerce.errors.alertTitle")}</p>
        <p>{t(`commerce.errors.${error}`)}</p>
      </div>
    </div>
  );
}

/** The checkout for a visitor: sign in first, then come back here. */
export function CheckoutSignIn({ locale, alert }: { locale: Locale; alert: ReactNode }) {
  const { t } = useTranslation();
  const signInHere = useSignInPath(locale);
  return (
    <div className="container-page py-8">
      <div className="card mx-auto mt-6 flex max-w-lg flex-col items-center gap-4 p-10 text-center">
        <LogIn className="h-10 w-10 text-muted" aria-hidden="true" />
        <h1 className="text-2xl font-bold">{t("commerce.checkout.signInTitle")}</h1>
        <p className="text-muted">{t("commerce.checkout.signInText")}</p>
        <Link to={signInHere} className="btn-primary">
          {t("commerce.checkout.signIn")}
        </Link>
      </div>
      {alert}
    </div>
  );
}

/** The checkout with an empty cart: back to the marketplace. */
export function CheckoutEmpty({ locale, alert }: { locale: Locale; alert: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="container-page py-8">
      {alert}
      <div className="card mx-auto mt-6 flex max-w-lg flex-col items-center gap-4 p-10 text-center">
        <ShoppingCart className="h-10 w-10 text-muted" aria-hidden="true" />
        <h1 className="text-2xl font-bold">{t("commerce.checkout.emptyTitle")}</h1>
        <p className="text-muted">{t("commerce.checkout.emptyText")}</p>
        <Link to={localePath(locale, "/marketplace")} className="btn-primary">
          {t("commerce.cart.browse")}
        </Link>
      </div>
    </div>
  );
}
