import { ImagePlus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { mediaErrorText } from "~/components/studio/media-error-text";
import { uploadErrorMessage } from "~/components/uploads/use-upload-queue";
import { maxProfileImageBytes } from "~/modules/uploads/upload-rules";

/** A shop picture as the portfolio's loader gives it (app/modules/shop/shop-profile.server.ts). */
export interface PickerPicture {
  url: string | null;
  state: "processing" | "ready" | "failed";
  error: string | null;
}

/** The browser's own checks, before any byte is sent; the server judges the bytes again. */
function fileProblem(file: { type: string; size: number }) {
  if (!["image/jpeg", "image/png", "image/webp", "image/gif"].includes(file.type))
    return "profileImageNotImage" as const;
  if (file.size > maxProfileImageBytes) return "profileImageTooLarge" as const;
  return null;
}

/**
 * Chooses the seller's avatar or banner: the file is sent at once (tus, purpose avatar or banner)
 * and its upload id goes into the form's hidden `name` field, saved with the profile. The
 * server re-encodes it (decision record 0058); until then the chosen file is shown as is.
 */
export function ProfileImagePicker({
  shape,
  name,
  picture,
}: {
  shape: "avatar" | "banner";
  name: string;
  picture: PickerPicture | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [uploadId, setUploadId] = useState("");
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => void (localUrl && URL.revokeObjectURL(localUrl)), [localUrl]);

  function choose(file: File | undefined) {
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      setError(t(`uploads.errors.${problem}`));
      return;
    }
    setError(null);
    setUploading(true);
    // The upload client (about 15 KB gzipped) comes when a picture is chosen, not with the page.
    void import("tus-js-client").then(({ Upload }) => {
      const upload = new Upload(file, {
        endpoint: "/api/uploads",
        metadata: { filename: file.name, filetype: file.type, purpose: shape },
        retryDelays: [0, 1000, 3000],
        onError: (failure) => {
          setUploading(false);
          setError(uploadErrorMessage(failure, t));
        },
        onSuccess: () => {
          setUploading(false);
          setLocalUrl(URL.createObjectURL(file));
          setUploadId(upload.url?.split("/").pop() ?? "");
        },
      });
      upload.start();
    });
  }

  const shown = localUrl ?? picture?.url ?? null;
  const frame =
    shape === "avatar" ? "h-24 w-24 rounded-full" : "aspect-[4/1] w-full max-w-xl rounded-md";
  const status = uploadId
    ? t("shop.profile.pictureChosen")
    : picture?.state === "processing"
      ? t("shop.profile.pictureProcessing")
      : null;
  const failure =
    error ?? (picture?.state === "failed" && !uploadId ? mediaErrorText(t, picture.error) : null);
  return (
    <div className="space-y-2">
      <span className="field-label" id={`${id}-label`}>
        {t(`shop.profile.${shape}`)}
      </span>
      {shown ? (
        <img
          src={shown}
          alt={t(`shop.profile.${shape}Alt`)}
          className={`${frame} border border-border object-cover`}
          data-testid={`${shape}-preview`}
        />
      ) : (
        <span className={`${frame} flex items-center justify-center bg-surface-2 text-muted`}>
          <ImagePlus className="h-6 w-6" aria-hidden="true" />
        </span>
      )}
      <input type="hidden" name={name} value={uploadId} />
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={`${id}-input`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="peer sr-only"
          aria-labelledby={`${id}-label ${id}-choose`}
          aria-describedby={`${id}-hint${failure ? ` ${id}-error` : ""}`}
          disabled={uploading}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
        <label
          id={`${id}-choose`}
          htmlFor={`${id}-input`}
          className="btn-secondary cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring"
        >
          {uploading ? t("shop.profile.pictureUploading") : t("shop.profile.pictureChoose")}
        </label>
        {picture && !uploadId ? (
          <button type="submit" name="remove" value={shape} className="btn-secondary">
            {t("shop.profile.pictureRemove")}
          </button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t(`shop.profile.${shape}Hint`)}
      </p>
      {status ? (
        <p role="status" className="text-sm text-muted">
          {status}
        </p>
      ) : null}
      {failure ? (
        <p id={`${id}-error`} role="alert" className="field-error">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
