import type { MetaDescriptor } from "react-router";
import { getT } from "../i18n/i18n";
import { localizedPath, locales, type Locale } from "../i18n/locale";
import { derivedFileUrl } from "../media/media-cache";
import type { ProductPage } from "./product-page.server";

/** The product page's title, description, Open Graph tags, canonical and language alternates. */
export function productMeta(page: ProductPage, locale: Locale, pathname: string): MetaDescriptor[] {
  const t = getT(locale);
  const { product, origin } = page;
  const title = product.title.trim() || t("catalogue.card.untitled");
  const author = product.storeName ?? t("catalogue.card.anonymousShop");
  const description =
    product.description.trim().slice(0, 160) ||
    t("catalogue.meta.productDescription", { kind: t(`categories.${product.kind}`), author });
  const image = ogImage(product.files);
  const tags: MetaDescriptor[] = [
    { title: t("catalogue.meta.productTitle", { title }) },
    { name: "description", content: description },
    { property: "og:type", content: "product" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}${pathname}` },
    { property: "og:locale", content: locale === "fr" ? "fr_FR" : "en_GB" },
    { tagName: "link", rel: "canonical", href: `${origin}${pathname}` },
    ...locales.map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate,
      href: `${origin}${localizedPath(pathname, alternate)}`,
    })),
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: `${origin}${localizedPath(pathname, "fr")}`,
    },
  ];
  if (image) {
    tags.push({ property: "og:image", content: `${origin}${image}` });
    tags.push({ name: "twitter:card", content: "summary_large_image" });
  }
  return tags;
}

/** The watermarked picture search engines and link previews may show (never the original). */
function ogImage(files: ProductPage["product"]["files"]): string | null {
  for (const file of files) {
    for (const variant of ["preview", "poster", "thumbnail"] as const) {
      if (file.derivatives.includes(variant)) {
        return derivedFileUrl(file.id, variant, file.versions[variant]);
      }
    }
  }
  return null;
}

/** schema.org Product with one offer per licence, for search engines. */
export function productStructuredData(page: ProductPage, locale: Locale, url: string) {
  const { product, licences, origin } = page;
  const image = ogImage(product.files);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title || "Untitled",
    description: product.description || undefined,
    sku: product.id,
    category: product.kind,
    image: image ? `${origin}${image}` : undefined,
    keywords: product.tags.join(", ") || undefined,
    brand: product.storeName ? { "@type": "Brand", name: product.storeName } : undefined,
    inLanguage: locale,
    offers: licences.map((licence) => ({
      "@type": "Offer",
      name: licence.name,
      description: licence.description,
      price: (licence.lineCents / 100).toFixed(2),
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
      url,
      license: `${origin}/${locale}/licenses#${licence.id}`,
    })),
  };
}
