/** Limits of the upload step (docs/product.md, "Uploads and the seller's studio"), enforced by the server and announced by the page. */
export const maxUploadBytes = 1000 * 1024 * 1024;
/** An ebook cover: an image of 2 MB at most. */
export const maxCoverBytes = 2 * 1024 * 1024;
/** A seller's avatar or banner: a JPEG, PNG, WebP or GIF of 5 MB at most (decision record 0058). */
export const maxProfileImageBytes = 5 * 1024 * 1024;
export const maxUploadFiles = 100;

/** Stable codes of upload refusals; the page maps them to catalog messages. */
export const uploadErrorCodes = [
  "notAuthenticated",
  "forbidden",
  "notFound",
  "fileTooLarge",
  "lengthRequired",
  "tooManyFiles",
  "typeNotSupported",
  "coverTooLarge",
  "coverNotImage",
  "profileImageTooLarge",
  "profileImageNotImage",
] as const;

export type UploadErrorCode = (typeof uploadErrorCodes)[number];

export function isUploadErrorCode(value: unknown): value is UploadErrorCode {
  return typeof value === "string" && (uploadErrorCodes as readonly string[]).includes(value);
}

/** What the file picker offers first; the server still judges every file by its bytes. */
export const uploadAccept = "image/*,video/*,audio/*,application/pdf,model/*,.eps,.ai,.glb";

const allowedExact = new Set([
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/bmp",
  "image/tiff",
  "image/svg+xml",
  "audio/mpeg",
  "audio/mp4",
  "audio/x-m4a",
  "audio/wav",
  "audio/x-wav",
  "audio/vnd.wave",
  "audio/ogg",
  "audio/aac",
  "audio/flac",
  "audio/x-flac",
  "application/pdf",
  // Vectors (docs/product.md, "Content kinds"): EPS, and Illustrator files (PDF-based, detected as PDF).
  "application/eps",
  "application/postscript",
]);

/** What an upload is for: a file to sell, an ebook's cover, or a seller's shop pictures. */
export type UploadPurpose = "original" | "cover" | "avatar" | "banner";

export function uploadPurposeOf(value: string | null | undefined): UploadPurpose {
  return value === "cover" || value === "avatar" || value === "banner" ? value : "original";
}

/** A cover is shown to buyers as a picture: a raster image, judged on its bytes. */
export function isCoverMime(mime: string): boolean {
  return mime.startsWith("image/") && mime !== "image/svg+xml" && allowedExact.has(mime);
}

/** The pictures every browser shows and sharp decodes, for an avatar or a banner. */
const profileImageTypes = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);

/** Why an upload of this purpose and announced size is refused before any byte, if it is. */
export function sizeRefusal(purpose: UploadPurpose, size: number): UploadErrorCode | null {
  if (purpose === "cover") return size > maxCoverBytes ? "coverTooLarge" : null;
  if (purpose === "avatar" || purpose === "banner")
    return size > maxProfileImageBytes ? "profileImageTooLarge" : null;
  return size > maxUploadBytes ? "fileTooLarge" : null;
}

/** Why a finished upload of this purpose is refused, judged on the type read from its bytes. */
export function typeRefusal(purpose: UploadPurpose, mime: string): UploadErrorCode | null {
  if (purpose === "cover") return isCoverMime(mime) ? null : "coverNotImage";
  if (purpose === "avatar" || purpose === "banner")
    return profileImageTypes.has(mime) ? null : "profileImageNotImage";
  return isAllowedMime(mime) ? null : "typeNotSupported";
}

/** The types docs/product.md, "Uploads and the seller's studio" allows, judged on the type detected from the bytes. */
export function isAllowedMime(mime: string): boolean {
  return allowedExact.has(mime) || mime.startsWith("video/") || mime.startsWith("model/");
}

/** The file's own name without any folder part or control character, at most 255 characters. */
export function cleanFileName(name: string | null | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what we remove
  const withoutControls = base.replace(/[\u0000-\u001f\u007f]/g, "");
  const cleaned = withoutControls.trim().slice(0, 255);
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "file" : cleaned;
}
