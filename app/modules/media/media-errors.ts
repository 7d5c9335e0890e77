/**
 * Why a file can never be processed; retrying would fail the same way. The upload page and the
 * studio map each code to a catalog message.
 */
export const mediaErrorCodes = [
  /** A raster image above `maxInputPixels`, refused from its header alone. */
  "tooManyPixels",
  /** A file too big for its kind's parser (an SVG over `maxSvgBytes`). */
  "tooLarge",
  /** The bytes do not decode: truncated, damaged, or not what their type says. */
  "corrupt",
  /** A type the pipeline does not handle (HTML, plain text, …). */
  "unsupported",
  /** ffmpeg, ffprobe or Ghostscript is not installed: the server needs fixing, not the file. */
  "toolMissing",
] as const;

export type MediaErrorCode = (typeof mediaErrorCodes)[number];

/** A permanent failure caused by the input (or a missing tool): the job must not retry it. */
export class MediaInputError extends Error {
  override readonly name = "MediaInputError";
  readonly code: MediaErrorCode;
  /** Technical context for logs (a size, a tool's message); never shown as is to users. */
  readonly detail?: string;

  constructor(code: MediaErrorCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.code = code;
    this.detail = detail;
  }
}
