import { ArrowLeft, Copy, Link2, Link2Off, Trash2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useLocation } from "react-router";
import { toast } from "~/components/shell/toasts";
import { CollectionsNav } from "~/components/collections/collections-nav";
import { SavedItems } from "~/components/collections/saved-items";
import { localePath } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { runCollectionAction } from "~/modules/collections/collection-actions.server";
import { collectionPage } from "~/modules/collections/collections.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { inLocale } from "~/modules/i18n/bilingual-text";
import { formatNumber } from "~/modules/i18n/i18n";
import { localeFromUrl, type Locale } from "~/modules/i18n/locale";
import type { Route } from "./+types/collection";
import { CollectionNameField } from "~/components/collections/collection-name-field";
import type { CollectionErrorKey } from "~/modules/collections/collection-name";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "collection"), { name: "robots", content: "noindex" }];
}

/** One of the buyer's collections; someone else's, like a missing one, is a 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "signedIn");
  const { db, env } = await services();
  const page = await collectionPage(db, viewer.id, params.collectionId);
  if (!page) throw data(null, { status: 404 });
  const locale = localeFromUrl(new URL(request.url));
  return {
    id: page.collection.id,
    name: page.collection.name,
    shareUrl: page.collection.shareToken
      ? `${env.baseUrl}/${locale}/shared/${page.collection.shareToken}`
      : null,
    items: page.cards,
    unavailable: page.unavailable,
  };
}

/** Rename, delete, share, revoke, remove an item: on this collection only, if it is theirs. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "signedIn");
  const { db } = await services();
  const form = await readForm(request);
  // The collection is the page's, whatever the form says; the page is where the buyer returns.
  form.set("collectionId", params.collectionId);
  const locale = localeFromUrl(new URL(request.url));
  if (form.get("intent") !== "delete") {
    form.set("redirectTo", `/${locale}/collections/${params.collectionId}`);
  }
  return runCollectionAction(db, viewer, form, locale);
}

function ShareSection({ shareUrl }: { shareUrl: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="card p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold">
        {t("collections.shareTitle")}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t(shareUrl ? "collections.shareOn" : "collections.shareOff")}
      </p>
      {shareUrl ? (
        <>
          <label htmlFor={id} className="field-label mt-3 block">
            {t("collections.shareLinkLabel")}
          </label>
          <input
            id={id}
            readOnly
            value={shareUrl}
            className="field-input mt-1 w-full font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
            data-testid="share-url"
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-secondary"
              onClick={async () => {
                await navigator.clipboard?.writeText(shareUrl);
                toast.success(t("collections.copied"));
              }}
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
              {t("collections.copy")}
            </button>
            <Form method="post">
              <button type="submit" name="intent" value="revoke" className="btn-secondary">
                <Link2Off className="h-4 w-4" aria-hidden="true" />
                {t("collections.revoke")}
              </button>
            </Form>
          </div>
        </>
      ) : (
        <Form method="post" className="mt-3">
          <button type="submit" name="intent" value="share" className="btn-primary">
            <Link2 className="h-4 w-4" aria-hidden="true" />
            {t("collections.share")}
          </button>
        </Form>
      )}
    </section>
  );
}

function ManageSection({ name, error }: { name: string; error: CollectionErrorKey | null }) {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  return (
    <section className="card p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold">
        {t("collections.renameTitle")}
      </h2>
      <Form method="post" className="mt-2" key={`${location.key}-${name}`}>
        <input type="hidden" name="intent" value="rename" />
        <label htmlFor={id} className="sr-only">
          {t("collections.nameLabel")}
        </label>
        <CollectionNameField id={id} error={error} defaultValue={name}>
          <button type="submit" className="btn-secondary">
            {t("collections.rename")}
          </button>
        </CollectionNameField>
      </Form>
      <Form
        method="post"
        className="mt-4 border-t border-border pt-4"
        onSubmit={(event) => {
          if (!window.confirm(t("collections.deleteConfirm"))) event.preventDefault();
        }}
      >
        <button type="submit" name="intent" value="delete" className="btn-ghost text-red-700">
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {t("collections.delete")}
        </button>
      </Form>
    </section>
  );
}

export default function CollectionPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale: Locale = params.lang === "en" ? "en" : "fr";
  const { name, items, unavailable, shareUrl } = loaderData;
  const error = actionData && !actionData.ok ? actionData.error : null;
  return (
    <section className="container-page py-10">
      <Link
        to={localePath(locale, "/collections")}
        className="inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t("collections.back")}
      </Link>
      <h1 className="mt-2 text-3xl font-semibold break-words">{name}</h1>
      <p className="mt-1 text-muted">
        {t("collections.items", { count: items.length, n: formatNumber(locale, items.length) })}
      </p>
      <CollectionsNav locale={locale} current="collections" />
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <ShareSection shareUrl={shareUrl} />
        <ManageSection name={name} error={error} />
      </div>
      {unavailable > 0 ? (
        <p className="mt-6 text-sm text-muted" data-testid="unavailable-note">
          {t("collections.unavailable", {
            count: unavailable,
            n: formatNumber(locale, unavailable),
          })}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="card mt-6 p-6 text-muted">{t("collections.collectionEmpty")}</p>
      ) : (
        <SavedItems
          items={items}
          locale={locale}
          control={(card) => (
            <Form method="post">
              <input type="hidden" name="submissionId" value={card.id} />
              <button
                type="submit"
                name="intent"
                value="remove"
                className="btn-ghost w-full justify-center text-sm"
                aria-label={t("collections.remove", {
                  title: inLocale(card.title, locale).trim() || t("catalogue.card.untitled"),
                })}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t("collections.removeShort")}
              </button>
            </Form>
          )}
        />
      )}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
