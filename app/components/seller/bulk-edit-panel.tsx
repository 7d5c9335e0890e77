import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/shared/field";
import { noCategory, type BulkRefusal } from "~/modules/studio/bulk-edit";

/** The form the list's checkboxes belong to (their `form` attribute). */
export const bulkEditFormId = "bulk-edit";

function TextField({
  name,
  label,
  hint,
  defaultValue,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultValue: string;
}) {
  return (
    <div>
      <label htmlFor={`bulk-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`bulk-${name}`}
        name={name}
        type="text"
        autoComplete="off"
        defaultValue={defaultValue}
        className="field-input"
        aria-describedby={hint ? `bulk-${name}-hint` : undefined}
      />
      {hint ? (
        <p id={`bulk-${name}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The bulk edit of the selected items: category, price, keywords to add (per language) or
 * remove. With JavaScript, applying asks first in a dialog that says how many items change and
 * what goes back to review; a refusal shows its reason and keeps the fields and the selection.
 */
export function BulkEditPanel({
  selectedCount,
  categories,
  refusal,
}: {
  selectedCount: number;
  categories: { id: string; name: string }[];
  refusal: BulkRefusal | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const dialog = useRef<HTMLDialogElement>(null);
  const applying = navigation.state !== "idle" && navigation.formData?.get("intent") === "bulkEdit";
  const values = refusal?.values;

  // Once the edit was answered (applied, or refused with its reason on the page): close.
  const wasApplying = useRef(false);
  useEffect(() => {
    if (wasApplying.current && !applying) dialog.current?.close();
    wasApplying.current = applying;
  }, [applying]);

  return (
    <section aria-labelledby="bulk-title" className="card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="bulk-title" className="font-semibold">
          {t("sellerDashboard.bulk.title")}
        </h3>
        <p className="text-sm text-muted" aria-live="polite">
          {t("sellerDashboard.bulk.selected", { count: selectedCount })}
        </p>
      </div>
      {refusal ? (
        <div className="mt-3">
          <FormAlert
            title={t("sellerDashboard.bulk.errorTitle")}
            message={t(`sellerDashboard.bulk.errors.${refusal.error}`)}
          />
        </div>
      ) : null}
      <Form
        method="post"
        id={bulkEditFormId}
        key={refusal ? JSON.stringify(values) : "bulk"}
        className="mt-3 grid gap-3 sm:grid-cols-2"
        noValidate
      >
        <div>
          <label htmlFor="bulk-category" className="field-label">
            {t("sellerDashboard.bulk.category")}
          </label>
          <select
            id="bulk-category"
            name="category"
            defaultValue={values?.category ?? ""}
            className="field-input"
          >
            <option value="">{t("sellerDashboard.bulk.categoryUnchanged")}</option>
            <option value={noCategory}>{t("sellerDashboard.bulk.categoryNone")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <TextField
          name="price"
          label={t("sellerDashboard.bulk.price")}
          hint={t("sellerDashboard.bulk.priceHint")}
          defaultValue={values?.price ?? ""}
        />
        <TextField
          name="addTags_fr"
          label={t("sellerDashboard.bulk.addTagsFr")}
          hint={t("sellerDashboard.bulk.tagsHint")}
          defaultValue={values?.addTags_fr ?? ""}
        />
        <TextField
          name="addTags_en"
          label={t("sellerDashboard.bulk.addTagsEn")}
          defaultValue={values?.addTags_en ?? ""}
        />
        <TextField
          name="removeTags"
          label={t("sellerDashboard.bulk.removeTags")}
          defaultValue={values?.removeTags ?? ""}
        />
        <p className="text-sm text-muted sm:col-span-2">{t("sellerDashboard.bulk.rule")}</p>
        <div className="sm:col-span-2">
          {/* Without JavaScript this applies at once; with it, the dialog asks first. */}
          <button
            type="submit"
            name="intent"
            value="bulkEdit"
            className="btn-primary"
            onClick={(event) => {
              if (selectedCount === 0) return;
              event.preventDefault();
              dialog.current?.showModal();
            }}
          >
            {t("sellerDashboard.bulk.submit")}
          </button>
        </div>
        <dialog
          ref={dialog}
          aria-labelledby="bulk-confirm-title"
          className="m-auto w-[calc(100vw-2rem)] max-w-md rounded-2xl border border-border bg-surface p-6 text-fg shadow-xl backdrop:bg-black/50"
        >
          <h2 id="bulk-confirm-title" className="text-lg font-semibold">
            {t("sellerDashboard.bulk.confirmTitle", { count: selectedCount })}
          </h2>
          <p className="mt-2 text-sm text-muted">{t("sellerDashboard.bulk.rule")}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button
              type="button"
              className="btn-secondary"
              onClick={() => dialog.current?.close()}
              disabled={applying}
            >
              {t("sellerDashboard.bulk.cancel")}
            </button>
            <button
              type="submit"
              name="intent"
              value="bulkEdit"
              className="btn-primary"
              disabled={applying}
            >
              {applying ? t("sellerDashboard.bulk.applying") : t("sellerDashboard.bulk.confirm")}
            </button>
          </div>
        </dialog>
      </Form>
    </section>
  );
}
