import { CircleUser } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Viewer } from "~/modules/auth/roles";
import type { Locale } from "~/modules/i18n/locale";
import { AuthDialog } from "../auth/auth-dialog";
import { MenuOnIntent } from "./menu-on-intent";

export const accountButtonClass = "btn-ghost px-2.5";

/** What the button shows, the same before and after the dropdown is loaded. */
export function AccountButtonContent({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  return (
    <>
      {/* The name, when shown, is part of the button's accessible name (WCAG 2.5.3). */}
      <span className="sr-only">{t("header.accountMenu")}</span>
      <CircleUser className="h-5 w-5" aria-hidden="true" />
      <span className="hidden max-w-32 truncate lg:inline">{viewer.displayName}</span>
    </>
  );
}

/** The sign-in button for visitors; the account menu for a signed-in person. */
export function AccountMenu({
  locale,
  viewer,
  googleEnabled,
}: {
  locale: Locale;
  viewer: Viewer | null;
  googleEnabled: boolean;
}) {
  if (!viewer) return <AuthDialog locale={locale} googleEnabled={googleEnabled} />;
  return (
    <MenuOnIntent
      load={() => import("./account-dropdown")}
      menuProps={{ locale, viewer }}
      button={(handlers) => (
        <button {...handlers} className={accountButtonClass}>
          <AccountButtonContent viewer={viewer} />
        </button>
      )}
    />
  );
}
