import { ImagePlus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadErrorMessage } from "~/components/uploads/use-upload-queue";
import { maxCoverBytes } from "~/modules/uploads/upload-rules";

type CoverError = "coverInvalid" | "coverTooLarge" | null;

/** The cover's own checks, before any byte is sent (the server checks again from the bytes). */
export function coverFileError(file: { type: string; size: number }): CoverError {
  if (!file.type.startsWith("image/")) return "coverInvalid";
  if (file.size > maxCoverBytes) return "coverTooLarge";
  return null;
}

/**
 * The ebook's mandatory cover: an image of 2 MB at most, uploaded at once (tus, purpose cover)
 * and attached to the product when the form is saved.
 */
export function CoverPicker({
  existingCoverId,
  onUploaded,
  onError,
}: {
  existingCoverId: string | null;
  onUploaded: (uploadId: string) => void;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<CoverError>(null);

  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  function choose(file: File | undefined) {
    if (!file) return;
    const problem = coverFileError(file);
    setError(problem);
    if (problem) {
      onError(t(`studio.errors.${problem}`));
      return;
    }
    setUploading(true);
    // The upload client (about 15 KB gzipped) comes when a cover is chosen, not with the studio
    // (decision record 0048).
    void import("tus-js-client").then(({ Upload }) => {
      const upload = new Upload(file, {
        endpoint: "/api/uploads",
        metadata: { filename: file.name, filetype: file.type, purpose: "cover" },
        retryDelays: [0, 1000, 3000],
        onError: (failure) => {
          setUploading(false);
          onError(uploadErrorMessage(failure, t));
        },
        onSuccess: () => {
          setUploading(false);
          setPreviewUrl(URL.createObjectURL(file));
          onUploaded(upload.url?.split("/").pop() ?? "");
        },
      });
      upload.start();
    });
  }

  const shown = previewUrl ?? (existingCoverId ? `/media/${existingCoverId}/thumbnail` : null);
  return (
    <div>
      <span className="field-label" id={`${id}-label`}>
        {t("studio.fields.cover")}
      </span>
      <div className="flex items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt={t("studio.fields.cover")}
            className="h-28 w-20 rounded-md object-cover"
          />
        ) : (
          <span className="flex h-28 w-20 items-center justify-center rounded-md bg-surface-2 text-muted">
            <ImagePlus className="h-6 w-6" aria-hidden="true" />
          </span>
        )}
        <div>
          <input
            id={`${id}-input`}
            type="file"
            accept="image/*"
            className="peer sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-hint`}
            disabled={uploading}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          <label
            htmlFor={`${id}-input`}
            className="btn-secondary cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring"
          >
            {uploading ? t("studio.fields.coverUploading") : t("studio.fields.coverChoose")}
          </label>
          <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
            {t("studio.fields.coverHint")}
          </p>
          {error ? <p className="field-error">{t(`studio.errors.${error}`)}</p> : null}
        </div>
      </div>
    </div>
  );
}
