import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import type { CollectionActionResult } from "~/modules/collections/collection-actions.server";
import type { CollectionSummary } from "~/modules/collections/collections.server";
import { formatNumber } from "~/modules/i18n/i18n";
import type { Locale } from "~/modules/i18n/locale";
import { localePath } from "../use-locale";
import { CollectionNameField } from "./collection-name-field";

/** One collection as a checkbox: ticking adds the item, unticking takes it out. */
function CollectionToggle({
  collection,
  submissionId,
  locale,
}: {
  collection: CollectionSummary;
  submissionId: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CollectionActionResult>();
  const id = useId();
  // Ticked at once (set in the event, before the request); a refused change (the item left the
  // catalogue) puts the box back as the server has it.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failed = answer && !answer.ok ? answer.error : null;
  const checked = failed ? collection.contains : (wanted ?? collection.contains);
  return (
    <li>
      <label
        htmlFor={id}
        className="flex cursor-pointer items-center gap-3 rounded-lg p-2 hover:bg-surface-2"
      >
        <input
          id={id}
          type="checkbox"
          className="h-4 w-4 accent-accent"
          checked={checked}
          onChange={(event) => {
            const add = event.currentTarget.checked;
            setWanted(add);
            void fetcher.submit(
              { intent: add ? "add" : "remove", collectionId: collection.id, submissionId },
              { method: "post", action: localePath(locale, "/collections") },
            );
          }}
        />
        <span className="min-w-0 flex-1 truncate font-medium">{collection.name}</span>
        <span className="text-xs text-muted">
          {t("collections.items", {
            count: collection.items,
            n: formatNumber(locale, collection.items),
          })}
        </span>
      </label>
      {failed ? (
        <p role="alert" className="px-2 text-sm text-red-700">
          {t(failed)}
        </p>
      ) : null}
    </li>
  );
}

/** The dialog's body: the buyer's collections (loaded on opening) and a new one's form. */
export function SavePanel({ submissionId, locale }: { submissionId: string; locale: Locale }) {
  const { t } = useTranslation();
  const list = useFetcher<{ collections: CollectionSummary[] }>();
  const create = useFetcher<CollectionActionResult>();
  const nameId = useId();
  const form = useRef<HTMLFormElement>(null);
  const source = `${localePath(locale, "/collections")}?for=${submissionId}`;
  useEffect(() => {
    if (list.state === "idle" && !list.data) void list.load(source);
  }, [list, source]);
  const created = create.state === "idle" && create.data?.ok;
  useEffect(() => {
    // A new collection appears in the list, ticked, and the name field empties.
    if (!created) return;
    form.current?.reset();
    void list.load(source);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [created, source]);
  const error = create.data && !create.data.ok ? create.data.error : null;
  if (!list.data) {
    return <p className="py-6 text-center text-muted">{t("collections.loading")}</p>;
  }
  return (
    <div className="mt-4">
      {list.data.collections.length === 0 ? (
        <p className="text-sm">{t("collections.noneYet")}</p>
      ) : (
        <ul
          className="-mx-2 max-h-72 overflow-y-auto"
          aria-label={t("collections.tabs.collections")}
        >
          {list.data.collections.map((collection) => (
            <CollectionToggle
              key={collection.id}
              collection={collection}
              submissionId={submissionId}
              locale={locale}
            />
          ))}
        </ul>
      )}
      <create.Form
        method="post"
        action={localePath(locale, "/collections")}
        className="mt-4 border-t border-border pt-4"
        ref={form}
      >
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="submissionId" value={submissionId} />
        <label htmlFor={nameId} className="field-label">
          {t("collections.createTitle")}
        </label>
        <CollectionNameField id={nameId} error={error} className="mt-1 flex gap-2">
          <button type="submit" className="btn-primary" disabled={create.state !== "idle"}>
            {t("collections.createAndAdd")}
          </button>
        </CollectionNameField>
      </create.Form>
      <p className="mt-4 text-sm">
        <Link
          to={localePath(locale, "/collections")}
          className="font-medium text-accent hover:underline"
        >
          {t("collections.manage")}
        </Link>
      </p>
    </div>
  );
}
