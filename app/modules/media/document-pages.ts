// An ebook's first pages, rendered as watermarked previews (decision record 0058). Shared by the
// pipeline, which writes them, and the product page's viewer, which shows them. Page 1 is the
// PDF's own `preview`; the pages after it have a derivative each.

/** How many pages of a PDF are rendered for buyers to look through. */
export const maxPreviewPages = 5;

/** The derivatives of pages 2 to `maxPreviewPages`. */
export const pageVariants = ["page-2", "page-3", "page-4", "page-5"] as const;
export type PageVariant = (typeof pageVariants)[number];

/** The derivative that shows page `page` (1-based) of a PDF. */
export function pageVariant(page: number): "preview" | PageVariant {
  if (page === 1) return "preview";
  const variant = `page-${page}`;
  if (!(pageVariants as readonly string[]).includes(variant))
    throw new Error(`no preview for page ${page}`);
  return variant as PageVariant;
}

/**
 * The rendered pages a file has, in order (each with its derivative and version), from its
 * derivatives' versions: page 1 is its preview, then page 2, 3… while they exist.
 */
export function renderedPages(
  versions: Partial<Record<string, string>>,
): Array<{ page: number; variant: string; version: string }> {
  const pages: Array<{ page: number; variant: string; version: string }> = [];
  for (let page = 1; page <= maxPreviewPages; page++) {
    const variant = pageVariant(page);
    const version = versions[variant];
    if (!version) break;
    pages.push({ page, variant, version });
  }
  return pages;
}
