import type { MediaMetadata } from "~/modules/db/schema";
import { MediaInputError } from "./media-errors";
import { MediaToolError, runTool } from "./run-tool.server";

/** The parts of ffprobe's JSON we read; every field may be missing. */
export interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  sample_rate?: string;
  channels?: number;
  bit_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
}

export interface Probe {
  streams: ProbeStream[];
  format: {
    format_name?: string;
    duration?: string;
    bit_rate?: string;
    tags?: Record<string, string>;
  };
}

/** Options before every input: quiet, no prompt, and local files only (no URL a file names). */
export const ffmpegInputFlags = [
  ...["-nostdin", "-hide_banner", "-loglevel", "error"],
  ...["-protocol_whitelist", "file"],
];

const probeTimeoutMs = 30_000;

/**
 * ffprobe's view of a file: its container and streams. A file ffprobe cannot read is
 * `corrupt`; a timeout stays retriable.
 */
export async function probe(filePath: string): Promise<Probe> {
  let stdout: Buffer;
  try {
    stdout = await runTool(
      "ffprobe",
      [
        ...["-v", "error", "-protocol_whitelist", "file"],
        ...["-print_format", "json", "-show_format", "-show_streams"],
        `file:${filePath}`,
      ],
      { timeoutMs: probeTimeoutMs },
    );
  } catch (error) {
    if (error instanceof MediaToolError && !error.timedOut) {
      throw new MediaInputError("corrupt", error.message);
    }
    throw error;
  }
  const parsed = JSON.parse(stdout.toString("utf8")) as Partial<Probe>;
  return { streams: parsed.streams ?? [], format: parsed.format ?? {} };
}

/** A positive number from ffprobe's text, or undefined. */
export function positive(value: string | number | undefined): number | undefined {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/** Seconds rounded to the millisecond: the container's duration, else the stream's. */
export function durationOf(probed: Probe, stream?: ProbeStream): number | undefined {
  const seconds = positive(probed.format.duration) ?? positive(stream?.duration);
  return seconds === undefined ? undefined : Math.round(seconds * 1000) / 1000;
}

const containerByType: Record<string, string> = {
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "video/x-matroska": "mkv",
  "video/x-msvideo": "avi",
  "video/mpeg": "mpeg",
  "video/mp2t": "mpegts",
  "video/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/x-m4a": "m4a",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/vnd.wave": "wav",
  "audio/ogg": "ogg",
  "audio/aac": "aac",
  "audio/flac": "flac",
  "audio/x-flac": "flac",
};

/**
 * A readable container name: ffprobe names demuxers, some of them lists ("mov,mp4,m4a,3gp,…"),
 * so the detected type decides when it is known.
 */
export function containerName(probed: Probe, mime: string): string | undefined {
  return containerByType[mime.toLowerCase()] ?? probed.format.format_name?.split(",")[0];
}

/** Bits per second of the whole file, else of the stream. */
export function bitrateOf(probed: Probe, stream?: ProbeStream): number | undefined {
  const bits = positive(probed.format.bit_rate) ?? positive(stream?.bit_rate);
  return bits === undefined ? undefined : Math.round(bits);
}

/** ffmpeg's expression syntax needs commas escaped inside filter arguments. */
export function filterExpression(expression: string): string {
  return `'${expression.replaceAll(",", "\\,")}'`;
}

/** Text an author left in a container's tags (ID3, MP4, Matroska…): title, artist, genre, comment. */
export function containerText(
  probed: Probe,
): Pick<
  MediaMetadata,
  "embeddedTitle" | "embeddedAuthor" | "embeddedGenre" | "embeddedDescription" | "embeddedKeywords"
> {
  // Tag names differ in case between containers ("TITLE" in Matroska, "title" in MP4 and ID3).
  const tags = new Map(
    Object.entries(probed.format.tags ?? {}).map(([key, value]) => [key.toLowerCase(), value]),
  );
  const text = (max: number, ...keys: string[]) => {
    for (const key of keys) {
      const value = tags.get(key)?.normalize("NFC").replace(/\s+/g, " ").trim();
      if (value) return value.slice(0, max);
    }
    return undefined;
  };
  const keywords = text(2000, "keywords")
    ?.split(/[;,]/)
    .map((keyword) => keyword.trim())
    .filter(Boolean)
    .slice(0, 50);
  const found = {
    embeddedTitle: text(200, "title"),
    embeddedAuthor: text(200, "artist", "album_artist", "author", "composer"),
    embeddedGenre: text(100, "genre"),
    embeddedDescription: text(2000, "description", "comment", "synopsis"),
    embeddedKeywords: keywords?.length ? keywords : undefined,
  };
  return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined));
}
