import { Bookmark, Link2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CollectionsNav } from "~/components/collections/collections-nav";
import { DashboardFrame } from "~/components/dashboard-frame";
import { localePath } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { runCollectionAction } from "~/modules/collections/collection-actions.server";
import { listCollections } from "~/modules/collections/collections.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { formatNumber } from "~/modules/i18n/i18n";
import { localeFromUrl, type Locale } from "~/modules/i18n/locale";
import type { Route } from "./+types/collections";
import { CollectionNameField } from "~/components/collections/collection-name-field";
import type { CollectionErrorKey } from "~/modules/collections/collection-name";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "collections"), { name: "robots", content: "noindex" }];
}

/**
 * The buyer's collections. With `?for=<item>`, each says whether it holds that item (the save
 * dialog's list).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "signedIn");
  const { db } = await services();
  const asked = new URL(request.url).searchParams.get("for") ?? undefined;
  return { collections: await listCollections(db, viewer.id, asked) };
}

/** Create, rename, delete, share, revoke, add and remove: each checks ownership. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "signedIn");
  const { db } = await services();
  const form = await readForm(request);
  return runCollectionAction(db, viewer, form, localeFromUrl(new URL(request.url)));
}

function CreateForm({ error }: { error: CollectionErrorKey | null }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Form method="post" className="card mt-6 p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("collections.createTitle")}
      </h2>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="open" value="1" />
      <label htmlFor={id} className="field-label mt-3 block">
        {t("collections.nameLabel")}
      </label>
      <CollectionNameField id={id} error={error} className="mt-1 flex flex-col gap-2 sm:flex-row">
        <button type="submit" className="btn-primary">
          {t("collections.create")}
        </button>
      </CollectionNameField>
    </Form>
  );
}

export default function Collections({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale: Locale = params.lang === "en" ? "en" : "fr";
  const error = actionData && !actionData.ok ? actionData.error : null;
  return (
    <DashboardFrame title={t("collections.title")} intro={t("collections.intro")}>
      <CollectionsNav locale={locale} current="collections" />
      <CreateForm error={error} />
      {loaderData.collections.length === 0 ? (
        <p className="card mt-6 p-6 text-muted">{t("collections.empty")}</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.collections.map((collection) => (
            <li
              key={collection.id}
              className="card relative flex gap-4 p-4"
              data-testid="collection"
            >
              {collection.cover ? (
                <img
                  src={`/media/${collection.cover.uploadId}/${collection.cover.variant}`}
                  alt=""
                  loading="lazy"
                  className="aspect-square w-20 shrink-0 rounded-md bg-surface-2 object-cover"
                />
              ) : (
                <span
                  className="flex aspect-square w-20 shrink-0 items-center justify-center rounded-md bg-surface-2 text-muted"
                  aria-hidden="true"
                >
                  <Bookmark className="h-6 w-6" />
                </span>
              )}
              <span className="min-w-0">
                <Link
                  to={localePath(locale, `/collections/${collection.id}`)}
                  className="block truncate font-semibold after:absolute after:inset-0 hover:underline"
                >
                  {collection.name}
                </Link>
                <span className="block text-sm text-muted">
                  {t("collections.items", {
                    count: collection.items,
                    n: formatNumber(locale, collection.items),
                  })}
                </span>
                {collection.shared ? (
                  <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium">
                    <Link2 className="h-3 w-3" aria-hidden="true" />
                    {t("collections.sharedBadge")}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </DashboardFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
