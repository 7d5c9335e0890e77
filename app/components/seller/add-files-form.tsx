import { FileUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/shared/field";
import type { StudioErrorCode } from "~/modules/studio/product-form";
import type { FileTile } from "~/modules/studio/submission-view";
import { localePath, useLocale } from "../use-locale";
import { MediaThumb } from "~/components/shared/media-thumb";

/**
 * Adds the seller's unused studio files to the item (intent=addFiles); a refusal keeps the
 * ticked files ticked. On a published item, new files send it back to moderation.
 */
export function AddFilesForm({
  studioFiles,
  error,
  selectedFiles,
}: {
  studioFiles: FileTile[];
  error: StudioErrorCode | null;
  selectedFiles: string[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigation = useNavigation();
  const adding = navigation.state !== "idle" && navigation.formData?.get("intent") === "addFiles";
  return (
    <section aria-labelledby="add-files-title" className="card p-4 sm:p-6">
      <h2 id="add-files-title" className="text-lg font-semibold">
        {t("sellerDashboard.edit.addFilesTitle")}
      </h2>
      {error ? (
        <div className="mt-3">
          <FormAlert
            title={t("sellerDashboard.edit.addFilesErrorTitle")}
            message={t(`sellerDashboard.errors.${error}`)}
          />
        </div>
      ) : null}
      {studioFiles.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t("sellerDashboard.edit.noStudioFiles")}</p>
      ) : (
        <Form method="post" className="mt-3">
          <fieldset>
            <legend className="text-sm text-muted">{t("sellerDashboard.edit.addFilesText")}</legend>
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
            disabled={adding}
          >
            {adding ? t("sellerDashboard.edit.adding") : t("sellerDashboard.edit.addFilesSubmit")}
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
  );
}
