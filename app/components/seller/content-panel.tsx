import { FolderOpen } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Pager } from "~/components/shared/pager";
import type { BulkRefusal } from "~/modules/studio/bulk-edit";
import type { SellerListView } from "~/modules/studio/seller-list-view.server";
import { localePath, useLocale } from "../use-locale";
import { BulkEditPanel } from "./bulk-edit-panel";
import { ContentFilters } from "./content-filters";
import { ContentListItem } from "./content-list-item";

/**
 * The content tab: the seller's items, searched, filtered, sorted and paged by the URL (the
 * server renders each page), with a checkbox each for the bulk edit.
 */
export function ContentPanel({ list, bulk }: { list: SellerListView; bulk: BulkRefusal | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { query, items } = list;
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () => new Set(bulk?.values.ids ?? []),
  );
  const filtered = query.q !== "" || query.status !== null || query.kind !== null;
  if (list.total === 0 && !filtered) {
    return (
      <div className="card flex flex-col items-center px-6 py-12 text-center">
        <FolderOpen className="h-10 w-10 text-muted" aria-hidden="true" />
        <h2 className="mt-4 text-lg font-semibold">{t("sellerDashboard.content.emptyTitle")}</h2>
        <p className="mt-2 max-w-md text-muted">{t("sellerDashboard.content.emptyText")}</p>
        <Link to={localePath(locale, "/file-upload")} className="btn-primary mt-6">
          {t("sellerDashboard.content.emptyCta")}
        </Link>
      </div>
    );
  }
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOnPage = items.length > 0 && items.every((item) => selected.has(item.id));
  return (
    <section aria-labelledby="content-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="content-title" className="text-lg font-semibold">
          {t("sellerDashboard.content.title")}
        </h2>
        <p className="text-sm text-muted">
          {t("sellerDashboard.content.count", { count: list.total })}
        </p>
      </div>
      <ContentFilters query={query} />
      <BulkEditPanel selectedCount={selected.size} categories={list.categories} refusal={bulk} />
      {items.length === 0 ? (
        <p className="card p-6 text-center text-muted">{t("sellerDashboard.list.noMatch")}</p>
      ) : (
        <>
          <label className="flex w-fit items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={allOnPage}
              onChange={(event) => {
                for (const item of items) toggle(item.id, event.target.checked);
              }}
            />
            {t("sellerDashboard.list.selectPage")}
          </label>
          <ul className="space-y-3">
            {items.map((item) => (
              <ContentListItem
                key={item.id}
                item={item}
                selected={selected.has(item.id)}
                onSelect={(on) => toggle(item.id, on)}
              />
            ))}
          </ul>
        </>
      )}
      <Pager page={query.page} pageCount={list.pageCount} />
    </section>
  );
}
