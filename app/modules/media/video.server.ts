import fs from "node:fs/promises";
import path from "node:path";
import type { MediaMetadata } from "~/modules/db/schema";
import {
  containerText,
  bitrateOf,
  containerName,
  durationOf,
  ffmpegInputFlags,
  probe,
  type ProbeStream,
} from "./ffmpeg.server";
import { removeQuietly } from "./files.server";
import { MediaInputError } from "./media-errors";
import { compactMetadata, type MediaStep } from "./media-step.server";
import { assertPixelCount, maxInputPixels, writeRasterOutputs } from "./raster.server";
import { runTool } from "./run-tool.server";
import { watermarkOverlay } from "./watermark.server";

/** docs/product.md, "Media previews": a poster frame at 1 s and a short, small, watermarked clip. */
export const videoSpec = {
  posterAtSeconds: 1,
  clipWidth: 480,
  clipMaxSeconds: 15,
  clipMaxFps: 30,
  /** x264 quality: 28 is visibly soft, fine for a preview, small on the wire. */
  clipCrf: 28,
  clipAudioBitrate: "64k",
} as const;

const posterTimeoutMs = 60_000;
/** Decoding 15 s of a 4K HEVC source on two cores stays well within this. */
const clipTimeoutMs = 180_000;

/** The first real video stream: cover art in a video file is a still, not the film. */
function videoStream(streams: ProbeStream[]): ProbeStream | undefined {
  return streams.find((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1);
}

/**
 * The size a player shows: ffmpeg applies the rotation phones record and stretches
 * non-square pixels, so the clip and the metadata do the same.
 */
export function displaySize(stream: ProbeStream): { width: number; height: number } {
  let width = stream.width ?? 0;
  const height = stream.height ?? 0;
  const [sarX, sarY] = (stream.sample_aspect_ratio ?? "1:1").split(":").map(Number);
  if (sarX && sarY && sarX !== sarY) width = Math.round((width * sarX) / sarY);
  const rotation = stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0;
  return Math.abs(rotation) % 180 === 90 ? { width: height, height: width } : { width, height };
}

/** The frame at `seconds` as a PNG, or undefined when there is none there. */
async function extractFrame(
  filePath: string,
  stream: ProbeStream,
  seconds: number,
  png: string,
): Promise<string | undefined> {
  await runTool(
    "ffmpeg",
    [
      ...ffmpegInputFlags,
      ...["-max_pixels", String(maxInputPixels)],
      // Before -i: seek in the container, then decode from the previous keyframe only.
      ...["-ss", String(seconds), "-i", `file:${filePath}`],
      ...["-map", `0:${stream.index}`, "-frames:v", "1", "-an", "-sn", "-dn"],
      ...["-update", "1", "-c:v", "png", "-f", "image2", "-y", `file:${png}`],
    ],
    { timeoutMs: posterTimeoutMs },
  );
  const written = await fs.stat(png).catch(() => undefined);
  return written?.size ? png : undefined;
}

function even(value: number): number {
  return Math.max(2, 2 * Math.round(value / 2));
}

async function writeClip(
  filePath: string,
  stream: ProbeStream,
  display: { width: number; height: number },
  audioChannels: number | undefined,
  workDir: string,
): Promise<string> {
  const width = even(Math.min(videoSpec.clipWidth, display.width));
  const height = even((display.height * width) / display.width);
  const clip = path.join(workDir, "clip.mp4");
  // A little taller than needed: the overlay is cut to the frame, never short of it.
  const overlay = path.join(workDir, ".clip-watermark.png");
  await fs.writeFile(overlay, await watermarkOverlay(width, height + 8));
  try {
    await runTool(
      "ffmpeg",
      [
        ...ffmpegInputFlags,
        ...["-max_pixels", String(maxInputPixels)],
        // As an input option, -t stops reading the source after 15 s.
        ...["-t", String(videoSpec.clipMaxSeconds), "-i", `file:${filePath}`],
        ...["-i", `file:${overlay}`],
        "-filter_complex",
        `[0:${stream.index}]scale=${width}:${height},setsar=1[v];` +
          `[v][1:v]overlay=0:0:eof_action=repeat,format=yuv420p[out]`,
        ...["-map", "[out]", "-map", "0:a:0?"],
        ...["-c:v", "libx264", "-preset", "veryfast", "-crf", String(videoSpec.clipCrf)],
        ...["-fpsmax", String(videoSpec.clipMaxFps)],
        ...["-c:a", "aac", "-b:a", videoSpec.clipAudioBitrate],
        ...(audioChannels ? ["-ac", String(Math.min(2, audioChannels))] : []),
        // No title, author, GPS or chapters from the original; the index up front for streaming.
        ...["-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn"],
        ...["-movflags", "+faststart", "-t", String(videoSpec.clipMaxSeconds)],
        ...["-f", "mp4", "-y", `file:${clip}`],
      ],
      { timeoutMs: clipTimeoutMs },
    );
  } finally {
    await removeQuietly(overlay);
  }
  return clip;
}

/**
 * A video: ffprobe's metadata, a poster frame (at 1 s, or the first frame of a shorter video)
 * made into the thumbnail and a watermarked still, and a watermarked low-resolution clip of at
 * most 15 s.
 */
export const processVideo: MediaStep = async ({ path: filePath, mime, workDir }) => {
  const probed = await probe(filePath);
  const stream = videoStream(probed.streams);
  if (!stream) throw new MediaInputError("corrupt", "no video stream");
  const display = displaySize(stream);
  if (!display.width || !display.height) throw new MediaInputError("corrupt", "no frame size");
  assertPixelCount(display.width, display.height);
  const duration = durationOf(probed, stream);
  const audio = probed.streams.find((s) => s.codec_type === "audio");

  const framePng = path.join(workDir, ".poster-frame.png");
  try {
    const seekTo =
      duration !== undefined && duration > videoSpec.posterAtSeconds
        ? videoSpec.posterAtSeconds
        : 0;
    const frame =
      (await extractFrame(filePath, stream, seekTo, framePng)) ??
      (seekTo > 0 ? await extractFrame(filePath, stream, 0, framePng) : undefined);
    if (!frame) throw new MediaInputError("corrupt", "no frame could be decoded");
    const [still, clip] = await Promise.all([
      writeRasterOutputs(frame, {}, workDir, "poster.jpg"),
      writeClip(filePath, stream, display, audio?.channels, workDir),
    ]);
    const metadata: MediaMetadata = {
      format: containerName(probed, mime),
      width: display.width,
      height: display.height,
      durationSeconds: duration,
      codec: stream.codec_name,
      bitrate: bitrateOf(probed, stream),
      dominantColors: still.dominantColors,
      watermarked: true,
      ...containerText(probed),
    };
    return {
      metadata: compactMetadata(metadata),
      files: { thumbnail: still.thumbnail, poster: still.watermarked, clip },
    };
  } finally {
    await removeQuietly(framePng);
  }
};
