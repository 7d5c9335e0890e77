import { FileAudio, FileBox, FileImage, FileText, FileVideo, PenTool } from "lucide-react";
import { useState } from "react";
import type { MediaKind } from "~/modules/media/media-kind";

const icons: Record<MediaKind, typeof FileImage> = {
  image: FileImage,
  video: FileVideo,
  audio: FileAudio,
  document: FileText,
  vector: PenTool,
  model: FileBox,
};

/** An upload's thumbnail, or its kind's icon while there is none (or it fails to load). */
export function MediaThumbnail({
  uploadId,
  kind,
  available,
  className = "h-14 w-14",
}: {
  uploadId: string;
  kind: MediaKind;
  available: boolean;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const Icon = icons[kind];
  if (!available || broken) {
    return (
      <span
        className={`${className} flex shrink-0 items-center justify-center rounded-md bg-surface-2 text-muted`}
      >
        <Icon className="h-1/2 w-1/2" aria-hidden="true" />
      </span>
    );
  }
  return (
    <img
      src={`/media/${uploadId}/thumbnail`}
      alt=""
      loading="lazy"
      onError={() => setBroken(true)}
      className={`${className} shrink-0 rounded-md object-cover`}
    />
  );
}
