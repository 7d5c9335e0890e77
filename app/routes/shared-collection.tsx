import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { SavedItems } from "~/components/collections/saved-items";
import { localePath, useLocale } from "~/components/use-locale";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { services } from "~/modules/app.server";
import { sharedCollection } from "~/modules/collections/collections.server";
import { pageMeta } from "~/modules/http/meta";
import type { Locale } from "~/modules/i18n/locale";
import type { Route } from "./+types/shared-collection";

export function meta(args: Route.MetaArgs) {
  // A private link: kept out of search engines.
  return [...pageMeta(args, "sharedCollection"), { name: "robots", content: "noindex" }];
}

/**
 * A collection opened by its share link, for anyone (no account): read-only, and only its items
 * still on sale. An unknown or revoked token is a 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await services();
  const shared = await sharedCollection(db, params.token);
  if (!shared) throw data({ reason: "sharedNotFound" }, { status: 404 });
  return shared;
}

export default function SharedCollection({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale: Locale = params.lang === "en" ? "en" : "fr";
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-semibold break-words">{loaderData.name}</h1>
      <p className="mt-2 text-muted">{t("collections.sharedIntro")}</p>
      {loaderData.cards.length === 0 ? (
        <p className="card mt-6 p-6 text-muted">{t("collections.sharedEmpty")}</p>
      ) : (
        <SavedItems items={loaderData.cards} locale={locale} />
      )}
      <Link to={localePath(locale, "/marketplace")} className="btn-secondary mt-8">
        {t("collections.browse")}
      </Link>
    </section>
  );
}

/** A link that does not open (anymore): says so, instead of the generic not-found page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const locale = useLocale();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <RouteErrorBoundary />;
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-semibold">{t("collections.notFoundTitle")}</h1>
      <p className="mt-3 text-muted">{t("collections.notFoundText")}</p>
      <Link to={localePath(locale, "/marketplace")} className="btn-primary mt-8">
        {t("collections.browse")}
      </Link>
    </section>
  );
}
