import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { splitLocale } from "~/modules/i18n/locale";
import { isProtectedPath } from "~/modules/auth/protected-paths";

/** While a protected page is being opened, says that permissions are being checked. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const target = navigation.location?.pathname;
  if (navigation.state !== "loading" || !target) return null;
  const checking = isProtectedPath(splitLocale(target).rest);
  return (
    <div role="status" aria-live="polite" className="relative">
      <div className="absolute inset-x-0 top-0 h-0.5 animate-pulse bg-accent" />
      {checking ? (
        <p className="container-page py-2 text-sm text-muted">{t("guard.checking")}</p>
      ) : null}
    </div>
  );
}
