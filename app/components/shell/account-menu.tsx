import type { Viewer } from "~/modules/auth/roles";
import type { Locale } from "~/modules/i18n/locale";
import { useTranslation } from "react-i18next";
import { AccountButtonContent, accountButtonClass } from "./account-button";
import { MenuOnIntent } from "./menu-on-intent";

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
  const { t } = useTranslation();
  // Radix's dialog (about 15 KB gzipped) comes with the dialog, when the visitor reaches for it.
  if (!viewer) {
    return (
      // Keyed: signing in or out swaps the dialog for the menu, never the loaded module with it.
      <MenuOnIntent
        key="sign-in"
        popup="dialog"
        load={() => import("../auth/auth-dialog")}
        menuProps={{ locale, googleEnabled }}
        button={(handlers) => (
          <button {...handlers} className="btn-primary">
            {t("header.signIn")}
          </button>
        )}
      />
    );
  }
  return (
    <MenuOnIntent
      key="account"
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
