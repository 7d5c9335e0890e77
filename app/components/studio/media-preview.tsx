import { Eye } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MenuOnIntent } from "~/components/shell/menu-on-intent";
import type { StudioFileView } from "~/modules/studio/studio-view";

/**
 * The studio's preview button for images, videos and audio (docs/product.md, "Media previews").
 * Radix's dialog (about 14 KB gzipped) comes when the seller reaches for it, not with the studio
 * (decision record 0048); the button is drawn like the dialog's own.
 */
export function MediaPreview({ file }: { file: StudioFileView }) {
  const { t } = useTranslation();
  if (!["image", "vector", "video", "audio"].includes(file.mediaKind)) return null;
  return (
    <MenuOnIntent
      key={file.id}
      popup="dialog"
      load={() => import("./media-preview-dialog")}
      menuProps={{ file }}
      button={(handlers) => (
        <button {...handlers} className="btn-secondary">
          <Eye className="h-4 w-4" aria-hidden="true" />
          {t("studio.actions.preview")}
        </button>
      )}
    />
  );
}
