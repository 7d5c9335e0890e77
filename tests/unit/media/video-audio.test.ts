import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  MediaInputError,
  processMedia,
  type ProcessedMedia,
} from "~/modules/media/process-media.server";
import {
  ffmpegFixture,
  ffprobe,
  meanDifference,
  regionStats,
  rms,
  run,
  samples,
  tempDir,
} from "./fixtures";

let dir: string;
const x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];

beforeAll(async () => {
  dir = await tempDir();
});

async function processFile(file: string, mime: string) {
  return processMedia({
    path: file,
    mime,
    fileName: path.basename(file),
    workDir: await tempDir(),
  });
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaInputError);
  return (error as MediaInputError).code;
}

describe("video", () => {
  it("reads a 3 s film's metadata and makes a poster, a thumbnail and a clean watermarked clip", async () => {
    const file = await ffmpegFixture(
      path.join(dir, "test-card.mp4"),
      ["testsrc=size=640x360:rate=25:duration=3", "sine=frequency=440:duration=3"],
      [...x264, "-c:a", "aac", "-shortest", "-metadata", "title=Titre secret"],
    );

    const result = await processFile(file, "video/mp4");

    expect(result.kind).toBe("video");
    expect(result.metadata).toMatchObject({
      format: "mp4",
      width: 640,
      height: 360,
      codec: "h264",
      watermarked: true,
    });
    expect(result.metadata.durationSeconds).toBeCloseTo(3, 0);
    expect(result.metadata.bitrate).toBeGreaterThan(0);
    expect(await sharp(result.files.thumbnail).metadata()).toMatchObject({
      format: "jpeg",
      width: 400,
      height: 225,
    });
    // The poster keeps the film's own size (never enlarged), under the watermark.
    expect(await sharp(result.files.poster).metadata()).toMatchObject({
      format: "jpeg",
      width: 640,
    });

    const clip = await ffprobe(result.files.clip!);
    const video = clip.streams.find((s) => s.codec_type === "video");
    const audio = clip.streams.find((s) => s.codec_type === "audio");
    expect(video).toMatchObject({ codec_name: "h264", width: 480, height: 270 });
    expect(audio).toMatchObject({ codec_name: "aac" });
    expect(Number(clip.format.duration)).toBeLessThanOrEqual(15.5);
    expect(clip.format.tags?.title).toBeUndefined();
    for (const stream of clip.streams) expect(stream.tags?.title).toBeUndefined();
    // faststart: the index (moov) comes before the media data (mdat).
    const head = (await fs.readFile(result.files.clip!)).subarray(0, 64 * 1024).toString("latin1");
    expect(head.indexOf("moov")).toBeGreaterThan(-1);
    expect(head.indexOf("moov")).toBeLessThan(head.indexOf("mdat"));
  });

  it("cuts a longer film's clip to 15 s and lays the watermark over every frame", async () => {
    const file = await ffmpegFixture(
      path.join(dir, "grey-20s.mp4"),
      ["color=c=0x808080:size=320x180:rate=10:duration=20"],
      x264,
    );

    const result = await processFile(file, "video/mp4");

    expect(result.metadata.durationSeconds).toBeCloseTo(20, 0);
    const clip = await ffprobe(result.files.clip!);
    expect(Number(clip.format.duration)).toBeGreaterThan(14);
    expect(Number(clip.format.duration)).toBeLessThanOrEqual(15.5);
    // A narrower source is not enlarged; no audio in, no audio out.
    expect(clip.streams.map((s) => [s.codec_type, s.width])).toEqual([["video", 320]]);

    const frame = path.join(await tempDir(), "frame.png");
    await run("ffmpeg", [
      "-v",
      "error",
      "-ss",
      "12",
      "-i",
      result.files.clip!,
      "-frames:v",
      "1",
      frame,
    ]);
    const [grey] = await regionStats(frame, { left: 0, top: 0, width: 320, height: 180 });
    expect(grey!.stdev).toBeGreaterThan(5); // a flat grey film, once marked, is not flat
    const plainPoster = await sharp({
      create: { width: 320, height: 180, channels: 3, background: "#808080" },
    })
      .jpeg()
      .toBuffer();
    expect(await meanDifference(result.files.poster!, plainPoster)).toBeGreaterThan(2);
  });

  it("takes the first frame as poster when the film is shorter than a second", async () => {
    const file = await ffmpegFixture(
      path.join(dir, "blink.mp4"),
      ["color=c=red:size=160x120:rate=10:duration=0.5"],
      x264,
    );

    const result = await processFile(file, "video/mp4");

    expect(result.metadata.durationSeconds).toBeLessThan(1);
    const [red, green] = await regionStats(result.files.thumbnail!, {
      left: 0,
      top: 0,
      width: 40,
      height: 40,
    });
    expect(red!.mean - green!.mean).toBeGreaterThan(100);
  });

  it("refuses bytes that are not a film as corrupt", async () => {
    const file = path.join(dir, "noise.mp4");
    await fs.writeFile(file, Buffer.from("not a film at all ".repeat(100)));

    expect(await errorCode(processFile(file, "video/mp4"))).toBe("corrupt");
  });
});

describe("audio", () => {
  let mp3: string;
  let wav: string;
  let fromMp3: ProcessedMedia;

  beforeAll(async () => {
    // 40 s at 192 kbps, tagged: longer than the preview, and richer than it.
    mp3 = await ffmpegFixture(
      path.join(dir, "tone-40s.mp3"),
      ["sine=frequency=300:duration=40"],
      ["-c:a", "libmp3lame", "-b:a", "192k", "-metadata", "title=Titre secret"],
    );
    // 5 s of stereo WAV: loud for 2.5 s, then ten times quieter.
    wav = await ffmpegFixture(
      path.join(dir, "loud-then-soft.wav"),
      ["sine=frequency=300:duration=5"],
      ["-af", "volume=volume='if(lt(t,2.5),1,0.1)':eval=frame", "-ac", "2"],
    );
    fromMp3 = await processFile(mp3, "audio/mpeg");
  });

  it("reads an MP3's metadata and makes a shorter, lighter, untagged preview", async () => {
    const result = fromMp3;

    expect(result.kind).toBe("audio");
    expect(result.metadata).toMatchObject({
      format: "mp3",
      codec: "mp3",
      sampleRate: 44100,
      channels: 1,
      watermarked: true,
    });
    expect(result.metadata.durationSeconds).toBeCloseTo(40, 0);
    expect(result.metadata.bitrate).toBeGreaterThan(180_000);

    const preview = await ffprobe(result.files.audio!);
    expect(preview.streams.map((s) => s.codec_name)).toEqual(["mp3"]);
    expect(Number(preview.format.duration)).toBeLessThanOrEqual(30.1);
    expect(Number(preview.format.duration)).toBeLessThan(result.metadata.durationSeconds!);
    expect(Number(preview.format.bit_rate)).toBeLessThanOrEqual(97_000);
    expect(Number(preview.format.bit_rate)).toBeLessThan(result.metadata.bitrate!);
    expect(preview.format.tags?.title).toBeUndefined();
    const head = await fs.readFile(result.files.audio!);
    expect(head.subarray(0, 3).toString("latin1")).not.toBe("ID3");
  });

  it("beeps in the preview every few seconds: an audible watermark", async () => {
    const { files } = fromMp3;

    // Above 800 Hz the 300 Hz tone is faint; the 1 kHz beep plays at 1 s, 6 s, 11 s…
    for (const at of [1, 6, 11]) {
      const [beep, between, original] = await Promise.all([
        samples(files.audio!, at + 0.1, 0.2),
        samples(files.audio!, at + 2, 0.2),
        samples(mp3, at + 0.1, 0.2),
      ]);
      expect(rms(beep)).toBeGreaterThan(4 * rms(between));
      expect(rms(beep)).toBeGreaterThan(4 * rms(original));
    }
  });

  it("draws a 100-bar waveform from the levels, and a tile from it", async () => {
    const result = await processFile(wav, "audio/wav");

    expect(result.metadata).toMatchObject({ format: "wav", codec: "pcm_s16le", channels: 2 });
    const waveform = result.metadata.waveform!;
    expect(waveform).toHaveLength(100);
    expect(waveform.every((peak) => peak >= 0 && peak <= 1)).toBe(true);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const loud = mean(waveform.slice(5, 45));
    const soft = mean(waveform.slice(55, 95));
    // lavfi's sine peaks at 1/8 of full scale; the second half is ten times quieter.
    expect(loud).toBeCloseTo(0.125, 1);
    expect(loud / soft).toBeGreaterThan(5);
    expect(await sharp(result.files.thumbnail).metadata()).toMatchObject({
      format: "jpeg",
      width: 400,
      height: 300,
    });
  });

  it("refuses bytes that are not audio as corrupt", async () => {
    const file = path.join(dir, "noise.mp3");
    await fs.writeFile(file, Buffer.alloc(4096, 7));

    expect(await errorCode(processFile(file, "audio/mpeg"))).toBe("corrupt");
  });
});
