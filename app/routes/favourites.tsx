import { HeartOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { CollectionsNav } from "~/components/collections/collections-nav";
import { SavedItems } from "~/components/collections/saved-items";
import { DashboardFrame } from "~/components/dashboard-frame";
import { localePath } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import type { CatalogueCard } from "~/modules/catalogue/catalogue.server";
import { favouriteCards } from "~/modules/collections/collections.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { inLocale } from "~/modules/i18n/bilingual-text";
import type { Locale } from "~/modules/i18n/locale";
import type { Route } from "./+types/favourites";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "favourites"), { name: "robots", content: "noindex" }];
}

/** The items the signed-in person liked (the hearts of product pages) that are still on sale. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "signedIn");
  const { db } = await services();
  return { items: await favouriteCards(db, viewer.id) };
}

/** Unlikes through the product page's own action (one rule for likes), then this list reloads. */
function Unlike({ card, locale }: { card: CatalogueCard; locale: Locale }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const title = inLocale(card.title, locale).trim() || t("catalogue.card.untitled");
  return (
    <fetcher.Form method="post" action={localePath(locale, `/product/${card.id}`)}>
      <button
        type="submit"
        name="intent"
        value="unlike"
        className="btn-ghost w-full justify-center text-sm"
        aria-label={t("collections.unlike", { title })}
        disabled={fetcher.state !== "idle"}
      >
        <HeartOff className="h-4 w-4" aria-hidden="true" />
        {t("collections.unlikeShort")}
      </button>
    </fetcher.Form>
  );
}

export default function Favourites({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale: Locale = params.lang === "en" ? "en" : "fr";
  return (
    <DashboardFrame
      title={t("collections.favouritesTitle")}
      intro={t("collections.favouritesIntro")}
    >
      <CollectionsNav locale={locale} current="favourites" />
      {loaderData.items.length === 0 ? (
        <div className="card mt-6 p-6">
          <p className="text-muted">{t("collections.favouritesEmpty")}</p>
          <Link to={localePath(locale, "/marketplace")} className="btn-primary mt-4">
            {t("collections.browse")}
          </Link>
        </div>
      ) : (
        <SavedItems
          items={loaderData.items}
          locale={locale}
          control={(card) => <Unlike card={card} locale={locale} />}
        />
      )}
    </DashboardFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
