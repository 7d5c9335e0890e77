import { useTranslation } from "react-i18next";
import { mediaUrl, MediaThumb } from "~/components/shared/media-thumb";
import { useLocale } from "~/components/use-locale";
import type { PendingSubmission } from "~/modules/admin/moderation.server";
import { formatBytes } from "~/modules/i18n/i18n";
import { OriginalViewer } from "./original-viewer";

/** A pending item's files and cover: thumbnail, size, the preview to open and the original. */
export function ReviewFiles({ item }: { item: PendingSubmission }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // The cover first: it is what stands for an ebook everywhere else.
  const files = item.cover ? [item.cover, ...item.files] : item.files;
  return (
    <div>
      <h4 className="text-sm font-medium">
        {t("admin.moderation.files", { count: files.length })}
      </h4>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {files.map((file) => (
          <li key={file.id} className="rounded-lg border border-border p-2">
            <div className="flex items-center gap-3">
              <MediaThumb file={file} className="h-14 w-14 shrink-0" />
              <div className="min-w-0 text-sm">
                <p className="truncate font-medium">
                  {file === item.cover ? `${t("admin.moderation.cover")} · ` : ""}
                  {file.fileName}
                </p>
                <p className="text-xs text-muted">{formatBytes(locale, file.size)}</p>
                {file.review ? (
                  <a
                    href={mediaUrl(file.id, file.review)}
                    target="_blank"
                    rel="noreferrer"
                    className="text-xs font-medium text-accent underline"
                  >
                    {t("admin.moderation.openPreview", { name: file.fileName })}
                  </a>
                ) : (
                  <p className="text-xs text-muted">{t("admin.moderation.noPreview")}</p>
                )}
                {file.original !== "video" && file.original !== "audio" ? (
                  <p>
                    <OriginalViewer file={file} />
                  </p>
                ) : null}
              </div>
            </div>
            {file.original === "video" || file.original === "audio" ? (
              <OriginalViewer file={file} />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
