import path from "node:path";
import { loadSharp } from "./sharp.server";
import type { MediaMetadata } from "~/modules/db/schema";
import type { MediaFiles, MediaInput } from "./media-step.server";
import { decodeOptions, readRasterHeader, sharpInputError } from "./raster.server";

/** Which picture of a seller's shop: the round avatar or the wide banner of their page. */
export type ProfileImageShape = "avatar" | "banner";

/**
 * What each shape is re-encoded to (decision record 0058): cropped to fill the box, oriented,
 * flattened onto white, a fresh JPEG without the original's metadata (no camera data or GPS).
 * The avatar is the upload's thumbnail, the banner its preview; neither is watermarked: they
 * are the seller's own face, not content for sale.
 */
export const profileImageSpec = {
  avatar: { width: 320, height: 320, derivative: "thumbnail" },
  banner: { width: 1600, height: 400, derivative: "preview" },
} as const;

const quality = 85;

/**
 * Reads a seller's avatar or banner (JPEG, PNG, WebP or GIF, judged on its bytes by the upload
 * step; its header is checked against the pixel cap before decoding) and writes its one
 * derivative into `workDir`.
 */
export async function processProfileImage(
  input: MediaInput,
  shape: ProfileImageShape,
): Promise<{ metadata: MediaMetadata; files: MediaFiles }> {
  const header = await readRasterHeader(input.path);
  const spec = profileImageSpec[shape];
  const file = path.join(input.workDir, `${spec.derivative}.jpg`);
  const sharp = await loadSharp();
  try {
    await sharp(input.path, decodeOptions())
      .rotate()
      .resize(spec.width, spec.height, { fit: "cover", position: "attention" })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .jpeg({ quality })
      .toFile(file);
  } catch (error) {
    throw sharpInputError(error);
  }
  return {
    metadata: { format: header.format, width: header.width, height: header.height },
    files: { [spec.derivative]: file },
  };
}
