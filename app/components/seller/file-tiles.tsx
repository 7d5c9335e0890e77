import { useTranslation } from "react-i18next";
import type { SubmissionCard } from "~/modules/studio/submission-view";
import { MediaThumb } from "~/components/shared/media-thumb";

/** Up to four file tiles of a submission, then '+N autres' (docs/product.md, "Uploads and the seller's studio"). */
export function FileTiles({ submission }: { submission: SubmissionCard }) {
  const { t } = useTranslation();
  const more = submission.fileCount - submission.files.length;
  if (submission.fileCount === 0) {
    return (
      <div className="flex items-center gap-2">
        <MediaThumb file={null} className="h-12 w-12 sm:h-14 sm:w-14" />
        <span className="text-xs text-muted">{t("sellerDashboard.content.noFiles")}</span>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <ul
        className="flex gap-1.5"
        aria-label={t("sellerDashboard.content.files", { count: submission.fileCount })}
      >
        {submission.files.map((file) => (
          <li key={file.id} title={file.fileName}>
            <MediaThumb file={file} className="h-12 w-12 sm:h-14 sm:w-14" />
            <span className="sr-only">{file.fileName}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted">
          {t("sellerDashboard.content.moreFiles", { count: more })}
        </span>
      ) : null}
    </div>
  );
}
