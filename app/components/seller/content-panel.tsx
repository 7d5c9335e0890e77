import { FolderOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isRejectionCode } from "~/modules/admin/rejection-reasons";
import type { SubmissionCard } from "~/modules/studio/submission-view";
import { localePath } from "../use-locale";
import { FileTiles } from "./file-tiles";
import { StatusBadge } from "./status-badge";
import { SubmissionMenu } from "./submission-menu";
import { useSellerFormat } from "./use-seller-format";

/**
 * A rejected submission's reason (the admin's coded reason, translated, and any details), or a
 * note that none was given (docs/product.md, "Seller dashboard").
 */
export function RejectionReason({ reason, code }: { reason: string | null; code?: string | null }) {
  const { t } = useTranslation();
  const text = [isRejectionCode(code) ? t(`admin.reasons.${code}`) : null, reason?.trim()]
    .filter(Boolean)
    .join(" — ");
  return (
    <p className="text-sm text-danger">
      {text
        ? t("sellerDashboard.content.rejectionReason", { reason: text })
        : t("sellerDashboard.content.noReason")}
    </p>
  );
}

/** The content tab: every submission, newest first, with its files, status and menu. */
export function ContentPanel({ submissions }: { submissions: SubmissionCard[] }) {
  const { t } = useTranslation();
  const format = useSellerFormat();
  const { locale } = format;
  if (submissions.length === 0) {
    return (
      <div className="card flex flex-col items-center px-6 py-12 text-center">
        <FolderOpen className="h-10 w-10 text-muted" aria-hidden="true" />
        <h2 className="mt-4 text-lg font-semibold">{t("sellerDashboard.content.emptyTitle")}</h2>
        <p className="mt-2 max-w-md text-muted">{t("sellerDashboard.content.emptyText")}</p>
        <Link to={localePath(locale, "/file-upload")} className="btn-primary mt-6">
          {t("sellerDashboard.content.emptyCta")}
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="content-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="content-title" className="text-lg font-semibold">
          {t("sellerDashboard.content.title")}
        </h2>
        <p className="text-sm text-muted">
          {t("sellerDashboard.content.count", { count: submissions.length })}
        </p>
      </div>
      <ul className="mt-4 space-y-3">
        {submissions.map((submission) => {
          const title = format.title(submission.title);
          return (
            <li key={submission.id} className="card p-4">
              <div className="min-w-0 space-y-2">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="min-w-0 font-semibold">
                    <Link
                      to={localePath(locale, `/seller-dashboard/content/${submission.id}`)}
                      className="line-clamp-2 break-words hover:underline"
                    >
                      {title}
                    </Link>
                  </h3>
                  <SubmissionMenu submissionId={submission.id} title={title} />
                </div>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                  <StatusBadge status={submission.status} />
                  <span className="font-medium text-fg tabular-nums">
                    {format.price(submission.priceCents)}
                  </span>
                  <span>
                    {[t(`sellerDashboard.kinds.${submission.kind}`), submission.categoryName]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                  <span>
                    {t("sellerDashboard.content.createdOn", {
                      date: format.date(submission.createdAt),
                    })}
                  </span>
                </div>
                {submission.status === "rejected" ? (
                  <RejectionReason
                    reason={submission.rejectionReason}
                    code={submission.rejectionCode}
                  />
                ) : null}
                <FileTiles submission={submission} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
