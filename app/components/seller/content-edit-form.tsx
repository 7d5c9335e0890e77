import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/shared/field";
import { BilingualTextFields, type BilingualText } from "~/components/studio/bilingual-text-fields";
import type { ContentKind } from "~/modules/studio/content-kind";
import {
  newTagsField,
  type ContentEditResult,
  type EditField,
  type EditValues,
} from "~/modules/studio/content-edit-form";
import { bilingualFieldName } from "~/modules/studio/product-form";
import { useLocale } from "../use-locale";
import { TagField } from "./tag-field";

/**
 * The item's fields (text in both languages, category, kind, price) with Save, and Send to
 * review for a draft or a rejected item. A refusal shows beside its field, with what was typed.
 */
export function ContentEditForm({
  values,
  result,
  canSubmit,
  status,
  kinds,
  categories,
  canTranslate,
}: {
  values: EditValues;
  result: Extract<ContentEditResult, { form: "edit" }> | null;
  canSubmit: boolean;
  status: string;
  kinds: readonly ContentKind[];
  categories: { id: string; name: string }[];
  canTranslate: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigation = useNavigation();
  const [text, setText] = useState<BilingualText>(values);
  // A translation replaces a language's chips: their field starts again from the new ones.
  const [tagVersion, setTagVersion] = useState(0);
  const busyWith = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const fieldError = (field: EditField): string | undefined =>
    result?.field === field ? t(`sellerDashboard.errors.${result.error}`) : undefined;
  const describedBy = (field: EditField, hint?: boolean) =>
    [fieldError(field) ? `${field}-error` : null, hint ? `${field}-hint` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  const errorText = (field: EditField) =>
    fieldError(field) ? (
      <p id={`${field}-error`} className="field-error">
        {fieldError(field)}
      </p>
    ) : null;

  return (
    <Form method="post" className="card space-y-5 p-4 sm:p-6" noValidate>
      {result ? (
        <FormAlert
          title={t("sellerDashboard.edit.errorTitle")}
          message={t(`sellerDashboard.errors.${result.error}`)}
        />
      ) : null}
      <BilingualTextFields
        idPrefix="edit"
        text={text}
        onChange={(next) => {
          if (next.tags !== text.tags) setTagVersion((version) => version + 1);
          setText(next);
        }}
        canTranslate={canTranslate}
        titleError={fieldError("title")}
        descriptionError={fieldError("description")}
        rows={6}
        renderTags={(lang, label) => (
          <TagField
            key={`${lang}-${tagVersion}`}
            id={`newTags-${lang}`}
            name={bilingualFieldName("tags", lang)}
            draftName={newTagsField(lang)}
            legend={label}
            initial={text.tags[lang]}
            error={lang === locale ? fieldError("tags") : undefined}
            onTagsChange={(tags) =>
              setText((current) => ({ ...current, tags: { ...current.tags, [lang]: tags } }))
            }
          />
        )}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="categoryId" className="field-label">
            {t("sellerDashboard.edit.category")}
          </label>
          <select
            id="categoryId"
            name="categoryId"
            defaultValue={values.categoryId}
            className="field-input"
            aria-invalid={fieldError("categoryId") ? true : undefined}
            aria-describedby={describedBy("categoryId")}
          >
            <option value="">{t("sellerDashboard.edit.categoryNone")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          {errorText("categoryId")}
        </div>
        <div>
          <label htmlFor="kind" className="field-label">
            {t("sellerDashboard.edit.kind")}
          </label>
          <select
            id="kind"
            name="kind"
            defaultValue={values.kind}
            className="field-input"
            aria-invalid={fieldError("kind") ? true : undefined}
            aria-describedby={describedBy("kind")}
          >
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`sellerDashboard.kinds.${kind}`)}
              </option>
            ))}
          </select>
          {errorText("kind")}
        </div>
      </div>
      <div className="sm:max-w-xs">
        <label htmlFor="price" className="field-label">
          {t("sellerDashboard.edit.price")}
        </label>
        <input
          id="price"
          name="price"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={values.price}
          placeholder={t("sellerDashboard.free")}
          className="field-input"
          aria-invalid={fieldError("price") ? true : undefined}
          aria-describedby={describedBy("price", true)}
        />
        <p id="price-hint" className="mt-1 text-xs text-muted">
          {t("sellerDashboard.edit.priceHint")}
        </p>
        {errorText("price")}
      </div>
      <div className="flex flex-wrap gap-3 border-t border-border pt-5">
        {/* First in the form: the button Enter presses in a text field. */}
        <button
          type="submit"
          name="intent"
          value="save"
          className={canSubmit ? "btn-secondary" : "btn-primary"}
          disabled={busyWith("save")}
        >
          {busyWith("save") ? t("sellerDashboard.edit.saving") : t("sellerDashboard.edit.save")}
        </button>
        {canSubmit ? (
          <button
            type="submit"
            name="intent"
            value="submit"
            className="btn-primary"
            disabled={busyWith("submit")}
          >
            {status === "rejected"
              ? t("sellerDashboard.edit.resubmit")
              : t("sellerDashboard.edit.submit")}
          </button>
        ) : null}
      </div>
    </Form>
  );
}
