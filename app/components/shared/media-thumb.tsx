import { Box, FileText, Film, Image as ImageIcon, Music, PenTool } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { MediaKind } from "~/modules/media/media-kind";
import type { FileTile } from "~/modules/studio/submission-view";

const icons: Record<MediaKind, typeof Film> = {
  image: ImageIcon,
  video: Film,
  audio: Music,
  document: FileText,
  vector: PenTool,
  model: Box,
};

/** The media route's address of a file's picture (served once the media worker made it). */
export function mediaUrl(uploadId: string, variant: string): string {
  return `/media/${uploadId}/${variant}`;
}

/**
 * A file's thumbnail, or the icon of its kind while there is none (not made yet, audio, or the
 * media route failing). Decorative: the file or content it stands for is named beside it.
 */
export function MediaThumb({
  file,
  className = "h-16 w-16",
}: {
  file: FileTile | null;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // An error that happened before hydration fired no React handler: look at the image itself.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  const Icon = icons[file?.media ?? "image"];
  return (
    <span
      className={`relative flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-surface-2 text-muted ${className}`}
    >
      {file?.picture && !failed ? (
        <img
          ref={image}
          src={mediaUrl(file.id, file.picture)}
          alt=""
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : (
        <Icon className="h-1/2 max-h-8 w-1/2 max-w-8" aria-hidden="true" />
      )}
    </span>
  );
}
