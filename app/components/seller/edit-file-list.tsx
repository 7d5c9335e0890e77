import { useTranslation } from "react-i18next";
import { formatBytes } from "~/modules/i18n/i18n";
import type { FileTile } from "~/modules/studio/submission-view";
import { useLocale } from "../use-locale";
import { MediaThumb } from "~/components/shared/media-thumb";

/** The item's files and cover, with their size and whether their preview is ready. */
export function EditFileList({ files, cover }: { files: FileTile[]; cover: FileTile | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const all = cover ? [...files, cover] : files;
  return (
    <ul className="space-y-2">
      {all.map((file) => (
        <li key={file.id} className="flex items-center gap-3">
          <MediaThumb file={file} className="h-14 w-14" />
          <div className="min-w-0 text-sm">
            <p className="truncate font-medium" title={file.fileName}>
              {file.fileName}
            </p>
            <p className="text-xs text-muted">
              {file === cover ? `${t("sellerDashboard.edit.cover")} · ` : ""}
              {formatBytes(locale, file.size)}
              {file.processing === "queued" || file.processing === "processing"
                ? ` · ${t("sellerDashboard.edit.processing")}`
                : file.processing === "failed"
                  ? ` · ${t("sellerDashboard.edit.processingFailed")}`
                  : ""}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
