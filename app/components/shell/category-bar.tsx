import { Camera, Clapperboard, FileText, Music, Palette, PenTool, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import type { Locale } from "~/modules/i18n/locale";
import { useLiveCatalogue } from "../catalogue/live-counts";
import { localePath } from "../use-locale";

/** docs/product.md, "Pages and navigation": one link per kind, plus New (trending), each with its live count. */
export const categoryLinks = [
  { slug: "photo", icon: Camera },
  { slug: "video", icon: Clapperboard },
  { slug: "audio", icon: Music },
  { slug: "illustration", icon: Palette },
  { slug: "ebook", icon: FileText },
  { slug: "vector", icon: PenTool },
  { slug: "trending", icon: Sparkles },
] as const;

export function CategoryBar({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const marketplace = localePath(locale, "/marketplace");
  // Only the marketplace's selected category is current (a NavLink would mark every pill, as
  // they all share the marketplace's path).
  const active = pathname === marketplace ? params.get("category") : null;
  const { counts } = useLiveCatalogue();
  return (
    <nav
      aria-label={t("header.categoriesNavigation")}
      className="border-b border-border bg-surface"
    >
      <ul className="container-page flex gap-1 overflow-x-auto py-2 [scrollbar-width:none]">
        {categoryLinks.map(({ slug, icon: Icon }) => (
          <li key={slug} className="shrink-0">
            <Link
              to={`${marketplace}?category=${slug}`}
              aria-current={active === slug ? "page" : undefined}
              className="flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg aria-[current=page]:bg-accent-soft aria-[current=page]:text-fg"
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
              {t(`categories.${slug}`)}
              {counts ? (
                <span
                  className="rounded-full bg-surface-2 px-1.5 text-xs tabular-nums"
                  data-testid={`category-count-${slug}`}
                >
                  {counts[slug]}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
