import type { Services } from "../services";
import type { Viewer } from "../auth/roles";
import { ownedLicences } from "../commerce/ownership.server";
import { originalsOf } from "../commerce/orders.server";
import { creditDownloadState } from "../credits/overview.server";
import { inLocale, shownLocale, tagsInLocale } from "../i18n/bilingual-text";
import type { Locale } from "../i18n/locale";
import { licenceView, listLicences } from "../pricing/licences.server";
import { isFree, linePriceCents } from "../pricing/pricing";
import { CatalogueError, getProduct, isFeatured, setFeatured, setLike } from "./catalogue.server";
import { catalogueCache } from "./catalogue-cache.server";

/**
 * Everything a product page shows, in the page's language, or null when the item is not on
 * sale. What the viewer owns, what is still offered and whether it can be claimed free are
 * decided here, once, rather than in the page.
 */
export async function productPage(
  { db, env, events }: Pick<Services, "db" | "env" | "events">,
  viewer: Viewer | null,
  id: string,
  locale: Locale,
) {
  const catalogue = catalogueCache(db, events);
  // A signed-in viewer's page says whether they liked the item: never from the shared cache.
  const product = viewer ? await getProduct(db, viewer, id) : await catalogue.anonymousProduct(id);
  if (!product) return null;
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
  const isOwned = (licenceId: string) => owned.some((row) => row.licenceId === licenceId);
  // Free items come with the standard licence: once held, there is nothing left to claim.
  const ownsStandard = isOwned("standard");
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
    /** Every licence, as offers for search engines. */
    licences,
    /** The licences still offered to this viewer: a licence held is not sold again. */
    forSale: licences.filter((licence) => !isOwned(licence.id)),
    claimFree: isFree(product.priceCents) && !ownsStandard,
    owned: owned.map((row) => ({
      licenceId: row.licenceId,
      name: licences.find((licence) => licence.id === row.licenceId)?.name ?? row.licenceId,
      certificateNumber: row.certificateNumber,
    })),
    ownedFiles,
    related,
    // Credits buy the standard licence: not offered to a viewer who holds it.
    credits: ownsStandard ? null : credits,
    origin: env.baseUrl,
    signedIn: Boolean(viewer),
    featured,
  };
}

export type ProductPage = NonNullable<Awaited<ReturnType<typeof productPage>>>;

export type ProductPageOutcome =
  | { kind: "featured"; featured: boolean }
  | { kind: "liked"; liked: boolean; likes: number }
  | { kind: "signInToLike" }
  | { kind: "notFound" }
  | { kind: "badIntent" };

/**
 * The product page's form: like or unlike (visitors are asked to sign in); admins also pin the
 * item to the home page's featured row or unpin it, anyone else asking to pin finds nothing.
 * Each change is announced so the caches and live pages follow.
 */
export async function productPageAction(
  { db, events }: Pick<Services, "db" | "events">,
  viewer: Viewer | null,
  id: string,
  intent: FormDataEntryValue | null,
): Promise<ProductPageOutcome> {
  try {
    if (intent === "feature" || intent === "unfeature") {
      await setFeatured(db, viewer, id, intent === "feature");
      events.publish({ type: "catalogue.touched", submissionId: id, change: "featured" });
      return { kind: "featured", featured: intent === "feature" };
    }
    if (intent !== "like" && intent !== "unlike") return { kind: "badIntent" };
    const result = await setLike(db, viewer, id, intent === "like");
    events.publish({ type: "catalogue.touched", submissionId: id, change: "liked" });
    return { kind: "liked", ...result };
  } catch (error) {
    if (error instanceof CatalogueError && error.code === "signInRequired") {
      return { kind: "signInToLike" };
    }
    if (error instanceof CatalogueError) return { kind: "notFound" };
    throw error;
  }
}
