import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ModerationFile } from "~/modules/admin/moderation.server";

/** The admin-only address of a file's original (app/routes/admin-original.ts). */
export const originalUrl = (uploadId: string) => `/admin/originals/${uploadId}`;

/**
 * The original of a file under review: images and documents open full size in a new tab, videos
 * and audio play here, from the original (not the watermarked clip), once asked for.
 */
export function OriginalViewer({ file }: { file: ModerationFile }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const label = t("admin.moderation.openOriginal", { name: file.fileName });
  if (file.original === "image" || file.original === "document")
    return (
      <a
        href={originalUrl(file.id)}
        target="_blank"
        rel="noreferrer"
        className="text-xs font-medium text-accent underline"
      >
        {label}
      </a>
    );
  if (!playing)
    return (
      <button
        type="button"
        className="text-left text-xs font-medium text-accent underline"
        onClick={() => setPlaying(true)}
      >
        {label}
      </button>
    );
  const title = t("admin.moderation.originalOf", { name: file.fileName });
  // A seller's original comes without captions; the admin judges the file as it is.
  return file.original === "video" ? (
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      src={originalUrl(file.id)}
      controls
      autoPlay
      preload="metadata"
      className="mt-2 w-full rounded-lg bg-black"
      aria-label={title}
    />
  ) : (
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <audio
      src={originalUrl(file.id)}
      controls
      autoPlay
      className="mt-2 w-full"
      aria-label={title}
    />
  );
}
