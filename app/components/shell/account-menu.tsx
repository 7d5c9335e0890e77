import type { Viewer } from "~/modules/auth/roles";
import type { Locale } from "~/modules/i18n/locale";
import { AuthDialog } from "../auth/auth-dialog";
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
