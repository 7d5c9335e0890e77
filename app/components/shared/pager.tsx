import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";

/** Previous/next links for a paged list (admin lists, the seller's content), keeping the other query parameters. */
export function Pager({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (pageCount <= 1) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  return (
    <nav aria-label={t("admin.pager.label")} className="mt-6 flex items-center justify-between">
      {page > 1 ? (
        <Link to={to(page - 1)} className="btn-secondary">
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          {t("admin.pager.previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted">{t("admin.pager.status", { page, pages: pageCount })}</p>
      {page < pageCount ? (
        <Link to={to(page + 1)} className="btn-secondary">
          {t("admin.pager.next")}
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
