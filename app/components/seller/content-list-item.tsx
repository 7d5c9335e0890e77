import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SellerListItem } from "~/modules/studio/seller-list-view.server";
import { localePath } from "../use-locale";
import { bulkEditFormId } from "./bulk-edit-panel";
import { RejectionReason } from "./rejection-reason";
import { FileTiles } from "./file-tiles";
import { StatusBadge } from "./status-badge";
import { SubmissionMenu } from "./submission-menu";
import { useSellerFormat } from "./use-seller-format";

/** One item of the seller's list: its checkbox for the bulk edit, title, status, figures, files. */
export function ContentListItem({
  item,
  selected,
  onSelect,
}: {
  item: SellerListItem;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const { t } = useTranslation();
  const format = useSellerFormat();
  const { locale } = format;
  const title = format.title(item.title);
  return (
    <li className="card p-4">
      <div className="flex gap-3">
        <input
          type="checkbox"
          name="ids"
          value={item.id}
          form={bulkEditFormId}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={t("sellerDashboard.list.select", { title })}
          className="mt-1 h-4 w-4 shrink-0"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex items-start justify-between gap-2">
            <h3 className="min-w-0 font-semibold">
              <Link
                to={localePath(locale, `/seller-dashboard/content/${item.id}`)}
                className="line-clamp-2 break-words hover:underline"
              >
                {title}
              </Link>
            </h3>
            <SubmissionMenu submissionId={item.id} title={title} sold={item.sold} />
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <StatusBadge status={item.status} />
            <span className="font-medium text-fg tabular-nums">
              {format.price(item.priceCents)}
            </span>
            <span>
              {[t(`sellerDashboard.kinds.${item.kind}`), item.categoryName]
                .filter(Boolean)
                .join(" · ")}
            </span>
            <span>{t("sellerDashboard.list.sales", { count: item.sales })}</span>
            <span>
              {t("sellerDashboard.content.createdOn", { date: format.date(item.createdAt) })}
            </span>
          </div>
          {item.status === "rejected" ? (
            <RejectionReason reason={item.rejectionReason} code={item.rejectionCode} />
          ) : null}
          <FileTiles submission={item} />
        </div>
      </div>
    </li>
  );
}
