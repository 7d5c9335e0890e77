import { BadgeCheck, Download, Heart, Share2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  redirect,
  useFetcher,
  useNavigation,
  useRouteError,
  type MetaDescriptor,
} from "react-router";
import { toast } from "~/components/shell/toasts";
import { signInPath } from "~/components/auth/sign-in-path";
import { ItemGrid } from "~/components/catalogue/item-card";
import { SaveToCollection } from "~/components/collections/save-to-collection";
import { ProductMedia } from "~/components/catalogue/product-media";
import { RequestRefused } from "~/components/request-refused";
import { localePath, useLocale } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import {
  CatalogueError,
  getProduct,
  isFeatured,
  setFeatured,
  setLike,
} from "~/modules/catalogue/catalogue.server";
import { catalogueCache } from "~/modules/catalogue/catalogue-cache.server";
import { inLocale, shownLocale, tagsInLocale } from "~/modules/i18n/bilingual-text";
import { getT, formatBytes, formatMoney, formatNumber } from "~/modules/i18n/i18n";
import { isLocale, localizedPath, locales, type Locale } from "~/modules/i18n/locale";
import { formatDuration } from "~/modules/i18n/format-media";
import { derivedFileUrl } from "~/modules/media/media-cache";
import { setFlash } from "~/modules/http/flash.server";
import { readForm } from "~/modules/http/read-form.server";
import { isRequestRefusal } from "~/modules/http/request-refusal";
import { getViewer } from "~/modules/http/request-context.server";
import { licenceView, listLicences } from "~/modules/pricing/licences.server";
import { linePriceCents } from "~/modules/pricing/pricing";
import { CreditDownloadForms } from "~/components/credits/credit-download-forms";
import { creditDownloadState } from "~/modules/credits/overview.server";
import { ownedLicences } from "~/modules/commerce/ownership.server";
import { originalsOf } from "~/modules/commerce/orders.server";
import type { Route } from "./+types/product";

type ProductFailure = "notFound" | "missingId" | "loadError";

function fail(reason: ProductFailure, status: number): never {
  throw data({ reason }, { status });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : "fr";
  const id = "id" in params ? params.id : undefined;
  if (!id) fail("missingId", 404);
  const { db, env, events } = await services();
  const viewer = await getViewer(context);
  const catalogue = catalogueCache(db, events);
  try {
    // A signed-in viewer's page says whether they liked the item: never from the shared cache.
    const product = viewer
      ? await getProduct(db, viewer, id)
      : await catalogue.anonymousProduct(id);
    if (!product) fail("notFound", 404);
    const [licenceRows, related, credits, featured, owned] = await Promise.all([
      listLicences(db),
      catalogue.relatedItems(product),
      creditDownloadState(db, viewer?.id ?? null, product.kind),
      // Only admins learn whether an item is pinned, and only they see the control.
      viewer?.role === "admin" ? isFeatured(db, product.id) : null,
      viewer ? ownedLicences(db, viewer.id, [product.id]) : [],
    ]);
    // The licences the viewer holds: downloaded through the checking route, not bought again.
    const ownedFiles =
      owned.length > 0
        ? (await originalsOf(db, [product.id])).map((file) => ({
            id: file.id,
            fileName: file.fileName,
          }))
        : [];
    // The same rule as the cart's and the checkout's quotes (getProduct only finds items on sale).
    const licences = licenceRows.map((row) => ({
      ...licenceView(row, locale),
      lineCents: linePriceCents(product.priceCents, row.surchargeCents),
    }));
    return {
      // The page's language, the other one where the seller wrote only that (decision 0049).
      product: {
        ...product,
        title: inLocale(product.title, locale),
        description: inLocale(product.description, locale),
        tags: tagsInLocale(product.tags, locale),
        titleLang: shownLocale(product.title, locale),
        descriptionLang: shownLocale(product.description, locale),
      },
      licences,
      owned: owned.map((row) => ({
        licenceId: row.licenceId,
        name: licences.find((licence) => licence.id === row.licenceId)?.name ?? row.licenceId,
        certificateNumber: row.certificateNumber,
      })),
      ownedFiles,
      related,
      credits,
      origin: env.baseUrl,
      signedIn: Boolean(viewer),
      featured,
    };
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    if (
      error &&
      typeof error === "object" &&
      "type" in error &&
      error.type === "DataWithResponseInit"
    )
      throw error;
    fail("loadError", 500);
  }
}

/**
 * Like or unlike (works without JavaScript; visitors are sent to sign in); admins also pin the
 * item to the home page's featured row or unpin it. Anyone else asking to pin gets a 404.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : "fr";
  const id = "id" in params ? params.id : undefined;
  if (!id) fail("missingId", 404);
  const form = await readForm(request);
  const intent = form.get("intent");
  const { db, events } = await services();
  const viewer = await getViewer(context);
  if (intent === "feature" || intent === "unfeature") {
    try {
      await setFeatured(db, viewer, id, intent === "feature");
      events.publish({ type: "catalogue.touched", submissionId: id, change: "featured" });
    } catch (error) {
      if (error instanceof CatalogueError) fail("notFound", 404);
      throw error;
    }
    const headers = new Headers();
    await setFlash(headers, {
      kind: "success",
      key: intent === "feature" ? "catalogue.product.featured" : "catalogue.product.unfeatured",
    });
    throw redirect(localePath(locale, `/product/${id}`), { headers });
  }
  if (intent !== "like" && intent !== "unlike") throw data(null, { status: 400 });
  try {
    const result = await setLike(db, viewer, id, intent === "like");
    events.publish({ type: "catalogue.touched", submissionId: id, change: "liked" });
    return result;
  } catch (error) {
    if (error instanceof CatalogueError && error.code === "signInRequired") {
      const headers = new Headers();
      await setFlash(headers, { kind: "info", key: "catalogue.product.signInToLike" });
      throw redirect(signInPath(locale, localePath(locale, `/product/${id}`)), { headers });
    }
    if (error instanceof CatalogueError && error.code === "notFound") fail("notFound", 404);
    throw error;
  }
}

export function meta({ loaderData, location, params }: Route.MetaArgs): MetaDescriptor[] {
  const locale: Locale = isLocale(params.lang) ? params.lang : "fr";
  const t = getT(locale);
  if (!loaderData) {
    return [
      { title: `${t("catalogue.product.notFound")} — Vitrine` },
      { name: "robots", content: "noindex" },
    ];
  }
  const { product, origin } = loaderData;
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
    { property: "og:url", content: `${origin}${location.pathname}` },
    { property: "og:locale", content: locale === "fr" ? "fr_FR" : "en_GB" },
    { tagName: "link", rel: "canonical", href: `${origin}${location.pathname}` },
    ...locales.map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate,
      href: `${origin}${localizedPath(location.pathname, alternate)}`,
    })),
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: `${origin}${localizedPath(location.pathname, "fr")}`,
    },
  ];
  if (image) {
    tags.push({ property: "og:image", content: `${origin}${image}` });
    tags.push({ name: "twitter:card", content: "summary_large_image" });
  }
  return tags;
}

/** The watermarked picture search engines and link previews may show (never the original). */
function ogImage(files: Route.ComponentProps["loaderData"]["product"]["files"]): string | null {
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
function structuredData(
  loaderData: Route.ComponentProps["loaderData"],
  locale: Locale,
  url: string,
) {
  const { product, licences, origin } = loaderData;
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

function LikeButton({
  product,
  signedIn,
}: {
  product: Route.ComponentProps["loaderData"]["product"];
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const fetcher = useFetcher<{ liked: boolean; likes: number }>();
  const pendingIntent = fetcher.formData?.get("intent");
  const liked = pendingIntent ? pendingIntent === "like" : (fetcher.data?.liked ?? product.liked);
  const likes =
    fetcher.data && !pendingIntent
      ? fetcher.data.likes
      : product.likes + (liked === product.liked ? 0 : liked ? 1 : -1);
  const button = (
    <button
      type="submit"
      name="intent"
      value={liked ? "unlike" : "like"}
      aria-pressed={liked}
      className="btn-secondary"
      data-testid="like-button"
    >
      <Heart className={`h-4 w-4 ${liked ? "fill-current text-red-600" : ""}`} aria-hidden="true" />
      {t("catalogue.product.like")}
      <span className="tabular-nums" data-testid="like-count">
        {formatNumber(locale, likes)}
      </span>
    </button>
  );
  return signedIn ? (
    <fetcher.Form method="post">{button}</fetcher.Form>
  ) : (
    <Form method="post">{button}</Form>
  );
}

/** The admin's pin to the home page's featured row (a plain form: works without JavaScript). */
function FeatureControl({ featured }: { featured: boolean }) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-3"
    >
      <span className="text-sm text-muted">{t("catalogue.product.adminTools")}</span>
      <button
        type="submit"
        name="intent"
        value={featured ? "unfeature" : "feature"}
        className="btn-secondary"
      >
        {t(featured ? "catalogue.product.unfeature" : "catalogue.product.feature")}
      </button>
    </Form>
  );
}

function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn-secondary"
      onClick={async () => {
        const url = window.location.href;
        if (typeof navigator.share === "function") {
          try {
            await navigator.share({ title, url });
            return;
          } catch {
            // Cancelled or refused: fall back to copying the link.
          }
        }
        await navigator.clipboard?.writeText(url);
        toast.success(t("catalogue.product.linkCopied"));
      }}
    >
      <Share2 className="h-4 w-4" aria-hidden="true" />
      {t("catalogue.product.share")}
    </button>
  );
}

/** The licences the viewer already holds: their certificates and the item's files. */
function OwnedLicences({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { owned, ownedFiles } = loaderData;
  return (
    <div
      className="mt-4 rounded-lg border border-accent bg-accent-soft p-3"
      data-testid="owned-licences"
    >
      <p className="flex items-center gap-2 font-semibold">
        <BadgeCheck className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        {t("commerce.owned.title")}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {owned.map((licence) => (
          <li key={licence.licenceId} className="break-words">
            {t("commerce.owned.licence", { name: licence.name })} ·{" "}
            <Link
              to={localePath(locale, `/certificates/${licence.certificateNumber}`)}
              className="underline"
            >
              {t("commerce.owned.certificate", { number: licence.certificateNumber })}
            </Link>
          </li>
        ))}
      </ul>
      <ul className="mt-3 flex flex-col gap-2">
        {ownedFiles.map((file) => (
          <li key={file.id}>
            <a href={`/downloads/${file.id}`} className="btn-primary w-full" download>
              <Download className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 truncate">
                {t("commerce.owned.download", { name: file.fileName })}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function LicenceChooser({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigation = useNavigation();
  const { product, owned } = loaderData;
  // A licence the viewer holds is not offered again; the others stay on sale.
  const licences = loaderData.licences.filter(
    (licence) => !owned.some((row) => row.licenceId === licence.id),
  );
  const ownsStandard = owned.some((row) => row.licenceId === "standard");
  const [chosen, setChosen] = useState(licences[0]?.id ?? "standard");
  const chosenLine = licences.find((licence) => licence.id === chosen)?.lineCents ?? 0;
  const checkout = localePath(locale, "/checkout");
  const redirecting = navigation.state !== "idle" && navigation.formAction === checkout;
  const free = !product.priceCents && !ownsStandard;
  return (
    <section className="card p-5" aria-labelledby="licence-title">
      <h2 id="licence-title" className="text-lg font-semibold">
        {t("catalogue.product.licenceTitle")}
      </h2>
      {owned.length > 0 ? <OwnedLicences loaderData={loaderData} /> : null}
      {owned.length > 0 ? (
        <p className="mt-4 text-sm text-muted">
          {t(licences.length > 0 ? "commerce.owned.otherLicences" : "commerce.owned.allOwned")}
        </p>
      ) : null}
      {free ? (
        <Form method="post" action={checkout} className="mt-4 flex flex-col gap-2">
          <input type="hidden" name="intent" value="claim-free" />
          <input type="hidden" name="submissionId" value={product.id} />
          <button type="submit" className="btn-primary w-full">
            {t("catalogue.product.claimFree")}
          </button>
          <p className="text-sm text-muted">{t("catalogue.product.claimFreeNote")}</p>
        </Form>
      ) : null}
      {licences.length > 0 ? (
        <Form
          method="post"
          action={localePath(locale, "/cart")}
          className="mt-4 flex flex-col gap-3"
        >
          <input type="hidden" name="submissionId" value={product.id} />
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">{t("catalogue.product.licenceTitle")}</legend>
            {licences.map((licence) => (
              <label
                key={licence.id}
                htmlFor={`licence-${licence.id}`}
                className="grid cursor-pointer grid-cols-[auto_1fr_auto] items-start gap-x-3 rounded-lg border border-border p-3 has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
              >
                <input
                  type="radio"
                  id={`licence-${licence.id}`}
                  name="licenceId"
                  value={licence.id}
                  checked={chosen === licence.id}
                  onChange={() => setChosen(licence.id)}
                  className="mt-1"
                />
                <span className="font-medium">{licence.name}</span>
                <span className="text-right font-medium tabular-nums">
                  {formatMoney(locale, licence.lineCents)}
                </span>
                <span className="col-start-2 col-end-4 text-sm text-muted">
                  {licence.description}
                </span>
              </label>
            ))}
          </fieldset>
          <p className="flex items-center justify-between font-semibold">
            {t("catalogue.product.linePrice")}
            <span className="text-xl tabular-nums" data-testid="line-price">
              {formatMoney(locale, chosenLine)}
            </span>
          </p>
          <button type="submit" name="intent" value="add" className="btn-primary w-full">
            {t("catalogue.product.addToCart")}
          </button>
          <button
            type="submit"
            name="intent"
            value="buy-now"
            formAction={checkout}
            className="btn-secondary w-full"
            disabled={redirecting}
          >
            {redirecting ? t("catalogue.product.redirecting") : t("catalogue.product.buyNow")}
          </button>
          <p className="text-xs text-muted">{t("catalogue.product.protectedNote")}</p>
        </Form>
      ) : null}
      {loaderData.credits && !ownsStandard ? (
        <div className="mt-4 border-t border-border pt-4">
          <CreditDownloadForms
            locale={locale}
            submissionId={product.id}
            cost={loaderData.credits.cost}
            balance={loaderData.credits.balance}
            infinity={loaderData.credits.infinity}
          />
        </div>
      ) : null}
    </section>
  );
}

function InfoPanel({ product }: { product: Route.ComponentProps["loaderData"]["product"] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const main = product.files.find((file) => file.purpose === "original") ?? product.files[0];
  const meta = main?.metadata ?? {};
  const rows: Array<[string, string]> = [];
  if (meta.width && meta.height)
    rows.push([t("catalogue.product.dimensions"), `${meta.width} × ${meta.height} px`]);
  if (meta.format || main?.mime)
    rows.push([t("catalogue.product.format"), (meta.format ?? main?.mime ?? "").toUpperCase()]);
  if (main)
    // In the unit that suits the size: "512 ko" rather than "0 Mo".
    rows.push([t("catalogue.product.size"), formatBytes(locale, main.size)]);
  if (meta.durationSeconds)
    rows.push([t("catalogue.product.duration"), formatDuration(meta.durationSeconds)]);
  if (meta.pages) rows.push([t("catalogue.product.pages"), String(meta.pages)]);
  rows.push([t("catalogue.product.kind"), t(`categories.${product.kind}`)]);
  return (
    <section className="card p-5" aria-labelledby="info-title">
      <h2 id="info-title" className="text-lg font-semibold">
        {t("catalogue.product.info")}
      </h2>
      <dl
        className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
        data-testid="info-panel"
      >
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Related({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [tab, setTab] = useState<"similar" | "sameAuthor">("similar");
  const items = loaderData.related[tab];
  return (
    <section className="mt-12" aria-label={t("catalogue.product.relatedLabel")}>
      <div
        role="tablist"
        aria-label={t("catalogue.product.relatedLabel")}
        className="flex gap-2 border-b border-border"
      >
        {(["similar", "sameAuthor"] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls="related-panel"
            className="-mb-px border-b-2 border-transparent px-4 py-2 font-medium aria-selected:border-accent"
            onClick={() => setTab(name)}
          >
            {t(`catalogue.product.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="related-panel" aria-labelledby={`tab-${tab}`} className="mt-6">
        {items.length > 0 ? (
          <ItemGrid items={items} locale={locale} />
        ) : (
          <p className="text-muted">{t("catalogue.product.noRelated")}</p>
        )}
      </div>
    </section>
  );
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { product, origin } = loaderData;
  const title = product.title.trim() || t("catalogue.card.untitled");
  const author = product.storeName ?? t("catalogue.card.anonymousShop");
  const url = `${origin}${localePath(locale, `/product/${product.id}`)}`;
  return (
    <article className="container-page py-8">
      <script
        type="application/ld+json"
        // Built from our own data and serialised as JSON: "<" is escaped so it cannot close the tag.
        dangerouslySetInnerHTML={{
          __html: JSON.stringify(structuredData(loaderData, locale, url)).replace(/</g, "\\u003c"),
        }}
      />
      {/* On a phone the left column dissolves (display: contents) so its two blocks are placed
          around the right one: picture, then title, price and licences, then the file's details. */}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="contents lg:flex lg:flex-col lg:gap-4">
          <div className="order-1 flex flex-col gap-4">
            <div className="card overflow-hidden">
              <ProductMedia kind={product.kind} files={product.files} title={title} />
            </div>
            <div className="flex flex-wrap gap-2">
              <LikeButton product={product} signedIn={loaderData.signedIn} />
              <SaveToCollection submissionId={product.id} title={title} />
              <ShareButton title={title} />
            </div>
            {loaderData.featured !== null ? (
              <FeatureControl featured={loaderData.featured} />
            ) : null}
          </div>
          <div className="order-3">
            <InfoPanel product={product} />
          </div>
        </div>
        <div className="order-2 flex flex-col gap-4 lg:order-none">
          <div>
            <span className="text-xs font-semibold tracking-wide text-muted">
              {t(`catalogue.card.badges.${product.kind}`)}
            </span>
            <h1
              className="mt-1 text-3xl font-semibold break-words"
              lang={product.titleLang === locale ? undefined : product.titleLang}
            >
              {title}
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
          <LicenceChooser loaderData={loaderData} />
        </div>
      </div>
      <Related loaderData={loaderData} />
    </article>
  );
}

/** Not found, missing id and load failure: their fixed texts (docs/product.md, "Fixed texts"), with their statuses. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const locale = useLocale();
  if (isRouteErrorResponse(error) && isRequestRefusal(error.data)) {
    return <RequestRefused refusal={error.data} />;
  }
  const reason: ProductFailure =
    isRouteErrorResponse(error) &&
    error.data &&
    typeof error.data === "object" &&
    "reason" in error.data
      ? (error.data as { reason: ProductFailure }).reason
      : isRouteErrorResponse(error) && error.status === 404
        ? "notFound"
        : "loadError";
  const heading = {
    notFound: t("catalogue.product.notFound"),
    missingId: t("catalogue.product.missingId"),
    loadError: t("catalogue.product.loadError"),
  }[reason];
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-semibold">{heading}</h1>
      {reason === "notFound" ? (
        <p className="mt-3 text-muted">{t("catalogue.product.notFoundText")}</p>
      ) : null}
      {reason === "loadError" ? (
        <p className="mt-3 text-muted">{t("catalogue.product.loadErrorToast")}</p>
      ) : null}
      <Link to={localePath(locale, "/marketplace")} className="btn-primary mt-8">
        {t("catalogue.product.backToMarketplace")}
      </Link>
    </section>
  );
}
