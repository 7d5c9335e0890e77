import { EllipsisVertical } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MenuOnIntent } from "../shell/menu-on-intent";

/**
 * The edit and delete menu of one submission: a button drawn like the menu's own until the
 * seller reaches for it, then Radix's menu and its dialog (about 30 KB gzipped, decision record
 * 0048), open.
 */
export function SubmissionMenu({
  submissionId,
  title,
  sold,
}: {
  submissionId: string;
  title: string;
  sold: boolean;
}) {
  const { t } = useTranslation();
  return (
    <MenuOnIntent
      load={() => import("./submission-dropdown")}
      menuProps={{ submissionId, title, sold }}
      button={(handlers) => (
        <button
          {...handlers}
          className="btn-ghost h-9 w-9 shrink-0 px-0"
          aria-label={t("sellerDashboard.content.menu", { title })}
        >
          <EllipsisVertical className="h-5 w-5" aria-hidden="true" />
        </button>
      )}
    />
  );
}
