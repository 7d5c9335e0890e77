import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/components/use-locale";
import { inLocale } from "~/modules/i18n/bilingual-text";
import { saveBlocker } from "~/modules/studio/product-form";
import type { ProductFormValues, StudioFileView } from "~/modules/studio/studio-view";
import { MediaThumbnail } from "./media-thumbnail";

/** Files shown before the '+n' button, so a long batch does not push the form off screen. */
const shownAtFirst = 6;

/**
 * Ready for the bulk publish: what publishing needs (a title and a description in one language at
 * least, an ebook's cover; decision 0049), a file that could be processed, and not an automatic proposal the seller never looked at (decision record 0050).
 */
export function isReadyToPublish(
  values: ProductFormValues,
  file: StudioFileView,
  unreviewed: boolean,
): boolean {
  const hasCover = Boolean(values.coverUploadId || file.cover);
  return (
    !unreviewed &&
    saveBlocker(values, "publish", hasCover) === null &&
    file.processingStatus !== "failed"
  );
}

/** The studio's files, left of the form: six, then '+n' to show the rest. */
export function StudioFileList({
  files,
  forms,
  unreviewed,
  selectedId,
  onSelect,
}: {
  files: StudioFileView[];
  forms: Record<string, ProductFormValues>;
  /** Whether a file's proposal waits for the seller to look at it. */
  unreviewed: (id: string) => boolean;
  selectedId: string;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [expanded, setExpanded] = useState(false);
  const selectedIndex = files.findIndex((file) => file.id === selectedId);
  const visible =
    expanded || files.length <= shownAtFirst || selectedIndex >= shownAtFirst
      ? files
      : files.slice(0, shownAtFirst);
  const hidden = files.length - visible.length;
  return (
    <nav aria-labelledby="studio-files-heading">
      <h2 id="studio-files-heading" className="mb-3 font-semibold">
        {t("studio.filesHeading")} ({files.length})
      </h2>
      <ul className="space-y-2">
        {visible.map((file) => {
          const values = forms[file.id] ?? file.values;
          const state = isReadyToPublish(values, file, unreviewed(file.id))
            ? "ready"
            : unreviewed(file.id)
              ? "toReview"
              : file.savedAsDraft
                ? "draft"
                : "incomplete";
          return (
            <li key={file.id}>
              <button
                type="button"
                onClick={() => onSelect(file.id)}
                aria-current={file.id === selectedId ? "true" : undefined}
                className="flex w-full items-center gap-3 rounded-lg border border-border p-2 text-left hover:bg-surface-2 aria-[current=true]:border-accent aria-[current=true]:bg-accent-soft"
              >
                <MediaThumbnail
                  uploadId={file.id}
                  kind={file.mediaKind}
                  available={file.variants.thumbnail}
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">
                    {inLocale(values.title, locale).trim() || file.fileName}
                  </span>
                  <span className="block text-xs text-muted">
                    {t(`studio.fileState.${state}`)} ·{" "}
                    {t(`studio.processing.${file.processingStatus}`)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {hidden > 0 ? (
        <button
          type="button"
          className="btn-ghost mt-2 w-full"
          aria-label={t("studio.moreFilesLabel", { count: hidden })}
          onClick={() => setExpanded(true)}
        >
          {t("studio.moreFiles", { count: hidden })}
        </button>
      ) : null}
    </nav>
  );
}
