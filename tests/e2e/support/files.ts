import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { demoPdf } from "../../../app/modules/demo/demo-media.server";

/** Files made at test time, in the test's own output folder. */

/** A real PNG photo (a gradient, so it is not a trivial image). */
export async function pngFile(dir: string, name: string, width = 640, height = 400) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.round((x / width) * 255);
      pixels[offset + 1] = Math.round((y / height) * 255);
      pixels[offset + 2] = 160;
    }
  }
  const file = path.join(dir, name);
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(file);
  return file;
}

/** A real 16-bit mono PCM WAV of `dataBytes` bytes of sound (a sine wave). */
export function wavFile(dir: string, name: string, dataBytes = 32_000) {
  const sampleRate = 8000;
  const data = Buffer.alloc(dataBytes - (dataBytes % 2));
  for (let i = 0; i < data.length / 2; i++) {
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

/** An HTML page under whatever name the test gives it. */
export function htmlFile(dir: string, name: string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, "<!doctype html><html><body><p>Not a photo</p></body></html>\n");
  return file;
}

/** A file of `size` bytes that takes no room on disk (sparse). */
export function sparseFile(dir: string, name: string, size: number) {
  const file = path.join(dir, name);
  const handle = fs.openSync(file, "w");
  fs.ftruncateSync(handle, size);
  fs.closeSync(handle);
  return file;
}

/**
 * The file chooser that `open` makes the page show. Playwright asks Chromium to intercept file
 * choosers without waiting for the answer, and a busy renderer handles input before that request:
 * the picker then opens unseen. A round trip through the page first makes the interception
 * certain (on a loaded 2-core machine the keyboard test failed both its attempts without it).
 */
export async function fileChooserOpenedBy(page: Page, open: () => Promise<void>) {
  const chooser = page.waitForEvent("filechooser");
  await page.evaluate(() => undefined);
  await open();
  return chooser;
}

/** Opens the file picker from the drop zone, as a person clicking it, and picks `files`. */
export async function pickFiles(page: Page, dropZone: string, files: string[]) {
  const button = page.getByRole("button", { name: dropZone });
  const chooser = await fileChooserOpenedBy(page, () => button.click());
  await chooser.setFiles(files);
}

/** The line of the file list that shows `name`. */
export function fileRow(list: Locator, name: string): Locator {
  return list.getByRole("listitem").filter({ has: list.page().getByText(name, { exact: true }) });
}

/** Waits until the line of `name` says `status`. */
export async function expectFileStatus(list: Locator, name: string, status: string | RegExp) {
  await expect(fileRow(list, name).getByText(status)).toBeVisible();
}

/** A real two-second H.264 clip with a tone, drawn by ffmpeg (320×240 unless told). */
export function mp4File(dir: string, name: string, size = { width: 320, height: 240 }) {
  const file = path.join(dir, name);
  // Few frames a second keep a 4K clip quick to encode.
  const rate = size.width > 1920 ? 5 : 15;
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `testsrc2=size=${size.width}x${size.height}:rate=${rate}:duration=2`,
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=2",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-shortest",
    file,
  ]);
  return file;
}

/** A small valid PDF (the demo seed's generator). */
export function pdfFile(dir: string, name: string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, demoPdf("Guide", ["Chapitre 1", "Chapitre 2"]));
  return file;
}

/** A JPEG of more than `bytes` (noise does not compress). */
export async function noisyJpeg(dir: string, name: string, width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 5) * 104729) % 256;
  const file = path.join(dir, name);
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toFile(file);
  return file;
}

/** A JPEG cut off at half its bytes: its header is a JPEG's, its picture cannot be decoded. */
export async function truncatedJpeg(dir: string, name: string) {
  const file = await noisyJpeg(dir, name, 400, 300);
  fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
  return file;
}
