import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { localePath, useLocale } from "~/components/use-locale";
import type { ModerationFilters as Filters } from "~/modules/admin/moderation.server";
import { contentKinds } from "~/modules/studio/content-kind";

/** The moderation list's filters: a GET form, so each filtered view has its own address. */
export function ModerationFilters({ filters }: { filters: Filters }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const active = Object.keys(filters).length > 0;
  return (
    <Form
      method="get"
      className="card mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5"
      aria-label={t("admin.moderation.filters.label")}
    >
      <div>
        <label htmlFor="moderation-kind" className="field-label">
          {t("admin.moderation.filters.kind")}
        </label>
        <select
          id="moderation-kind"
          name="kind"
          className="field-input"
          defaultValue={filters.kind ?? ""}
        >
          <option value="">{t("admin.moderation.filters.allKinds")}</option>
          {contentKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`studio.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="moderation-seller" className="field-label">
          {t("admin.moderation.filters.seller")}
        </label>
        <input
          id="moderation-seller"
          name="seller"
          type="search"
          className="field-input"
          defaultValue={filters.seller ?? ""}
        />
      </div>
      <div>
        <label htmlFor="moderation-from" className="field-label">
          {t("admin.moderation.filters.from")}
        </label>
        <input
          id="moderation-from"
          name="from"
          type="date"
          className="field-input"
          defaultValue={filters.from ?? ""}
        />
      </div>
      <div>
        <label htmlFor="moderation-to" className="field-label">
          {t("admin.moderation.filters.to")}
        </label>
        <input
          id="moderation-to"
          name="to"
          type="date"
          className="field-input"
          defaultValue={filters.to ?? ""}
        />
      </div>
      <div className="flex flex-col justify-end gap-2">
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="resubmitted"
            value="1"
            defaultChecked={filters.resubmitted ?? false}
          />
          {t("admin.moderation.filters.resubmitted")}
        </label>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-secondary">
            {t("admin.moderation.filters.apply")}
          </button>
          {active ? (
            <Link to={localePath(locale, "/admin/moderation")} className="btn-ghost">
              {t("admin.moderation.filters.reset")}
            </Link>
          ) : null}
        </div>
      </div>
    </Form>
  );
}
