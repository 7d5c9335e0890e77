import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FetcherWithComponents } from "react-router";
import type { ContentKind } from "~/modules/studio/content-kind";
import { bilingualFieldName, type StudioErrorCode } from "~/modules/studio/product-form";
import type { ProductFormValues, StudioFileView } from "~/modules/studio/studio-view";
import { BilingualTextFields } from "./bilingual-text-fields";
import { CoverPicker } from "./cover-picker";
import { FileInfo } from "./file-info";
import { MediaPreview } from "./media-preview";
import { TagInput } from "./tag-input";

export interface CategoryOption {
  id: string;
  kind: ContentKind;
  name: string;
}

interface ProductFormProps {
  file: StudioFileView;
  values: ProductFormValues;
  onChange: (values: ProductFormValues) => void;
  categories: CategoryOption[];
  fetcher: FetcherWithComponents<unknown>;
  error: StudioErrorCode | null;
  onCoverError: (message: string) => void;
  /** Called before sending; returns false to stop (the form's own checks failed). */
  onBeforeSubmit: (intent: "draft" | "publish") => boolean;
  aiSlot?: React.ReactNode;
  /** Whether the AI provider can translate one language into the other. */
  canTranslate: boolean;
}

/** The product form for one studio file; PDFs get the ebook form with its cover (docs/product.md, "Uploads and the seller's studio"). */
export function ProductForm({
  file,
  values,
  onChange,
  categories,
  fetcher,
  error,
  onCoverError,
  onBeforeSubmit,
  aiSlot,
  canTranslate,
}: ProductFormProps) {
  const { t } = useTranslation();
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const busy = fetcher.state !== "idle";
  const prefix = `product-${file.id}`;
  const isEbook = values.kind === "ebook";
  // A cover error answers an attempt made without a valid cover: once a new cover is uploaded it
  // no longer holds, until another attempt (a new answer of the server) says otherwise.
  const [coverFixed, setCoverFixed] = useState<{ error: string; answer: unknown } | null>(null);
  const coverErrorFixed =
    coverFixed !== null && coverFixed.error === error && coverFixed.answer === fetcher.data;
  const errorText = error && !coverErrorFixed ? t(`studio.errors.${error}`) : null;
  const titleError = error === "titleRequired" || error === "titleTooLong" ? errorText : null;
  const priceError = error === "priceInvalid" ? errorText : null;

  return (
    <fetcher.Form
      method="post"
      className="space-y-5"
      aria-labelledby={`${prefix}-heading`}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const intent = submitter?.value === "publish" ? "publish" : "draft";
        if (!onBeforeSubmit(intent)) event.preventDefault();
      }}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`${prefix}-heading`} className="break-all text-lg font-semibold">
          {isEbook ? t("studio.ebookForm") : file.fileName}
        </h2>
        <div className="flex flex-wrap gap-2">
          {aiSlot}
          <MediaPreview file={file} />
        </div>
      </div>
      {isEbook ? <p className="-mt-3 break-all text-sm text-muted">{file.fileName}</p> : null}
      <input type="hidden" name="uploadId" value={file.id} />
      <input type="hidden" name="coverUploadId" value={values.coverUploadId} />

      <BilingualTextFields
        idPrefix={prefix}
        text={values}
        onChange={(text) => onChange({ ...values, ...text })}
        canTranslate={canTranslate}
        titleError={titleError}
        renderTags={(lang, label) => (
          <TagInput
            id={`${prefix}-tags-${lang}`}
            name={bilingualFieldName("tags", lang)}
            label={label}
            tags={values.tags[lang]}
            onChange={(tags) => set("tags", { ...values.tags, [lang]: tags })}
          />
        )}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${prefix}-kind`} className="field-label">
            {t("studio.fields.kind")}
          </label>
          <select
            id={`${prefix}-kind`}
            name="kind"
            className="field-input"
            value={values.kind}
            onChange={(event) => set("kind", event.target.value as ContentKind)}
          >
            {file.allowedKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`studio.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${prefix}-category`} className="field-label">
            {t("studio.fields.category")}
          </label>
          <select
            id={`${prefix}-category`}
            name="categoryId"
            className="field-input"
            value={values.categoryId}
            onChange={(event) => set("categoryId", event.target.value)}
          >
            <option value="">{t("studio.fields.categoryNone")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="max-w-xs">
        <label htmlFor={`${prefix}-price`} className="field-label">
          {t("studio.fields.price")}
        </label>
        <input
          id={`${prefix}-price`}
          name="price"
          inputMode="decimal"
          className="field-input"
          value={values.price}
          aria-invalid={priceError ? true : undefined}
          aria-describedby={`${prefix}-price-hint`}
          onChange={(event) => set("price", event.target.value)}
        />
        <p
          id={`${prefix}-price-hint`}
          className={priceError ? "field-error" : "mt-1 text-xs text-muted"}
        >
          {priceError ?? t("studio.fields.priceHint")}
        </p>
      </div>

      {isEbook ? (
        <CoverPicker
          key={file.id}
          existingCoverId={file.cover?.id ?? null}
          onUploaded={(id) => {
            set("coverUploadId", id);
            if (error?.startsWith("cover")) setCoverFixed({ error, answer: fetcher.data });
          }}
          onError={onCoverError}
        />
      ) : null}

      <FileInfo file={file} />

      {errorText && !titleError && !priceError ? (
        <p role="alert" className="field-error">
          {errorText}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-3 border-t border-border pt-4">
        <button type="submit" name="intent" value="draft" className="btn-secondary" disabled={busy}>
          {t("studio.actions.saveDraft")}
        </button>
        <button type="submit" name="intent" value="publish" className="btn-primary" disabled={busy}>
          {t("studio.actions.publish")}
        </button>
      </div>
    </fetcher.Form>
  );
}
