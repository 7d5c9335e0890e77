import { stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { processMedia } from "~/modules/media/process-media.server";
import { srcSet } from "~/modules/media/responsive-images";
import { tempDir } from "./fixtures";

/** A photo-like JPEG: a gradient sky and a sun, as a camera would give. */
async function photoJpeg(file: string, width: number, height: number) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    '<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">' +
    '<stop offset="0" stop-color="#1e5fa8"/><stop offset="1" stop-color="#f3c58b"/>' +
    `</linearGradient></defs><rect width="100%" height="100%" fill="url(#s)"/>` +
    `<circle cx="${width * 0.7}" cy="${height * 0.4}" r="${height * 0.1}" fill="#ffd34d"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toFile(file);
}

async function processJpeg(width: number, height: number) {
  const dir = await tempDir();
  const file = path.join(dir, "photo.jpg");
  await photoJpeg(file, width, height);
  return processMedia({ path: file, mime: "image/jpeg", fileName: "photo.jpg", workDir: dir });
}

describe("WebP copies for phones", () => {
  it("writes card and still copies of a large photo at each width, smaller than the JPEGs", async () => {
    const { files } = await processJpeg(1600, 1000);

    const expected = {
      "card-320": { width: 320, height: 200 },
      "card-640": { width: 640, height: 400 },
      "still-640": { width: 640, height: 400 },
      "still-960": { width: 960, height: 600 },
      "still-1280": { width: 1280, height: 800 },
    } as const;
    for (const [name, size] of Object.entries(expected)) {
      const file = files[name as keyof typeof expected];
      expect(file, name).toBeDefined();
      expect(await sharp(file).metadata(), name).toMatchObject({ format: "webp", ...size });
    }
    // Same size as the JPEG preview, fewer bytes: the reason for the copies.
    expect((await stat(files["still-1280"]!)).size).toBeLessThan((await stat(files.preview!)).size);
  });

  it("makes no copy wider than the image itself: a 700 px photo has no 960 or 1280 still", async () => {
    const { files } = await processJpeg(700, 500);

    expect(Object.keys(files).sort()).toEqual(
      ["card-320", "card-640", "preview", "still-640", "thumbnail"].sort(),
    );
    expect(await sharp(files["still-640"]).metadata()).toMatchObject({ width: 640, height: 457 });
  });

  it("names the copies in a srcset with their widths", () => {
    const id = "3f0c4b1e-2d7a-4a55-9b0e-6f1d2c3b4a59";
    expect(srcSet(id, ["still-640", "still-1280"])).toBe(
      `/media/${id}/still-640 640w, /media/${id}/still-1280 1280w`,
    );
  });
});
