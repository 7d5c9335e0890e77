import { LogOut } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import type { Viewer } from "~/modules/auth/roles";
import type { Locale } from "~/modules/i18n/locale";
import { localePath } from "../use-locale";
import { AccountButtonContent, accountButtonClass } from "./account-button";

const itemClass =
  "flex items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2";

/** Links by role (docs/product.md, "Pages and navigation"): admin, seller tools, or buyer pages. */
function roleLinks(viewer: Viewer): {
  to: string;
  label:
    "administration" | "sellerDashboard" | "upload" | "dashboard" | "myPurchases" | "myCollections";
}[] {
  const links: ReturnType<typeof roleLinks> = [];
  if (viewer.role === "admin") links.push({ to: "/admin", label: "administration" });
  if (viewer.role === "creator" || viewer.role === "admin") {
    links.push({ to: "/seller-dashboard", label: "sellerDashboard" });
    links.push({ to: "/file-upload", label: "upload" });
  } else {
    links.push({ to: "/dashboard", label: "dashboard" });
    links.push({ to: "/buyer-dashboard", label: "myPurchases" });
  }
  // Everyone signed in likes and saves items.
  links.push({ to: "/favourites", label: "myCollections" });
  return links;
}

/** The signed-in person's menu itself, loaded on intent (account-menu.tsx). */
export default function AccountDropdown({
  locale,
  viewer,
  defaultOpen,
}: {
  locale: Locale;
  viewer: Viewer;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const signOut = useFetcher();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={accountButtonClass}>
        <AccountButtonContent viewer={viewer} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-xl border border-border bg-surface p-1 shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-muted">
            {t("header.signedInAs", { name: viewer.email })}
          </DropdownMenu.Label>
          {roleLinks(viewer).map((link) => (
            <DropdownMenu.Item key={link.to} asChild>
              <Link to={localePath(locale, link.to)} className={itemClass}>
                {t(`header.${link.label}`)}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              void signOut.submit({ lang: locale }, { method: "post", action: "/sign-out" });
            }}
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            {t("header.signOut")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
