import path from "node:path";
import type { MediaMetadata } from "~/modules/db/schema";
import {
  containerText,
  bitrateOf,
  containerName,
  durationOf,
  ffmpegInputFlags,
  filterExpression,
  positive,
  probe,
  type ProbeStream,
} from "./ffmpeg.server";
import { MediaInputError } from "./media-errors";
import { compactMetadata, type MediaStep } from "./media-step.server";
import { runTool } from "./run-tool.server";
import { writeAudioTile } from "./tiles.server";

/**
 * docs/product.md, "Media previews": a short preview at a lower bitrate with an audible watermark. The watermark is
 * a 1 kHz beep of 0.4 s every 5 s from 1 s on, at a quarter of full scale (about -12 dBFS),
 * over the music lowered to three quarters so the sum cannot clip.
 */
export const audioPreviewSpec = {
  maxSeconds: 30,
  maxKbps: 96,
  /** Standard MP3 bitrates we may pick, highest first. */
  kbpsSteps: [96, 80, 64, 56, 48, 40, 32],
  sampleRate: 44_100,
  beep: { frequency: 1000, everySeconds: 5, firstAtSeconds: 1, seconds: 0.4, level: 0.25 },
  musicLevel: 0.75,
} as const;

/** ~100 bars of peak level, from mono PCM decoded at a low rate (enough for an envelope). */
export const waveformSpec = { bars: 100, sampleRate: 4000, maxWindows: 4096 } as const;

const previewTimeoutMs = 120_000;

/** The preview's bitrate: at most 96 kbps and clearly below the original's. */
export function previewKbps(sourceBitsPerSecond: number | undefined): number {
  const { kbpsSteps, maxKbps } = audioPreviewSpec;
  const ceiling = sourceBitsPerSecond
    ? Math.min(maxKbps, (0.75 * sourceBitsPerSecond) / 1000)
    : maxKbps;
  return kbpsSteps.find((kbps) => kbps <= ceiling) ?? kbpsSteps[kbpsSteps.length - 1]!;
}

async function writePreview(
  filePath: string,
  stream: ProbeStream,
  bitrate: number | undefined,
  workDir: string,
): Promise<string> {
  const { maxSeconds, sampleRate, beep, musicLevel } = audioPreviewSpec;
  const layout = (stream.channels ?? 2) >= 2 ? "stereo" : "mono";
  // lavfi's sine has an amplitude of 1/8: the gain brings it to `beep.level`.
  const beepGain = beep.level * 8;
  const gate = `${beepGain}*gte(t,${beep.firstAtSeconds})*lt(mod(t-${beep.firstAtSeconds},${beep.everySeconds}),${beep.seconds})`;
  const output = path.join(workDir, "audio.mp3");
  await runTool(
    "ffmpeg",
    [
      ...ffmpegInputFlags,
      ...["-t", String(maxSeconds), "-i", `file:${filePath}`],
      ...["-f", "lavfi", "-i", `sine=frequency=${beep.frequency}:sample_rate=${sampleRate}`],
      "-filter_complex",
      `[0:${stream.index}]aformat=sample_rates=${sampleRate}:channel_layouts=${layout},volume=${musicLevel}[music];` +
        `[1:a]volume=volume=${filterExpression(gate)}:eval=frame,aformat=channel_layouts=${layout}[beep];` +
        "[music][beep]amix=inputs=2:duration=first:dropout_transition=0:normalize=0[out]",
      ...["-map", "[out]", "-c:a", "libmp3lame", "-b:a", `${previewKbps(bitrate)}k`],
      // No ID3 tags: the original's title, artist and cover art stay out of the preview.
      ...["-map_metadata", "-1", "-id3v2_version", "0", "-write_id3v1", "0"],
      ...["-f", "mp3", "-y", `file:${output}`],
    ],
    { timeoutMs: previewTimeoutMs },
  );
  return output;
}

/**
 * Peak levels (0..1) of the whole track in `waveformSpec.bars` bars. ffmpeg decodes it to
 * 16-bit mono PCM at 4 kHz on its stdout; the stream is folded into peak windows as it comes,
 * never held whole, and the windows double in length whenever there are too many, so memory
 * stays bounded whatever the length and even when the duration is unknown.
 */
export async function computeWaveform(
  filePath: string,
  streamIndex: number,
  durationSeconds?: number,
): Promise<number[]> {
  const { bars, sampleRate, maxWindows } = waveformSpec;
  let windowSamples = 10;
  let peaks: number[] = [];
  let peak = 0;
  let inWindow = 0;
  let carry: Buffer | undefined;

  const onStdout = (chunk: Buffer) => {
    const data = carry ? Buffer.concat([carry, chunk]) : chunk;
    const usable = data.length - (data.length % 2);
    carry = usable < data.length ? Buffer.from(data.subarray(usable)) : undefined;
    for (let i = 0; i < usable; i += 2) {
      const level = Math.abs(data.readInt16LE(i));
      if (level > peak) peak = level;
      if (++inWindow < windowSamples) continue;
      peaks.push(peak);
      peak = 0;
      inWindow = 0;
      if (peaks.length >= maxWindows) {
        peaks = peaks.reduce<number[]>((merged, value, j) => {
          if (j % 2 === 0) merged.push(value);
          else merged[merged.length - 1] = Math.max(merged[merged.length - 1]!, value);
          return merged;
        }, []);
        windowSamples *= 2;
      }
    }
  };
  // Decoding runs far faster than real time; a generous bound per second of audio.
  const timeoutMs = 60_000 + (durationSeconds ?? 36_000) * 50;
  await runTool(
    "ffmpeg",
    [
      ...ffmpegInputFlags,
      ...["-i", `file:${filePath}`, "-map", `0:${streamIndex}`, "-vn"],
      ...["-ac", "1", "-ar", String(sampleRate), "-c:a", "pcm_s16le", "-f", "s16le", "pipe:1"],
    ],
    { timeoutMs, onStdout },
  );
  if (inWindow > 0) peaks.push(peak);

  const level = (value: number) => Math.round(Math.min(1, value / 32767) * 1000) / 1000;
  if (peaks.length <= bars) return peaks.map(level);
  return Array.from({ length: bars }, (_, bar) => {
    const start = Math.floor((bar * peaks.length) / bars);
    const end = Math.floor(((bar + 1) * peaks.length) / bars);
    return level(Math.max(...peaks.slice(start, end)));
  });
}

/**
 * An audio track: ffprobe's metadata, a watermarked MP3 preview of its first 30 s, its
 * waveform, and a thumbnail drawn from that waveform.
 */
export const processAudio: MediaStep = async ({ path: filePath, mime, workDir }) => {
  const probed = await probe(filePath);
  const stream = probed.streams.find((s) => s.codec_type === "audio");
  if (!stream) throw new MediaInputError("corrupt", "no audio stream");
  const duration = durationOf(probed, stream);
  const bitrate = bitrateOf(probed, stream);

  const [audio, waveform] = await Promise.all([
    writePreview(filePath, stream, bitrate, workDir),
    computeWaveform(filePath, stream.index, duration),
  ]);
  const thumbnail = path.join(workDir, "thumbnail.jpg");
  await writeAudioTile(waveform, thumbnail);

  const metadata: MediaMetadata = {
    format: containerName(probed, mime),
    durationSeconds: duration,
    codec: stream.codec_name,
    bitrate,
    sampleRate: positive(stream.sample_rate),
    channels: positive(stream.channels),
    waveform,
    watermarked: true,
    ...containerText(probed),
  };
  return { metadata: compactMetadata(metadata), files: { thumbnail, audio } };
};
