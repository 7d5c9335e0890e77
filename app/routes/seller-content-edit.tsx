import { ArrowLeft, FileUp, SearchX, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  redirect,
  useNavigation,
  useRouteError,
} from "react-router";
import { toast } from "~/components/shell/toasts";
import { FormAlert } from "~/components/auth/field";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { RejectionReason } from "~/components/seller/rejection-reason";
import { DeleteSubmissionDialog } from "~/components/seller/delete-submission-dialog";
import { MediaThumb } from "~/components/seller/media-thumb";
import { StatusBadge } from "~/components/seller/status-badge";
import { TagField } from "~/components/seller/tag-field";
import { BilingualTextFields, type BilingualText } from "~/components/studio/bilingual-text-fields";
import { useSellerFormat } from "~/components/seller/use-seller-format";
import { localePath, useLocale } from "~/components/use-locale";
import { textTranslator } from "~/modules/ai/translator.server";
import { services } from "~/modules/app.server";
import { setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { formatBytes } from "~/modules/i18n/i18n";
import { bilingual, inLocale } from "~/modules/i18n/bilingual-text";
import { localeFromUrl, type Locale } from "~/modules/i18n/locale";
import { mediaKindOf } from "~/modules/media/media-kind";
import { allowedContentKinds, contentKinds } from "~/modules/studio/content-kind";
import { centsToInput } from "~/modules/studio/pricing";
import { bilingualFieldName, type StudioErrorCode } from "~/modules/studio/product-form";
import { productFieldsSchema } from "~/modules/studio/product-fields.server";
import {
  findEditableSubmission,
  listCategories,
  listUnusedStudioFiles,
} from "~/modules/studio/seller-content.server";
import { StudioError } from "~/modules/studio/studio-error";
import { addFilesToSubmission, updateSubmission } from "~/modules/studio/submission-edit.server";
import { categoryName, fileTile, type FileTile } from "~/modules/studio/submission-view";
import { addTags } from "~/modules/studio/tags";
import type { Route } from "./+types/seller-content-edit";

const guardMessages = { message: "sellerOnly", visitorMessage: "unauthorized" } as const;

/** What the 404 of this page carries, so its boundary can say 'Contenu non trouvé…'. */
const notFound = () => data({ kind: "submission-not-found" as const }, 404);

type Field = "title" | "description" | "categoryId" | "kind" | "tags" | "price";
type EditErrorCode = StudioErrorCode | "tagsInvalid";

/** The form's values as typed, sent back with an error so that nothing is lost. */
interface Values extends BilingualText {
  categoryId: string;
  kind: string;
  price: string;
}

type ActionData =
  | { form: "edit"; error: EditErrorCode; field: Field | null; values: Values }
  | { form: "addFiles"; error: StudioErrorCode; selected: string[] };

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "sellerContentEdit");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "seller", guardMessages);
  const locale = localeFromUrl(new URL(request.url));
  const { db } = await services();
  const found = await findEditableSubmission(db, viewer, params.submissionId);
  if (!found) throw notFound();
  const { submission } = found;
  const [categories, studioFiles] = await Promise.all([
    listCategories(db),
    listUnusedStudioFiles(db, submission.creatorId),
  ]);
  const first = found.files[0];
  const collator = new Intl.Collator(locale);
  return {
    submission: {
      id: submission.id,
      title: bilingual(submission.titleFr, submission.titleEn),
      description: bilingual(submission.descriptionFr, submission.descriptionEn),
      categoryId: submission.categoryId,
      kind: submission.kind,
      tags: bilingual(submission.tagsFr, submission.tagsEn),
      priceCents: submission.priceCents,
      status: submission.status,
      rejectionReason: submission.rejectionReason,
      rejectionCode: submission.rejectionCode,
    },
    files: found.files.map(fileTile),
    cover: found.cover ? fileTile(found.cover) : null,
    kinds: first
      ? allowedContentKinds(mediaKindOf(first.detectedMime ?? "", first.fileName))
      : contentKinds,
    categories: categories
      .map((category) => ({ id: category.id, name: categoryName(category, locale) }))
      .sort((a, b) => collator.compare(a.name, b.name)),
    studioFiles: studioFiles.map(fileTile),
    /** Whether the AI provider can fill one language from the other (decision 0049). */
    canTranslate: textTranslator().configured,
  };
}

function valuesOf(form: FormData): Values {
  const text = (name: string) => String(form.get(name) ?? "");
  const both = (field: "title" | "description") =>
    bilingual(text(bilingualFieldName(field, "fr")), text(bilingualFieldName(field, "en")));
  // Chips travel as repeated `tags_<lang>`, text still in the box as `newTags_<lang>`.
  const tagsOf = (lang: Locale) => {
    const kept = addTags([], form.getAll(bilingualFieldName("tags", lang)).map(String).join("\n"));
    return addTags(kept, text(newTagsField(lang)));
  };
  return {
    title: both("title"),
    description: both("description"),
    categoryId: text("categoryId"),
    kind: text("kind"),
    tags: bilingual(tagsOf("fr"), tagsOf("en")),
    price: text("price"),
  };
}

const newTagsField = (lang: Locale) => `newTags_${lang}`;

const fieldOfCode: Partial<Record<EditErrorCode, Field>> = {
  titleRequired: "title",
  titleTooLong: "title",
  descriptionTooLong: "description",
  priceInvalid: "price",
  kindNotAllowed: "kind",
  categoryNotFound: "categoryId",
  tagsInvalid: "tags",
};

/** Which field an error belongs to, for the message beside it (null: the whole form). */
function fieldOf(code: EditErrorCode, values: Values): Field | null {
  if (code === "titleAndDescriptionRequired")
    return values.title.fr.trim() === "" && values.title.en.trim() === "" ? "title" : "description";
  return fieldOfCode[code] ?? null;
}

/** A schema refusal as one of our codes (the schema's own messages are codes already). */
function codeOfIssue(field: Field, message: string): EditErrorCode {
  const byField: Record<Field, EditErrorCode> = {
    title: "titleTooLong",
    description: "descriptionTooLong",
    categoryId: "categoryNotFound",
    kind: "kindNotAllowed",
    tags: "tagsInvalid",
    price: "priceInvalid",
  };
  return message in fieldOfCode || message === "titleAndDescriptionRequired"
    ? (message as EditErrorCode)
    : byField[field];
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "seller", guardMessages);
  const locale = localeFromUrl(new URL(request.url));
  const app = await services();
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "save");
  const here = `/${locale}/seller-dashboard/content/${params.submissionId}`;
  const headers = new Headers();

  try {
    if (intent === "addFiles") {
      const selected = form.getAll("uploadIds").map(String);
      try {
        await addFilesToSubmission(app, viewer, params.submissionId, selected);
      } catch (error) {
        if (error instanceof StudioError && error.code !== "notFound") {
          return data<ActionData>({ form: "addFiles", error: error.code, selected }, error.status);
        }
        throw error;
      }
      await setFlash(headers, { kind: "success", key: "sellerDashboard.toast.filesAdded" });
      return redirect(here, { headers });
    }

    const values = valuesOf(form);
    const parsed = productFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? "title") as Field;
      const code = codeOfIssue(field, issue.message);
      return data<ActionData>({ form: "edit", error: code, field, values }, 400);
    }
    try {
      const { status } = await updateSubmission(app, viewer, params.submissionId, {
        fields: parsed.data,
        intent: intent === "submit" ? "submit" : "save",
      });
      const submitted = intent === "submit" && (status === "pending" || status === "approved");
      await setFlash(headers, {
        kind: "success",
        key: !submitted
          ? "sellerDashboard.toast.updated"
          : status === "approved"
            ? "sellerDashboard.toast.published"
            : "sellerDashboard.toast.submitted",
      });
      return redirect(submitted ? `/${locale}/seller-dashboard?tab=content` : here, { headers });
    } catch (error) {
      if (error instanceof StudioError && error.code !== "notFound") {
        return data<ActionData>(
          { form: "edit", error: error.code, field: fieldOf(error.code, values), values },
          error.status,
        );
      }
      throw error;
    }
  } catch (error) {
    if (error instanceof StudioError && error.code === "notFound") throw notFound();
    throw error;
  }
}

function useFieldError(actionData: ActionData | undefined) {
  const { t } = useTranslation();
  return (field: Field): string | undefined =>
    actionData?.form === "edit" && actionData.field === field
      ? t(`sellerDashboard.errors.${actionData.error}`)
      : undefined;
}

function StatusNote({
  status,
  reason,
  code,
}: {
  status: string;
  reason: string | null;
  code: string | null;
}) {
  const { t } = useTranslation();
  if (status === "rejected") {
    return (
      <div className="rounded-xl border border-danger/40 bg-danger/10 p-4">
        <p className="font-semibold text-danger">{t("sellerDashboard.edit.rejectedTitle")}</p>
        <RejectionReason reason={reason} code={code} />
        <p className="mt-1 text-sm text-muted">{t("sellerDashboard.edit.rejectedHint")}</p>
      </div>
    );
  }
  const note =
    status === "approved"
      ? t("sellerDashboard.edit.approvedNote")
      : status === "pending"
        ? t("sellerDashboard.edit.pendingNote")
        : status === "draft"
          ? t("sellerDashboard.edit.draftNote")
          : null;
  return note ? <p className="text-sm text-muted">{note}</p> : null;
}

function FileList({ files, cover }: { files: FileTile[]; cover: FileTile | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const all = cover ? [...files, cover] : files;
  return (
    <ul className="space-y-2">
      {all.map((file) => (
        <li key={file.id} className="flex items-center gap-3">
          <MediaThumb file={file} className="h-14 w-14" />
          <div className="min-w-0 text-sm">
            <p className="truncate font-medium" title={file.fileName}>
              {file.fileName}
            </p>
            <p className="text-xs text-muted">
              {file === cover ? `${t("sellerDashboard.edit.cover")} · ` : ""}
              {formatBytes(locale, file.size)}
              {file.processing === "queued" || file.processing === "processing"
                ? ` · ${t("sellerDashboard.edit.processing")}`
                : file.processing === "failed"
                  ? ` · ${t("sellerDashboard.edit.processingFailed")}`
                  : ""}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function SellerContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useSellerFormat();
  const { locale } = format;
  const navigation = useNavigation();
  const { submission, files, cover, kinds, categories, studioFiles, canTranslate } = loaderData;
  const result = actionData as ActionData | undefined;
  const fieldError = useFieldError(result);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const values: Values =
    result?.form === "edit"
      ? result.values
      : {
          title: submission.title,
          description: submission.description,
          categoryId: submission.categoryId ?? "",
          kind: submission.kind,
          tags: submission.tags,
          price: centsToInput(submission.priceCents, locale),
        };
  const [text, setText] = useState<BilingualText>(values);
  // A translation replaces a language's chips: their field starts again from the new ones.
  const [tagVersion, setTagVersion] = useState(0);
  const busyWith = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const canSubmit = submission.status === "draft" || submission.status === "rejected";
  const selectedFiles = result?.form === "addFiles" ? result.selected : [];

  useEffect(() => {
    if (!result) return;
    toast.error(
      t(
        result.form === "addFiles"
          ? "sellerDashboard.toast.addFilesError"
          : "sellerDashboard.toast.updateError",
      ),
    );
  }, [result, t]);

  const describedBy = (field: Field, hint?: boolean) =>
    [fieldError(field) ? `${field}-error` : null, hint ? `${field}-hint` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  const errorText = (field: Field) =>
    fieldError(field) ? (
      <p id={`${field}-error`} className="field-error">
        {fieldError(field)}
      </p>
    ) : null;

  return (
    <section className="container-page py-8 sm:py-10">
      <Link
        to={`${localePath(locale, "/seller-dashboard")}?tab=content`}
        className="inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t("sellerDashboard.edit.back")}
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t("sellerDashboard.edit.title")}</h1>
        <StatusBadge status={submission.status} />
      </div>
      <p className="mt-1 break-words text-muted">
        {format.title(inLocale(submission.title, locale))}
      </p>
      <div className="mt-4">
        <StatusNote
          status={submission.status}
          reason={submission.rejectionReason}
          code={submission.rejectionCode}
        />
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Form method="post" className="card space-y-5 p-4 sm:p-6" noValidate>
            {result?.form === "edit" ? (
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
                {busyWith("save")
                  ? t("sellerDashboard.edit.saving")
                  : t("sellerDashboard.edit.save")}
              </button>
              {canSubmit ? (
                <button
                  type="submit"
                  name="intent"
                  value="submit"
                  className="btn-primary"
                  disabled={busyWith("submit")}
                >
                  {submission.status === "rejected"
                    ? t("sellerDashboard.edit.resubmit")
                    : t("sellerDashboard.edit.submit")}
                </button>
              ) : null}
            </div>
          </Form>
        </div>

        <aside className="space-y-6">
          <section aria-labelledby="files-title" className="card p-4 sm:p-6">
            <h2 id="files-title" className="text-lg font-semibold">
              {t("sellerDashboard.edit.files")}
            </h2>
            <div className="mt-3">
              {files.length + (cover ? 1 : 0) === 0 ? (
                <p className="text-sm text-muted">{t("sellerDashboard.content.noFiles")}</p>
              ) : (
                <FileList files={files} cover={cover} />
              )}
            </div>
          </section>

          <section aria-labelledby="add-files-title" className="card p-4 sm:p-6">
            <h2 id="add-files-title" className="text-lg font-semibold">
              {t("sellerDashboard.edit.addFilesTitle")}
            </h2>
            {result?.form === "addFiles" ? (
              <div className="mt-3">
                <FormAlert
                  title={t("sellerDashboard.edit.addFilesErrorTitle")}
                  message={t(`sellerDashboard.errors.${result.error}`)}
                />
              </div>
            ) : null}
            {studioFiles.length === 0 ? (
              <p className="mt-3 text-sm text-muted">{t("sellerDashboard.edit.noStudioFiles")}</p>
            ) : (
              <Form method="post" className="mt-3">
                <fieldset>
                  <legend className="text-sm text-muted">
                    {t("sellerDashboard.edit.addFilesText")}
                  </legend>
                  <ul className="mt-2 space-y-2">
                    {studioFiles.map((file) => (
                      <li key={file.id}>
                        <label className="flex cursor-pointer items-center gap-3 rounded-lg p-1 hover:bg-surface-2">
                          <input
                            type="checkbox"
                            name="uploadIds"
                            value={file.id}
                            defaultChecked={selectedFiles.includes(file.id)}
                            className="h-4 w-4 shrink-0"
                          />
                          <MediaThumb file={file} className="h-10 w-10" />
                          <span className="min-w-0 truncate text-sm">{file.fileName}</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
                <button
                  type="submit"
                  name="intent"
                  value="addFiles"
                  className="btn-secondary mt-4 w-full"
                  disabled={busyWith("addFiles")}
                >
                  {busyWith("addFiles")
                    ? t("sellerDashboard.edit.adding")
                    : t("sellerDashboard.edit.addFilesSubmit")}
                </button>
              </Form>
            )}
            <Link
              to={localePath(locale, "/file-upload")}
              className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
            >
              <FileUp className="h-4 w-4" aria-hidden="true" />
              {t("sellerDashboard.edit.uploadMore")}
            </Link>
          </section>

          <section aria-labelledby="danger-title" className="card p-4 sm:p-6">
            <h2 id="danger-title" className="text-lg font-semibold">
              {t("sellerDashboard.edit.dangerTitle")}
            </h2>
            <p className="mt-1 text-sm text-muted">{t("sellerDashboard.edit.dangerText")}</p>
            <button
              type="button"
              className="btn-secondary mt-4 text-danger"
              onClick={() => setConfirmingDelete(true)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t("sellerDashboard.content.delete")}
            </button>
            <DeleteSubmissionDialog
              submissionId={submission.id}
              title={format.title(inLocale(submission.title, locale))}
              open={confirmingDelete}
              onOpenChange={setConfirmingDelete}
            />
          </section>
        </aside>
      </div>
    </section>
  );
}

/** 'Contenu non trouvé ou accès refusé' for a submission that is missing or someone else's. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const locale = useLocale();
  if (
    isRouteErrorResponse(error) &&
    error.status === 404 &&
    (error.data as { kind?: string } | null)?.kind === "submission-not-found"
  ) {
    return (
      <section className="container-page flex flex-col items-center py-20 text-center">
        <SearchX className="h-10 w-10 text-muted" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-semibold">{t("sellerDashboard.edit.notFoundTitle")}</h1>
        <p className="mt-2 max-w-md text-muted">{t("sellerDashboard.errors.notFound")}</p>
        <Link
          to={`${localePath(locale, "/seller-dashboard")}?tab=content`}
          className="btn-secondary mt-6"
        >
          {t("sellerDashboard.edit.back")}
        </Link>
      </section>
    );
  }
  return <RouteErrorBoundary />;
}
