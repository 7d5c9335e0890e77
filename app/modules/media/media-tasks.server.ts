import { geometricSvg, sceneSvg, type SceneColours } from "~/modules/demo/demo-pictures";
import type { MediaInput } from "./media-step.server";
import { processMedia } from "./process-media.server";
import { processProfileImage, type ProfileImageShape } from "./profile-image.server";
import { loadSharp } from "./sharp.server";

/**
 * What runs in the media process: everything that decodes or encodes pixels with sharp. Each
 * task reads and writes files and returns plain data; none touches the database or the storage.
 */
export const mediaTasks = {
  processMedia: (input: MediaInput) => processMedia(input),
  processProfileImage: (input: MediaInput, shape: ProfileImageShape) =>
    processProfileImage(input, shape),
  /** A generated photograph-like JPEG (demo content), written to `target`. */
  async writeSceneJpeg(target: string, width: number, height: number, colours: SceneColours) {
    const sharp = await loadSharp();
    await sharp(Buffer.from(sceneSvg(width, height, colours)))
      .jpeg({ quality: 88 })
      .toFile(target);
  },
  /** A flat illustration rendered to PNG (demo content), written to `target`. */
  async writeIllustrationPng(target: string, colours: string[]) {
    const sharp = await loadSharp();
    await sharp(Buffer.from(geometricSvg(colours)), { density: 144 })
      .png()
      .toFile(target);
  },
};

/**
 * This module's URL: the media process imports it alone (in the built server, a chunk of its
 * own, without the pages and their packages).
 */
export const mediaTasksUrl = import.meta.url;
