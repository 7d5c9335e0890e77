import { Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CatalogueCard } from "~/modules/catalogue/catalogue.server";
import { derivedFileUrl } from "~/modules/media/media-cache";

type Preview = NonNullable<CatalogueCard["preview"]>;

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * A card's watermarked preview, played in place: a video's clip muted over its picture while
 * the pointer is on the card or focus is in it (unless the reader asked for reduced motion),
 * and, on every device, from the play button in the picture's corner (a tap on a phone, Enter
 * or Space on a keyboard). An audio preview plays from the button only: browsers refuse sound
 * that starts without a click. The media element exists only while it plays, so a grid
 * fetches no media until then, and it lies over the picture's box, so nothing moves.
 */
export function CardPreview({ preview, title }: { preview: Preview; title: string }) {
  const { t } = useTranslation();
  const anchor = useRef<HTMLSpanElement>(null);
  const [playing, setPlaying] = useState(false);
  const video = preview.variant === "clip";

  useEffect(() => {
    const card = anchor.current?.closest("article");
    if (!card || !video) return;
    const start = () => {
      if (!prefersReducedMotion()) setPlaying(true);
    };
    const stop = () => setPlaying(false);
    const onPointerEnter = (event: PointerEvent) => {
      // A touch has no hover: the button is the way to play there.
      if (event.pointerType === "mouse") start();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!card.contains(event.relatedTarget as Node | null)) stop();
    };
    card.addEventListener("pointerenter", onPointerEnter);
    card.addEventListener("pointerleave", stop);
    // Focus from the keyboard only: a tap focuses the button too, and its click decides.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target.matches(":focus-visible")) start();
    };
    card.addEventListener("focusin", onFocusIn);
    card.addEventListener("focusout", onFocusOut);
    return () => {
      card.removeEventListener("pointerenter", onPointerEnter);
      card.removeEventListener("pointerleave", stop);
      card.removeEventListener("focusin", onFocusIn);
      card.removeEventListener("focusout", onFocusOut);
    };
  }, [video]);

  const src = derivedFileUrl(preview.uploadId, preview.variant, preview.version);
  const Icon = playing ? Pause : Play;
  return (
    <span ref={anchor}>
      {playing && video ? (
        // Muted and decorative here (the picture's stand-in); its button names it.
        <video
          src={src}
          className="pointer-events-none absolute inset-0 h-full w-full bg-black object-cover"
          muted
          loop
          autoPlay
          playsInline
          aria-hidden="true"
          data-testid="card-preview-video"
          onError={() => setPlaying(false)}
        />
      ) : null}
      {playing && !video ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          src={src}
          autoPlay
          data-testid="card-preview-audio"
          onEnded={() => setPlaying(false)}
          onError={() => setPlaying(false)}
        />
      ) : null}
      <button
        type="button"
        className="absolute bottom-2 left-2 z-10 inline-flex h-9 w-9 items-center justify-center rounded-full bg-black/75 text-white shadow hover:bg-black/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        aria-label={t("catalogue.card.playPreview", { title })}
        aria-pressed={playing}
        onClick={() => setPlaying((value) => !value)}
        data-testid="card-preview-button"
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
      </button>
    </span>
  );
}
