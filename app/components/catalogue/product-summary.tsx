import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localePath, useLocale } from "~/components/use-locale";
import type { ProductPage } from "~/modules/catalogue/product-page.server";

/**
 * The product's words: kind, title, creator, counts, description and tags (each a search). A
 * text shown in the other language than the page's carries its `lang`.
 */
export function ProductSummary({ product }: { product: ProductPage["product"] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const author = product.storeName ?? t("catalogue.card.anonymousShop");
  return (
    <>
      <div>
        <span className="text-xs font-semibold tracking-wide text-muted">
          {t(`catalogue.card.badges.${product.kind}`)}
        </span>
        <h1
          className="mt-1 text-3xl font-semibold break-words"
          lang={product.titleLang === locale ? undefined : product.titleLang}
        >
          {product.title.trim() || t("catalogue.card.untitled")}
        </h1>
        <p className="mt-2 text-muted">
          {t("catalogue.product.by")}{" "}
          {product.storeName ? (
            <Link
              to={localePath(locale, `/creator/${product.creatorId}`)}
              className="font-medium text-fg underline"
            >
              {author}
            </Link>
          ) : (
            author
          )}
        </p>
        <p className="mt-2 flex gap-4 text-sm text-muted">
          <span data-testid="product-likes">
            {t("catalogue.product.likes", { count: product.likes })}
          </span>
          <span>{t("catalogue.product.downloads", { count: product.downloads })}</span>
        </p>
      </div>
      {product.description ? (
        <section aria-labelledby="description-title">
          <h2 id="description-title" className="sr-only">
            {t("catalogue.product.description")}
          </h2>
          <p
            className="whitespace-pre-line"
            lang={product.descriptionLang === locale ? undefined : product.descriptionLang}
          >
            {product.description}
          </p>
        </section>
      ) : null}
      {product.tags.length > 0 ? (
        <section aria-labelledby="tags-title">
          <h2 id="tags-title" className="text-sm font-semibold">
            {t("catalogue.product.tags")}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {product.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={`${localePath(locale, "/marketplace")}?q=${encodeURIComponent(tag)}`}
                  aria-label={t("catalogue.product.searchTag", { tag })}
                  className="rounded-full bg-surface-2 px-3 py-1 text-sm hover:bg-accent-soft"
                >
                  #{tag}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
