import { Bookmark, Heart } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Locale } from "~/modules/i18n/locale";
import { LinkTabs } from "~/components/shared/link-tabs";
import { localePath } from "../use-locale";

/** The two sections of a buyer's saved items: favourites (likes) and named collections. */
export function CollectionsNav({
  locale,
  current,
}: {
  locale: Locale;
  current: "favourites" | "collections";
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-6">
      <LinkTabs
        label={t("collections.navLabel")}
        current={current}
        tabs={[
          {
            id: "favourites",
            label: t("collections.tabs.favourites"),
            to: localePath(locale, "/favourites"),
            icon: <Heart className="h-4 w-4" aria-hidden="true" />,
          },
          {
            id: "collections",
            label: t("collections.tabs.collections"),
            to: localePath(locale, "/collections"),
            icon: <Bookmark className="h-4 w-4" aria-hidden="true" />,
          },
        ]}
      />
    </div>
  );
}
