import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { constants, crc32, deflateRawSync } from "node:zlib";
import sharp from "sharp";
import { afterAll } from "vitest";

const execFileAsync = promisify(execFile);

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** A fresh temporary folder, removed after the file's tests. */
export async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "vitrine-media-"));
  made.push(dir);
  return dir;
}

/** Runs a tool (test fixtures and checks only) and returns its stdout. */
export async function run(tool: string, args: string[]): Promise<Buffer> {
  const { stdout } = await execFileAsync(tool, args, {
    encoding: "buffer",
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** Makes a file with ffmpeg from lavfi sources: `inputs` are lavfi graphs, `output` args follow. */
export async function ffmpegFixture(file: string, inputs: string[], output: string[]) {
  await run("ffmpeg", [
    ...["-nostdin", "-hide_banner", "-loglevel", "error"],
    ...inputs.flatMap((graph) => ["-f", "lavfi", "-i", graph]),
    ...output,
    ...["-y", file],
  ]);
  return file;
}

export interface ProbeResult {
  format: { duration?: string; bit_rate?: string; tags?: Record<string, string> };
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    tags?: Record<string, string>;
  }[];
}

export async function ffprobe(file: string): Promise<ProbeResult> {
  const stdout = await run("ffprobe", [
    ...["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file],
  ]);
  return JSON.parse(stdout.toString("utf8")) as ProbeResult;
}

/** 16-bit mono samples of a stretch of an audio file, high-passed to keep the beep's band. */
export async function samples(file: string, start: number, seconds: number): Promise<Int16Array> {
  const pcm = await run("ffmpeg", [
    ...["-nostdin", "-hide_banner", "-loglevel", "error"],
    ...["-ss", String(start), "-t", String(seconds), "-i", file],
    ...["-af", "highpass=f=800", "-ac", "1", "-f", "s16le", "-c:a", "pcm_s16le", "pipe:1"],
  ]);
  return new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
}

export function rms(values: Int16Array): number {
  let sum = 0;
  for (const value of values) sum += value * value;
  return Math.sqrt(sum / Math.max(1, values.length));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid black RGB PNG of any size, made in milliseconds: the zlib stream repeats one
 * compressed run of zero rows (ended by a sync flush, so runs can follow each other), and the
 * Adler-32 of n zero bytes is simply (n mod 65521) << 16 | 1. A 20000 × 20000 PNG is 1.2 MB.
 */
export function blackPng(width: number, height: number): Buffer {
  const rowBytes = 1 + width * 3;
  const rowsPerRun = Math.max(1, Math.min(height, Math.floor(4_000_000 / rowBytes)));
  const run = deflateRawSync(Buffer.alloc(rowBytes * rowsPerRun), {
    finishFlush: constants.Z_SYNC_FLUSH,
  });
  const runs = Math.floor(height / rowsPerRun);
  const rest = height % rowsPerRun;
  const parts = [Buffer.from([0x78, 0x01]), ...Array.from({ length: runs }, () => run)];
  if (rest > 0) {
    parts.push(
      deflateRawSync(Buffer.alloc(rowBytes * rest), { finishFlush: constants.Z_SYNC_FLUSH }),
    );
  }
  parts.push(Buffer.from([0x03, 0x00])); // an empty final block
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((rowBytes * height) % 65521) * 65536 + 1) >>> 0);
  parts.push(adler);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.concat(parts)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A 24-bit bottom-up BMP whose pixels come from `colour(x, y)`. */
export function bmpBytes(
  width: number,
  height: number,
  colour: (x: number, y: number) => [number, number, number],
): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + rowSize * height);
  file.write("BM", 0, "latin1");
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(rowSize * height, 34);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * rowSize;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colour(x, y);
      file.set([b, g, r], row + x * 3);
    }
  }
  return file;
}

/** Adds an IPTC block (Photoshop APP13) with a title and keywords right after a JPEG's SOI. */
export function withIptc(jpeg: Buffer, iptc: { objectName: string; keywords: string[] }): Buffer {
  const dataset = (record: number, tag: number, value: Buffer) => {
    const head = Buffer.from([0x1c, record, tag, 0, 0]);
    head.writeUInt16BE(value.length, 3);
    return Buffer.concat([head, value]);
  };
  const records = Buffer.concat([
    dataset(1, 90, Buffer.from([0x1b, 0x25, 0x47])), // UTF-8
    dataset(2, 0, Buffer.from([0, 4])),
    dataset(2, 5, Buffer.from(iptc.objectName, "utf8")),
    ...iptc.keywords.map((keyword) => dataset(2, 25, Buffer.from(keyword, "utf8"))),
  ]);
  const padded = records.length % 2 ? Buffer.concat([records, Buffer.alloc(1)]) : records;
  const size = Buffer.alloc(4);
  size.writeUInt32BE(records.length);
  const resource = Buffer.concat([
    Buffer.from("8BIM", "latin1"),
    Buffer.from([0x04, 0x04, 0, 0]),
    size,
    padded,
  ]);
  const body = Buffer.concat([Buffer.from("Photoshop 3.0\0", "latin1"), resource]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffed, 0);
  segment.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, body, jpeg.subarray(2)]);
}

/** Mean and spread of each colour channel in a region of an image file. */
export async function regionStats(
  file: string | Buffer,
  region: { left: number; top: number; width: number; height: number },
) {
  // stats() reads its input, not the pipeline's output: cut the region out first.
  const cut = await sharp(file).extract(region).png().toBuffer();
  const { channels } = await sharp(cut).stats();
  return channels.slice(0, 3).map(({ mean, stdev }) => ({ mean, stdev }));
}

/** Mean absolute difference between two images of the same size (or a region of both). */
export async function meanDifference(
  a: string | Buffer,
  b: string | Buffer,
  region?: { left: number; top: number; width: number; height: number },
): Promise<number> {
  const [left, right] = await Promise.all(
    [a, b].map((input) => {
      const image = sharp(input).removeAlpha();
      return (region ? image.extract(region) : image).raw().toBuffer({ resolveWithObject: true });
    }),
  );
  if (!left || !right) throw new Error("unreachable");
  if (left.info.width !== right.info.width || left.info.height !== right.info.height) {
    throw new Error("images differ in size");
  }
  let total = 0;
  for (let i = 0; i < left.data.length; i++) total += Math.abs(left.data[i]! - right.data[i]!);
  return total / left.data.length;
}

/** True when one of the hex colours is within `tolerance` of `target` on every channel. */
export function hasColourNear(colours: string[] | undefined, target: string, tolerance = 12) {
  const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const wanted = channels(target);
  return (colours ?? []).some((colour) =>
    channels(colour).every((value, i) => Math.abs(value - wanted[i]!) <= tolerance),
  );
}
