import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { useTranslation } from "react-i18next";
import type { ProductFile } from "~/modules/catalogue/catalogue.server";
import { derivedFileUrl } from "~/modules/media/media-cache";
import { Waveform } from "../studio/waveform";
import { EbookPages } from "./ebook-pages";
import { PreviewZoom } from "./preview-zoom";
import { kindIcons } from "./item-card";
import type { CatalogueKind } from "~/modules/catalogue/catalogue-query";
import { srcSet, stillVariants } from "~/modules/media/responsive-images";

/** docs/product.md, "Media previews": up to 3 retries, 800 ms plus 400 ms per earlier attempt, then the error state. */
export const videoRetry = { attempts: 3, delayMs: (attempt: number) => 800 + 400 * attempt };
/** docs/product.md, "Media previews": audio retries 3 times 1.5 s apart on phones, 2 times 1 s apart elsewhere. */
export const audioRetry = {
  mobile: { attempts: 3, delayMs: 1500 },
  desktop: { attempts: 2, delayMs: 1000 },
};

function isMobile(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(pointer: coarse)").matches;
}

/** A media element that reloads itself after an error, a bounded number of times. */
function useRetry(rule: () => { attempts: number; delayMs: (attempt: number) => number }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    /** Changes on every retry: used as the element's key so it reloads. */
    key: attempt,
    failed,
    onError(unsupported = false) {
      const { attempts, delayMs } = rule();
      if (unsupported || attempt >= attempts) {
        setFailed(true);
        return;
      }
      timer.current = setTimeout(() => setAttempt((value) => value + 1), delayMs(attempt));
    },
    restart() {
      setFailed(false);
      setAttempt(0);
    },
  };
}

function VideoPlayer({ file, title }: { file: ProductFile; title: string }) {
  const { t } = useTranslation();
  const retry = useRetry(() => videoRetry);
  if (!file.derivatives.includes("clip")) {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 bg-surface-2 text-muted">
        {file.derivatives.includes("poster") ? (
          <img
            src={derivedFileUrl(file.id, "poster", file.versions.poster)}
            alt=""
            className="max-h-64 opacity-60"
          />
        ) : null}
        <p role="status">{t("catalogue.product.videoProcessing")}</p>
      </div>
    );
  }
  if (retry.failed) {
    return (
      <div
        className="flex aspect-video w-full flex-col items-center justify-center gap-3 bg-surface-2"
        role="alert"
      >
        <p className="font-semibold">{t("catalogue.product.playbackError")}</p>
        <button type="button" className="btn-secondary" onClick={retry.restart}>
          {t("catalogue.product.retry")}
        </button>
      </div>
    );
  }
  const poster = file.derivatives.includes("poster")
    ? derivedFileUrl(file.id, "poster", file.versions.poster)
    : undefined;
  // The poster is what a video product's page paints first and largest.
  if (poster) preload(poster, { as: "image", fetchPriority: "high" });
  return (
    // Previews are short watermarked clips; sellers provide no caption tracks.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      key={retry.key}
      className="aspect-video w-full bg-black"
      controls
      playsInline
      preload="metadata"
      poster={poster}
      aria-label={t("catalogue.product.previewAlt", { title })}
      data-testid="product-video"
      onError={(event) => {
        const code = event.currentTarget.error?.code;
        // MEDIA_ERR_SRC_NOT_SUPPORTED goes straight to the error state (docs/product.md, "Media previews").
        retry.onError(code === 4 && retry.key >= 1);
      }}
    >
      <source src={derivedFileUrl(file.id, "clip", file.versions.clip)} type="video/mp4" />
    </video>
  );
}

function AudioPlayer({ file, title }: { file: ProductFile; title: string }) {
  const { t } = useTranslation();
  const retry = useRetry(() => {
    const rule = isMobile() ? audioRetry.mobile : audioRetry.desktop;
    return { attempts: rule.attempts, delayMs: () => rule.delayMs };
  });
  if (!file.derivatives.includes("audio")) {
    return (
      <div className="flex h-40 w-full items-center justify-center bg-surface-2 text-muted">
        <p role="status">{t("catalogue.product.videoProcessing")}</p>
      </div>
    );
  }
  return (
    <div className="flex w-full flex-col gap-4 bg-surface-2 p-6">
      <Waveform peaks={file.metadata.waveform ?? []} className="h-28 w-full" />
      {retry.failed ? (
        <div role="alert" className="flex flex-col items-center gap-2 text-center">
          <p className="font-semibold">{t("catalogue.product.audioErrorTitle")}</p>
          <p className="text-muted">{t("catalogue.product.audioErrorText")}</p>
          <button type="button" className="btn-secondary" onClick={retry.restart}>
            {t("catalogue.product.retry")}
          </button>
        </div>
      ) : (
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          key={retry.key}
          controls
          preload="metadata"
          className="w-full"
          aria-label={t("catalogue.product.previewAlt", { title })}
          data-testid="product-audio"
          src={derivedFileUrl(file.id, "audio", file.versions.audio)}
          onError={() => retry.onError()}
        />
      )}
    </div>
  );
}

/** The watermarked preview, then the thumbnail, then the kind's placeholder. */
function ImagePreview({
  file,
  title,
  kind,
}: {
  file: ProductFile | null;
  title: string;
  kind: CatalogueKind;
}) {
  const { t } = useTranslation();
  const sources = file
    ? (["preview", "thumbnail", "poster"] as const).filter((name) =>
        file.derivatives.includes(name),
      )
    : [];
  const [index, setIndex] = useState(0);
  const Icon = kindIcons[kind];
  const source = sources[index];
  if (!file || !source) {
    const processing = file && (file.processing === "queued" || file.processing === "processing");
    return (
      <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-3 bg-surface-2 text-muted">
        <Icon className="h-16 w-16" aria-hidden="true" />
        {processing ? <p role="status">{t("catalogue.product.watermarkProcessing")}</p> : null}
      </div>
    );
  }
  // The WebP copies are of the watermarked still: offered while the still is what is shown.
  const webp =
    source === "thumbnail" ? [] : stillVariants.filter((name) => file.derivatives.includes(name));
  const webpSet = webp.length > 0 ? srcSet(file.id, webp) : undefined;
  const size = stillSize(file.metadata, source === "thumbnail" ? thumbnailBox : previewBox);
  // The page's largest paint: fetched first, announced in the head before any script.
  if (index === 0) {
    preload(
      webpSet
        ? `/media/${file.id}/${webp[0]}`
        : derivedFileUrl(file.id, source, file.versions[source]),
      {
        as: "image",
        ...(webpSet ? { type: "image/webp", imageSrcSet: webpSet, imageSizes: previewSizes } : {}),
        fetchPriority: "high",
      },
    );
  }
  const picture = (
    <picture>
      {webpSet ? <source type="image/webp" srcSet={webpSet} sizes={previewSizes} /> : null}
      <img
        src={derivedFileUrl(file.id, source, file.versions[source])}
        alt={t("catalogue.product.previewAlt", { title })}
        {...size}
        fetchPriority="high"
        className="max-h-[70vh] w-full bg-surface-2 object-contain"
        data-testid="product-preview"
        onError={() => setIndex((value) => value + 1)}
      />
    </picture>
  );
  // Only the watermarked still is worth enlarging: a thumbnail is too small to zoom into.
  if (source !== "preview") return picture;
  return (
    <div className="relative">
      {picture}
      <PreviewZoom src={derivedFileUrl(file.id, "preview", file.versions.preview)} title={title} />
    </div>
  );
}

/** The product page's viewer: the page's main column on wide screens, the whole width on phones. */
const previewSizes = "(min-width: 1024px) 58vw, 100vw";
const previewBox = { width: 1280, height: 2560 };
const thumbnailBox = { width: 400, height: 400 };

/**
 * The displayed size of a still made from an image of the file's size (fitted in `box`, never
 * enlarged), so the page keeps its place before the image arrives; none when the size is unknown.
 */
function stillSize(
  metadata: ProductFile["metadata"],
  box: { width: number; height: number },
): { width?: number; height?: number } {
  if (!metadata.width || !metadata.height) return {};
  const scale = Math.min(1, box.width / metadata.width, box.height / metadata.height);
  return {
    width: Math.max(1, Math.round(metadata.width * scale)),
    height: Math.max(1, Math.round(metadata.height * scale)),
  };
}

/** The product page's viewer (docs/product.md, "Pages and navigation"): image, video or audio preview, an ebook's cover and pages, never the original. */
export function ProductMedia({
  kind,
  files,
  title,
}: {
  kind: CatalogueKind;
  files: ProductFile[];
  title: string;
}) {
  const originals = files.filter((file) => file.purpose === "original");
  const main = originals[0] ?? null;
  if (kind === "video" && main) return <VideoPlayer file={main} title={title} />;
  if (kind === "audio" && main) return <AudioPlayer file={main} title={title} />;
  if (kind === "ebook" && main) {
    // The cover first, then the book's rendered pages (decision record 0058).
    const cover = files.find((file) => file.purpose === "cover") ?? main;
    return (
      <>
        <ImagePreview file={cover} title={title} kind={kind} />
        <EbookPages book={main} title={title} />
      </>
    );
  }
  return <ImagePreview file={main} title={title} kind={kind} />;
}
