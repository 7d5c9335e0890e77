import type { TFunction } from "i18next";
import { maxInputPixels } from "~/modules/media/media-limits";
import { mediaErrorCodes, type MediaErrorCode } from "~/modules/media/media-errors";

/** A media job's failure code as the seller reads it; unknown codes read as a generic failure. */
export function mediaErrorText(t: TFunction, code: string | null): string | null {
  if (!code) return null;
  if (!(mediaErrorCodes as readonly string[]).includes(code))
    return t("studio.mediaErrors.processingFailed");
  return t(`studio.mediaErrors.${code as MediaErrorCode}`, {
    max: Math.round(maxInputPixels / 1_000_000),
  });
}
