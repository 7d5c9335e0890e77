import { ArrowLeft, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dialogOnIntent } from "~/components/shell/dialog-on-intent";
import { toast } from "~/components/shell/toasts";
import { inLocale } from "~/modules/i18n/bilingual-text";
import type { ContentEditResult, EditValues } from "~/modules/studio/content-edit-form";
import type { ContentEditPageData } from "~/modules/studio/content-edit-page.server";
import { centsToInput } from "~/modules/studio/pricing";
import { localePath } from "../use-locale";
import { AddFilesForm } from "./add-files-form";
import { ContentEditForm } from "./content-edit-form";
import { EditFileList } from "./edit-file-list";
import { StatusNote } from "./edit-status-note";
import { StatusBadge } from "./status-badge";
import { useSellerFormat } from "./use-seller-format";

const DeleteSubmissionDialog = dialogOnIntent(() =>
  import("./delete-submission-dialog").then((module) => module.DeleteSubmissionDialog),
);

/**
 * The edit page of one item: its status and what an edit does to it, the form, its files, the
 * studio files that can be added, and deletion.
 */
export function ContentEditPage({
  data,
  result,
  canTranslate,
}: {
  data: ContentEditPageData;
  result: ContentEditResult | undefined;
  canTranslate: boolean;
}) {
  const { t } = useTranslation();
  const format = useSellerFormat();
  const { locale } = format;
  const { submission, files, cover, kinds, categories, studioFiles } = data;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const values: EditValues =
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
          <ContentEditForm
            values={values}
            result={result?.form === "edit" ? result : null}
            canSubmit={submission.status === "draft" || submission.status === "rejected"}
            status={submission.status}
            kinds={kinds}
            categories={categories}
            canTranslate={canTranslate}
          />
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
                <EditFileList files={files} cover={cover} />
              )}
            </div>
          </section>
          <AddFilesForm
            studioFiles={studioFiles}
            error={result?.form === "addFiles" ? result.error : null}
            selectedFiles={result?.form === "addFiles" ? result.selected : []}
          />
          <section aria-labelledby="danger-title" className="card p-4 sm:p-6">
            <h2 id="danger-title" className="text-lg font-semibold">
              {t("sellerDashboard.edit.dangerTitle")}
            </h2>
            <p className="mt-1 text-sm text-muted">{t("sellerDashboard.edit.dangerText")}</p>
            <button
              type="button"
              className="btn-secondary mt-4 text-danger"
              onClick={() => setConfirmingDelete(true)}
              onPointerEnter={DeleteSubmissionDialog.preload}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t("sellerDashboard.content.delete")}
            </button>
            <DeleteSubmissionDialog
              submissionId={submission.id}
              sold={submission.sold}
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
