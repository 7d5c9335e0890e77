import { useSignInPath } from "~/components/shared/sign-in-path";
import { Lock, ShieldX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { GuardRefusal } from "~/modules/http/guard.server";
import { localePath, useLocale } from "./use-locale";

/** The permission guard's refusals (docs/product.md, "Roles and access"): sign-in required, or access denied. */
export function AccessRefused({ refusal }: { refusal: GuardRefusal }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const signInHere = useSignInPath(locale);
  if (refusal.kind === "sign-in-required") {
    return (
      <section className="container-page flex flex-col items-center py-20 text-center">
        <Lock className="h-10 w-10 text-accent" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-semibold">{t("guard.signInRequired")}</h1>
        <p className="mt-2 max-w-md text-muted">
          {refusal.message ? t(`guard.${refusal.message}`) : t("guard.signInRequiredText")}
        </p>
        <Link to={signInHere} className="btn-primary mt-6">
          {t("guard.signInLink")}
        </Link>
      </section>
    );
  }
  const roleName = (role: (typeof refusal.required)[number]) => t(`roles.${role}`);
  return (
    <section className="container-page flex flex-col items-center py-20 text-center">
      <ShieldX className="h-10 w-10 text-danger" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-semibold">{t("guard.accessDenied")}</h1>
      <p className="mt-2 max-w-md text-muted">{t(`guard.${refusal.message}`)}</p>
      <div className="mt-4 space-y-1 text-sm">
        <p>
          {t("guard.currentRole", {
            role: refusal.role ? roleName(refusal.role) : t("guard.undefinedRole"),
          })}
        </p>
        <p>{t("guard.requiredRoles", { roles: refusal.required.map(roleName).join(", ") })}</p>
      </div>
      <Link to={localePath(locale, "/")} className="btn-secondary mt-6">
        {t("guard.backHome")}
      </Link>
    </section>
  );
}
