import { Eye, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useTranslation } from "react-i18next";
import type { StudioFileView } from "~/modules/studio/studio-view";
import { Waveform } from "./waveform";

/** The watermarked preview the server made: image, video clip or audio excerpt. */
function PreviewBody({ file }: { file: StudioFileView }) {
  const { t } = useTranslation();
  const { variants } = file;
  if (variants.clip) {
    return (
      // The seller's own silent preview clip: there are no captions to offer for it.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video
        controls
        preload="metadata"
        className="max-h-[70vh] w-full rounded-md bg-black"
        poster={variants.poster ? `/media/${file.id}/poster` : undefined}
        src={`/media/${file.id}/clip`}
      />
    );
  }
  if (variants.audio) {
    return (
      <div className="space-y-4">
        <Waveform peaks={file.waveform} />
        {/* An excerpt of the seller's own music: nothing to caption. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <audio controls preload="metadata" className="w-full" src={`/media/${file.id}/audio`} />
      </div>
    );
  }
  if (variants.preview) {
    return (
      <img
        src={`/media/${file.id}/preview`}
        alt={t("studio.previewTitle", { name: file.fileName })}
        className="max-h-[70vh] w-full rounded-md object-contain"
      />
    );
  }
  return <p className="text-muted">{t("studio.previewUnavailable")}</p>;
}

/**
 * A preview button and its dialog, for images, videos and audio (docs/product.md, "Media
 * previews"); loaded when the seller reaches for the button (media-preview.tsx), then open.
 */
export default function MediaPreviewDialog({
  file,
  defaultOpen = false,
}: {
  file: StudioFileView;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root defaultOpen={defaultOpen}>
      <Dialog.Trigger className="btn-secondary">
        <Eye className="h-4 w-4" aria-hidden="true" />
        {t("studio.actions.preview")}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="card fixed left-1/2 top-1/2 z-50 max-h-[94vh] w-[min(60rem,96vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto p-4 sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="break-all text-lg font-semibold">
              {t("studio.previewTitle", { name: file.fileName })}
            </Dialog.Title>
            <Dialog.Close
              className="btn-ghost -mr-2 -mt-1 px-2"
              aria-label={t("studio.actions.closePreview")}
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{file.fileName}</Dialog.Description>
          <PreviewBody file={file} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
