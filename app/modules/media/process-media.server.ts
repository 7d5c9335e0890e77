import fs from "node:fs/promises";
import path from "node:path";
import type { MediaMetadata } from "~/modules/db/schema";
import { processAudio } from "./audio.server";
import { processDocument, processModel } from "./document.server";
import { processImage } from "./image.server";
import { mediaKindOf, type MediaKind } from "./media-kind";
import type { MediaFiles, MediaInput, MediaStep } from "./media-step.server";
import { processVector } from "./vector.server";
import { processVideo } from "./video.server";

export { checkImageDimensions } from "./image.server";
export { MediaInputError, mediaErrorCodes, type MediaErrorCode } from "./media-errors";
export { maxInputPixels } from "./raster.server";
export { MediaToolError } from "./run-tool.server";
export type { MediaKind } from "./media-kind";

export interface ProcessedMedia {
  kind: MediaKind;
  metadata: MediaMetadata;
  /** absolute paths of files written inside input.workDir */
  files: MediaFiles;
}

const steps: Record<MediaKind, MediaStep> = {
  image: processImage,
  vector: processVector,
  video: processVideo,
  audio: processAudio,
  document: processDocument,
  model: processModel,
};

/**
 * Reads a media file's real metadata and makes its public derivatives (thumbnail, watermarked
 * preview, poster, clip, audio preview) in `workDir`, which is created if needed. Pure: no
 * database, no storage; the caller moves the files and records the result.
 *
 * Throws `MediaInputError` for failures retrying cannot fix (bad or oversized input, unknown
 * type, missing tool), `MediaToolError` when a tool failed or timed out, and file-system errors
 * as they are; those may be retried. Scratch files are removed; on failure, outputs already
 * written may remain in `workDir`, which the caller owns.
 */
export async function processMedia(input: MediaInput): Promise<ProcessedMedia> {
  const kind = mediaKindOf(input.mime, input.fileName);
  const workDir = path.resolve(input.workDir);
  await fs.mkdir(workDir, { recursive: true });
  const mime = (input.mime.split(";")[0] ?? "").trim().toLowerCase();
  const { metadata, files } = await steps[kind]({
    ...input,
    path: path.resolve(input.path),
    mime,
    workDir,
  });
  return { kind, metadata, files };
}
