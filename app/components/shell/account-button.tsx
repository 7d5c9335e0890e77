import { CircleUser } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Viewer } from "~/modules/auth/roles";

/**
 * The account button's look, shared by the menu shown at first (account-menu.tsx) and the
 * dropdown loaded on intent (account-dropdown.tsx), so the button does not change when it loads.
 */
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
