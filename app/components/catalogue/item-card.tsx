import {
  Camera,
  Clapperboard,
  FileText,
  Heart,
  Download,
  Music,
  Palette,
  PenTool,
} from "lucide-react";
import { useState } from "react";
import { preload } from "react-dom";
import { inLocale, shownLocale } from "~/modules/i18n/bilingual-text";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CatalogueCard } from "~/modules/catalogue/catalogue.server";
import { derivedFileUrl } from "~/modules/media/media-cache";
import { formatMoney, formatNumber } from "~/modules/i18n/i18n";
import { srcSet } from "~/modules/media/responsive-images";
import type { Locale } from "~/modules/i18n/locale";
import { SaveToCollection } from "../collections/save-to-collection";
import { CardPreview } from "./card-preview";
import { localePath } from "../use-locale";

export const kindIcons = {
  photo: Camera,
  video: Clapperboard,
  audio: Music,
  illustration: Palette,
  ebook: FileText,
  vector: PenTool,
} as const;

/** How wide a card's picture shows: one column on phones, up to four on wide screens. */
const cardSizes = {
  grid: "(min-width: 1280px) 19rem, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
  list: "(min-width: 640px) 10rem, 8rem",
};

/**
 * The picture of a card, or the kind's placeholder when there is none or it fails to load.
 * WebP copies by width when the upload has them (older ones have only the JPEG); width and
 * height give the box its 4:3 shape before the image arrives. The first card of a results page
 * is its likely largest paint on a phone: fetched at once, with high priority, and preloaded.
 */
function CardPicture({
  card,
  className,
  layout,
  first,
}: {
  card: CatalogueCard;
  className: string;
  layout: "grid" | "list";
  first: boolean;
}) {
  const [broken, setBroken] = useState(false);
  const Icon = kindIcons[card.kind];
  if (!card.picture || broken) {
    return (
      <div
        className={`${className} flex items-center justify-center bg-surface-2 text-muted`}
        data-testid="card-placeholder"
      >
        <Icon className="h-10 w-10" aria-hidden="true" />
      </div>
    );
  }
  const { uploadId, variant, version, webp } = card.picture;
  const webpSet = webp.length > 0 ? srcSet(uploadId, webp) : undefined;
  const sizes = cardSizes[layout];
  if (first && webpSet) {
    preload(`/media/${uploadId}/${webp[0]}`, {
      as: "image",
      type: "image/webp",
      imageSrcSet: webpSet,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture>
      {webpSet ? <source type="image/webp" srcSet={webpSet} sizes={sizes} /> : null}
      <img
        src={derivedFileUrl(uploadId, variant, version)}
        alt=""
        width={400}
        height={300}
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : undefined}
        decoding="async"
        onError={() => setBroken(true)}
        className={`${className} object-cover`}
      />
    </picture>
  );
}

/** A marketplace card (docs/product.md, "Pages and navigation"): badge, price or 'Gratuit', author, real counts. */
export function ItemCard({
  card,
  locale,
  layout = "grid",
  first = false,
}: {
  card: CatalogueCard;
  locale: Locale;
  layout?: "grid" | "list";
  /** The first card of a page's main results: its picture is fetched first. */
  first?: boolean;
}) {
  const { t } = useTranslation();
  const title = inLocale(card.title, locale).trim() || t("catalogue.card.untitled");
  // A title shown in the other language says so, for screen readers (decision 0049).
  const titleLang = shownLocale(card.title, locale);
  const author = card.storeName ?? t("catalogue.card.anonymousShop");
  const free = !card.priceCents;
  const list = layout === "list";
  return (
    <article
      className={`card group relative overflow-hidden ${list ? "flex gap-4 p-3" : "flex flex-col"}`}
      data-testid="item-card"
    >
      <div className={`relative ${list ? "w-32 shrink-0 sm:w-40" : ""}`}>
        <CardPicture
          card={card}
          layout={layout}
          first={first}
          className={list ? "aspect-[4/3] w-full rounded-md" : "aspect-[4/3] w-full"}
        />
        {card.preview ? <CardPreview preview={card.preview} title={title} /> : null}
        <span className="absolute top-2 left-2 rounded bg-black/75 px-2 py-0.5 text-xs font-semibold tracking-wide text-white">
          {t(`catalogue.card.badges.${card.kind}`)}
        </span>
      </div>
      <div className={`flex min-w-0 flex-1 flex-col gap-1 ${list ? "pr-10" : "p-4"}`}>
        <h3 className="truncate font-semibold" lang={titleLang === locale ? undefined : titleLang}>
          <Link
            to={localePath(locale, `/product/${card.id}`)}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {title}
          </Link>
        </h3>
        <p className="relative z-10 truncate text-sm text-muted">
          {card.storeName ? (
            <Link to={localePath(locale, `/creator/${card.creatorId}`)} className="hover:underline">
              {author}
            </Link>
          ) : (
            author
          )}
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <span className="font-semibold" data-testid="card-price">
            {free ? t("catalogue.card.free") : formatMoney(locale, card.priceCents ?? 0)}
          </span>
          <span className="flex items-center gap-3 text-xs text-muted">
            <span
              className="flex items-center gap-1"
              title={t("catalogue.card.likes", { count: card.likes })}
            >
              <Heart className="h-3.5 w-3.5" aria-hidden="true" />
              <span className="sr-only">{t("catalogue.card.likes", { count: card.likes })}</span>
              <span aria-hidden="true">{formatNumber(locale, card.likes)}</span>
            </span>
            <span
              className="flex items-center gap-1"
              title={t("catalogue.card.downloads", { count: card.downloads })}
            >
              <Download className="h-3.5 w-3.5" aria-hidden="true" />
              <span className="sr-only">
                {t("catalogue.card.downloads", { count: card.downloads })}
              </span>
              <span aria-hidden="true">{formatNumber(locale, card.downloads)}</span>
            </span>
          </span>
        </div>
      </div>
      {/* After the title in reading order (the card's first link is the product), shown over
          the picture's corner. */}
      <span className="absolute top-2 right-2 z-10">
        <SaveToCollection submissionId={card.id} title={title} compact />
      </span>
    </article>
  );
}

export function ItemGrid({
  items,
  locale,
  layout = "grid",
  leading = false,
}: {
  items: CatalogueCard[];
  locale: Locale;
  layout?: "grid" | "list";
  /** The grid opens the page (marketplace, creator): its first picture is the likely largest paint. */
  leading?: boolean;
}) {
  return (
    <ul
      className={
        layout === "list"
          ? "flex flex-col gap-3"
          : "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      }
    >
      {items.map((card, index) => (
        <li key={card.id}>
          <ItemCard card={card} locale={locale} layout={layout} first={leading && index === 0} />
        </li>
      ))}
    </ul>
  );
}
