import { ZoomIn } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

// The dialog (Radix) and its pan and zoom are fetched when first wanted: the product page has a
// JavaScript budget (decision record 0048), and most visits never zoom.
const loadDialog = () => import("./preview-zoom-dialog");
const ZoomDialog = lazy(() => loadDialog().then((module) => ({ default: module.ZoomDialog })));

/**
 * 'Agrandir l'aperçu': a button over the product's picture that opens the largest watermarked
 * still (the `preview` derivative, never the original) in a dialog to zoom and pan in. Escape
 * closes it and focus comes back to this button.
 */
export function PreviewZoom({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="absolute right-3 bottom-3 inline-flex items-center gap-2 rounded-full bg-black/70 px-3 py-2 text-sm font-medium text-white shadow hover:bg-black/85 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="zoom-open"
      >
        <ZoomIn className="h-4 w-4" aria-hidden="true" />
        {t("catalogue.product.zoomOpen")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ZoomDialog
            src={src}
            title={title}
            onClose={() => setOpen(false)}
            onFocusBack={() => button.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
