import { Maximize, Minus, Plus, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatPercent } from "~/modules/i18n/i18n";
import { useLocale } from "../use-locale";

const minScale = 1;
const maxScale = 4;
/** How far one arrow key moves the picture, in CSS pixels. */
const panStep = 60;

type View = { scale: number; x: number; y: number };
const fitted: View = { scale: 1, x: 0, y: 0 };

function clampScale(scale: number): number {
  return Math.min(maxScale, Math.max(minScale, Math.round(scale * 100) / 100));
}

/**
 * The enlarged watermarked still (`PreviewZoom`): fitted to the screen first, then zoomed in
 * up to 4× with the buttons, + and − keys or the wheel, moved by dragging or the arrow keys.
 * A Radix dialog: focus stays inside, Escape closes, the page behind is inert.
 */
export function ZoomDialog({
  src,
  title,
  onClose,
  onFocusBack,
}: {
  src: string;
  title: string;
  onClose: () => void;
  onFocusBack: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [view, setView] = useState<View>(fitted);
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);

  function zoomBy(factor: number) {
    setView((current) => {
      const scale = clampScale(current.scale * factor);
      // Back at the fitted size, the picture returns to the centre.
      return scale === minScale ? fitted : { ...current, scale };
    });
  }

  function panBy(dx: number, dy: number) {
    setView((current) =>
      current.scale === minScale ? current : { ...current, x: current.x + dx, y: current.y + dy },
    );
  }

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [panStep, 0],
      ArrowRight: [-panStep, 0],
      ArrowUp: [0, panStep],
      ArrowDown: [0, -panStep],
    };
    const move = moves[event.key];
    if (move) panBy(...move);
    else if (event.key === "+" || event.key === "=") zoomBy(1.5);
    else if (event.key === "-" || event.key === "_") zoomBy(1 / 1.5);
    else if (event.key === "0") setView(fitted);
    else return;
    event.preventDefault();
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (view.scale === minScale) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    panBy(event.clientX - start.x, event.clientY - start.y);
    drag.current = { ...start, x: event.clientX, y: event.clientY };
  }

  function onWheel(event: WheelEvent) {
    zoomBy(event.deltaY < 0 ? 1.25 : 1 / 1.25);
  }

  const percent = formatPercent(locale, view.scale * 100, 0);
  const tool =
    "inline-flex h-10 min-w-10 items-center justify-center gap-2 rounded-full bg-white/15 px-3 text-sm text-white hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40";
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-neutral-950" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col text-white"
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            // Runs once the dialog is gone: focus goes back to the button that opened it.
            event.preventDefault();
            onFocusBack();
          }}
          data-testid="zoom-dialog"
        >
          <div className="flex flex-wrap items-center gap-2 p-3">
            <div className="mr-auto min-w-0">
              <Dialog.Title className="truncate font-semibold">
                {t("catalogue.product.zoomTitle", { title })}
              </Dialog.Title>
              <Dialog.Description className="text-xs text-white/75">
                {t("catalogue.product.zoomHelp")}
              </Dialog.Description>
            </div>
            <button
              type="button"
              className={tool}
              onClick={() => zoomBy(1 / 1.5)}
              disabled={view.scale <= minScale}
              aria-label={t("catalogue.product.zoomOut")}
            >
              <Minus className="h-4 w-4" aria-hidden="true" />
            </button>
            <output
              className="w-16 text-center text-sm tabular-nums"
              aria-live="polite"
              data-testid="zoom-level"
            >
              <span className="sr-only">{t("catalogue.product.zoomLevel", { percent })}</span>
              <span aria-hidden="true">{percent}</span>
            </output>
            <button
              type="button"
              className={tool}
              onClick={() => zoomBy(1.5)}
              disabled={view.scale >= maxScale}
              aria-label={t("catalogue.product.zoomIn")}
              data-testid="zoom-in"
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={tool}
              onClick={() => setView(fitted)}
              aria-label={t("catalogue.product.zoomReset")}
            >
              <Maximize className="h-4 w-4" aria-hidden="true" />
            </button>
            <Dialog.Close className={tool} aria-label={t("catalogue.product.zoomClose")}>
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {/* Dragging is the pointer's way to pan; the keyboard's are the arrow keys above. */}
          <div
            className={`relative flex min-h-0 flex-1 touch-none items-center justify-center overflow-hidden select-none ${view.scale > minScale ? "cursor-grab active:cursor-grabbing" : "cursor-zoom-in"}`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            onWheel={onWheel}
            onDoubleClick={() => (view.scale === minScale ? zoomBy(2) : setView(fitted))}
            role="presentation"
          >
            <img
              src={src}
              alt={title}
              draggable={false}
              className="max-h-full max-w-full object-contain motion-safe:transition-transform motion-safe:duration-100"
              style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
              data-testid="zoom-image"
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
