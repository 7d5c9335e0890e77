import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ProductFile } from "~/modules/catalogue/catalogue.server";
import { renderedPages } from "~/modules/media/document-pages";
import { derivedFileUrl } from "~/modules/media/media-cache";

/**
 * An ebook's first pages, rendered and watermarked by the media pipeline (decision record 0058),
 * one at a time: previous and next buttons, a button per page, and the arrow, Home and End keys
 * on any of those buttons. Nothing when the PDF has no rendered page (yet).
 */
export function EbookPages({ book, title }: { book: ProductFile; title: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const pages = renderedPages(book.versions);
  const [index, setIndex] = useState(0);
  const shown = pages[index];
  if (!shown) return null;
  const last = pages.length - 1;
  const go = (next: number) => setIndex(Math.min(last, Math.max(0, next)));

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    go(next);
  }

  const position = t("catalogue.ebook.pageOf", { page: shown.page, count: pages.length });
  return (
    <section
      aria-labelledby={headingId}
      className="border-t border-border p-4"
      data-testid="ebook-pages"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t("catalogue.ebook.title")}
        </h2>
        <p className="text-sm text-muted">{t("catalogue.ebook.hint")}</p>
      </div>
      <figure className="mt-3">
        <img
          key={shown.variant}
          src={derivedFileUrl(book.id, shown.variant, shown.version)}
          alt={t("catalogue.ebook.pageAlt", { title, page: shown.page })}
          loading="lazy"
          className="mx-auto max-h-[70vh] w-auto rounded border border-border bg-white object-contain"
          data-testid="ebook-page"
        />
        <figcaption aria-live="polite" className="mt-2 text-center text-sm text-muted">
          {position}
        </figcaption>
      </figure>
      <div
        role="toolbar"
        aria-label={t("catalogue.ebook.pagesLabel")}
        className="mt-3 flex flex-wrap items-center justify-center gap-2"
        onKeyDown={onKeyDown}
      >
        <button
          type="button"
          className="btn-secondary aria-disabled:opacity-60"
          onClick={() => go(index - 1)}
          // aria-disabled rather than disabled: the button keeps the keyboard focus at the end.
          aria-disabled={index === 0}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          {t("catalogue.ebook.previous")}
        </button>
        {pages.map((page, position) => (
          <button
            key={page.variant}
            type="button"
            className={`h-9 min-w-9 rounded-md border px-2 text-sm ${
              position === index
                ? "border-accent bg-accent text-accent-fg"
                : "border-border hover:bg-surface-2"
            }`}
            aria-current={position === index ? "page" : undefined}
            aria-label={t("catalogue.ebook.goToPage", { page: page.page })}
            onClick={() => go(position)}
          >
            {page.page}
          </button>
        ))}
        <button
          type="button"
          className="btn-secondary aria-disabled:opacity-60"
          onClick={() => go(index + 1)}
          aria-disabled={index === last}
        >
          {t("catalogue.ebook.next")}
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
