import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, redirect, type MetaDescriptor } from "react-router";
import { signInPath } from "~/components/shared/sign-in-path";
import { FeatureControl } from "~/components/catalogue/feature-control";
import { InfoPanel } from "~/components/catalogue/info-panel";
import { LicenceChooser } from "~/components/catalogue/licence-chooser";
import { LikeButton } from "~/components/catalogue/like-button";
import { ProductError, type ProductFailure } from "~/components/catalogue/product-error";
import { ProductMedia } from "~/components/catalogue/product-media";
import { ProductSummary } from "~/components/catalogue/product-summary";
import { RelatedItems } from "~/components/catalogue/related-items";
import { ShareButton } from "~/components/catalogue/share-button";
import { SaveToCollection } from "~/components/collections/save-to-collection";
import { localePath, useLocale } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { productMeta, productStructuredData } from "~/modules/catalogue/product-meta";
import { productPage, productPageAction } from "~/modules/catalogue/product-page.server";
import { setFlash } from "~/modules/http/flash.server";
import { readForm } from "~/modules/http/read-form.server";
import { getViewer } from "~/modules/http/request-context.server";
import { getT } from "~/modules/i18n/i18n";
import { isLocale, type Locale } from "~/modules/i18n/locale";
import { publicPage } from "~/modules/http/public-page";
import type { Route } from "./+types/product";

/** The same page for every visitor who is not signed in: kept whole between requests (0061). */
export const handle = publicPage;

function fail(reason: ProductFailure, status: number): never {
  throw data({ reason }, { status });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : "fr";
  const id = "id" in params ? params.id : undefined;
  if (!id) fail("missingId", 404);
  const app = await services();
  const viewer = await getViewer(context);
  try {
    const page = await productPage(app, viewer, id, locale);
    if (!page) fail("notFound", 404);
    return page;
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
  const outcome = await productPageAction(
    await services(),
    await getViewer(context),
    id,
    form.get("intent"),
  );
  const here = localePath(locale, `/product/${id}`);
  const headers = new Headers();
  switch (outcome.kind) {
    case "liked":
      return { liked: outcome.liked, likes: outcome.likes };
    case "featured":
      await setFlash(headers, {
        kind: "success",
        key: outcome.featured ? "catalogue.product.featured" : "catalogue.product.unfeatured",
      });
      throw redirect(here, { headers });
    case "signInToLike":
      await setFlash(headers, { kind: "info", key: "catalogue.product.signInToLike" });
      throw redirect(signInPath(locale, here), { headers });
    case "notFound":
      return fail("notFound", 404);
    case "badIntent":
      throw data(null, { status: 400 });
  }
}

export function meta({ loaderData, location, params }: Route.MetaArgs): MetaDescriptor[] {
  const locale: Locale = isLocale(params.lang) ? params.lang : "fr";
  if (loaderData) return productMeta(loaderData, locale, location.pathname);
  const t = getT(locale);
  return [
    { title: `${t("catalogue.product.notFound")} — Vitrine` },
    { name: "robots", content: "noindex" },
  ];
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { product, origin } = loaderData;
  const title = product.title.trim() || t("catalogue.card.untitled");
  const url = `${origin}${localePath(locale, `/product/${product.id}`)}`;
  return (
    <article className="container-page py-8">
      <script
        type="application/ld+json"
        // Built from our own data and serialised as JSON: "<" is escaped so it cannot close the tag.
        dangerouslySetInnerHTML={{
          __html: JSON.stringify(productStructuredData(loaderData, locale, url)).replace(
            /</g,
            "\\u003c",
          ),
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
              <LikeButton
                liked={product.liked}
                likes={product.likes}
                signedIn={loaderData.signedIn}
              />
              <SaveToCollection submissionId={product.id} title={title} />
              <ShareButton title={title} />
            </div>
            {loaderData.featured !== null ? (
              <FeatureControl featured={loaderData.featured} />
            ) : null}
          </div>
          <div className="order-3">
            <InfoPanel kind={product.kind} files={product.files} />
          </div>
        </div>
        <div className="order-2 flex flex-col gap-4 lg:order-none">
          <ProductSummary product={product} />
          <LicenceChooser page={loaderData} />
        </div>
      </div>
      <RelatedItems related={loaderData.related} />
    </article>
  );
}

export { ProductError as ErrorBoundary };
