import fs from "node:fs/promises";
import path from "node:path";
import exifr from "exifr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  checkImageDimensions,
  MediaInputError,
  maxInputPixels,
  processMedia,
} from "~/modules/media/process-media.server";
import { renderWatermarkTile, watermarkTile } from "~/modules/media/watermark.server";
import {
  blackPng,
  bmpBytes,
  meanDifference,
  regionStats,
  run,
  tempDir,
  withIptc,
} from "./fixtures";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

/** A smooth diagonal gradient: any watermark shows against it, JPEG noise does not. */
function gradient(width: number, height: number) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
    '<stop offset="0" stop-color="#2f8f5b"/><stop offset="1" stop-color="#e0c060"/>' +
    `</linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg));
}

async function processFile(file: string, mime: string) {
  const workDir = await tempDir();
  return processMedia({ path: file, mime, fileName: path.basename(file), workDir });
}

async function rejection(promise: Promise<unknown>): Promise<MediaInputError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaInputError);
  return error as MediaInputError;
}

describe("raster images", () => {
  const formats = [
    { format: "jpeg", mime: "image/jpeg" },
    { format: "png", mime: "image/png" },
    { format: "webp", mime: "image/webp" },
    { format: "gif", mime: "image/gif" },
    { format: "tiff", mime: "image/tiff" },
  ] as const;

  it.each(formats)(
    "reads a $format's size and makes a 400 px thumbnail and a 1280 px preview",
    async ({ format, mime }) => {
      const dir = await tempDir();
      const file = path.join(dir, `photo.${format}`);
      await gradient(1600, 1000).toFormat(format).toFile(file);

      const result = await processFile(file, mime);

      expect(result.kind).toBe("image");
      expect(result.metadata).toMatchObject({
        format,
        width: 1600,
        height: 1000,
        watermarked: true,
      });
      expect(result.metadata.dominantColors?.length).toBeGreaterThan(0);
      for (const colour of result.metadata.dominantColors ?? [])
        expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      const thumbnail = await sharp(result.files.thumbnail).metadata();
      expect(thumbnail).toMatchObject({ format: "jpeg", width: 400, height: 250 });
      const preview = await sharp(result.files.preview).metadata();
      expect(preview).toMatchObject({ format: "jpeg", width: 1280, height: 800 });
      expect(path.dirname(result.files.preview!)).toBe(path.dirname(result.files.thumbnail!));
    },
  );

  it("watermarks the preview: it differs from a plain resize, with the logo tiled across", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "plain.png");
    await gradient(2000, 1500).png().toFile(file);
    const plain = await sharp(file).resize({ width: 1280 }).jpeg({ quality: 85 }).toBuffer();

    const { files } = await processFile(file, "image/png");

    expect(await meanDifference(files.preview!, plain)).toBeGreaterThan(2);
    // The tile repeats every 200 px: a square far from the first holds a logo as well.
    for (const [left, top] of [
      [0, 0],
      [800, 600],
    ] as const) {
      const region = { left, top, width: 200, height: 200 };
      expect(await meanDifference(files.preview!, plain, region)).toBeGreaterThan(2);
    }
  });

  it("marks the thumbnail's bottom-right corner with the logo, and nothing else", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "grey.png");
    await sharp({ create: { width: 800, height: 800, channels: 3, background: "#808080" } })
      .png()
      .toFile(file);

    const { files } = await processFile(file, "image/png");

    const corner = await regionStats(files.thumbnail!, {
      left: 310,
      top: 310,
      width: 80,
      height: 80,
    });
    const opposite = await regionStats(files.thumbnail!, {
      left: 10,
      top: 10,
      width: 80,
      height: 80,
    });
    expect(corner[2]!.mean - corner[0]!.mean).toBeGreaterThan(10); // the logo is indigo
    expect(opposite.every((channel) => channel.stdev < 2)).toBe(true);
  });

  it("keeps no metadata in the outputs, and reads the embedded title and keywords", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "tagged.jpg");
    const xmp =
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
      '<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Coucher de soleil à Biarritz</rdf:li></rdf:Alt></dc:title>' +
      "<dc:subject><rdf:Bag><rdf:li>plage</rdf:li><rdf:li>été</rdf:li></rdf:Bag></dc:subject>" +
      '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
    const jpeg = await gradient(900, 600)
      .withExif({
        IFD0: {
          ImageDescription: "Description EXIF",
          Artist: "Camille",
          XPKeywords: "océan;Plage",
        },
      })
      .withXmp(xmp)
      .jpeg()
      .toBuffer();
    await fs.writeFile(
      file,
      withIptc(jpeg, { objectName: "Titre IPTC", keywords: ["vagues", "Été"] }),
    );
    expect(await exifr.parse(file, { iptc: true, xmp: true })).toBeTruthy();

    const { metadata, files } = await processFile(file, "image/jpeg");

    expect(metadata.embeddedTitle).toBe("Coucher de soleil à Biarritz");
    // One list, without case-insensitive repeats, in source order (XMP, IPTC, EXIF).
    expect(metadata.embeddedKeywords).toEqual(["plage", "été", "vagues", "océan"]);
    for (const output of [files.thumbnail!, files.preview!]) {
      const { exif, xmp: outXmp, iptc, icc } = await sharp(output).metadata();
      expect({ exif, xmp: outXmp, iptc, icc }).toEqual({
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        icc: undefined,
      });
      expect(await exifr.parse(output, { iptc: true, xmp: true })).toBeUndefined();
    }
  });

  it("takes a title from IPTC when there is no XMP, decoding its UTF-8", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "iptc.jpg");
    const jpeg = await gradient(300, 200).jpeg().toBuffer();
    await fs.writeFile(file, withIptc(jpeg, { objectName: "Forêt d'hiver", keywords: ["neige"] }));

    const { metadata } = await processFile(file, "image/jpeg");

    expect(metadata).toMatchObject({ embeddedTitle: "Forêt d'hiver", embeddedKeywords: ["neige"] });
  });

  it("applies the EXIF orientation: a portrait shot stored sideways stays a portrait", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "sideways.jpg");
    await gradient(1500, 1000).jpeg().withMetadata({ orientation: 6 }).toFile(file);

    const { metadata, files } = await processFile(file, "image/jpeg");

    expect(metadata).toMatchObject({ width: 1000, height: 1500 });
    expect(await sharp(files.preview).metadata()).toMatchObject({ width: 1000, height: 1500 });
    expect(await sharp(files.thumbnail).metadata()).toMatchObject({ width: 267, height: 400 });
  });

  it("converts a BMP, which sharp cannot read, through ffmpeg", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "drawing.bmp");
    await fs.writeFile(
      file,
      bmpBytes(300, 200, (x) => (x < 150 ? [220, 30, 30] : [30, 30, 220])),
    );

    const result = await processFile(file, "image/bmp");

    expect(result.metadata).toMatchObject({ format: "bmp", width: 300, height: 200 });
    expect(result.metadata.dominantColors).toHaveLength(2);
    expect(await sharp(result.files.thumbnail).metadata()).toMatchObject({
      format: "jpeg",
      width: 300,
    });
    expect(await fs.readdir(dir)).toEqual(["drawing.bmp"]);
    expect((await fs.readdir(path.dirname(result.files.thumbnail!))).sort()).toEqual([
      "preview.jpg",
      "thumbnail.jpg",
    ]);
  });

  it("does not enlarge a small image, and still watermarks it", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "icon.png");
    await gradient(120, 90).png().toFile(file);

    const { files } = await processFile(file, "image/png");

    expect(await sharp(files.preview).metadata()).toMatchObject({ width: 120, height: 90 });
    const plain = await sharp(file).jpeg({ quality: 85 }).toBuffer();
    expect(await meanDifference(files.preview!, plain)).toBeGreaterThan(2);
  });
});

describe("refused images", () => {
  it("refuses a truncated JPEG as corrupt", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "cut.jpg");
    const jpeg = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: "#000000",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    await fs.writeFile(file, jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));

    expect((await rejection(processFile(file, "image/jpeg"))).code).toBe("corrupt");
  });

  it("refuses an HTML page, whatever it claims to be", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "page.html");
    await fs.writeFile(file, "<!doctype html><html><body><script>alert(1)</script></body></html>");

    expect((await rejection(processFile(file, "text/html"))).code).toBe("unsupported");
    expect((await rejection(processFile(file, "image/jpeg"))).code).toBe("unsupported");
  });

  it("refuses a 20000 × 20000 PNG from its header, in a process that stays small", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "huge.png");
    await fs.writeFile(file, blackPng(20_000, 20_000));

    const stdout = await run(process.execPath, [
      ...["--import", "tsx", path.join(repoRoot, "tests/unit/media/peak-rss.child.ts")],
      ...[file, path.join(dir, "out")],
    ]);
    const { codes, peakBeforeBytes, peakRssBytes } = JSON.parse(stdout.toString("utf8")) as {
      codes: string[];
      peakBeforeBytes: number;
      peakRssBytes: number;
    };

    expect(codes).toEqual(["tooManyPixels", "tooManyPixels"]);
    // Decoding it would take 1.2 GB; the refusal costs the process next to nothing.
    console.info(
      `20000×20000 PNG refused: peak RSS ${(peakRssBytes / 2 ** 20).toFixed(0)} MB ` +
        `(${(peakBeforeBytes / 2 ** 20).toFixed(0)} MB before the file was touched)`,
    );
    expect(peakRssBytes).toBeLessThan(300 * 2 ** 20);
    // Loading the modules through tsx has its own peak; the refusal itself adds next to nothing.
    expect(peakRssBytes - peakBeforeBytes).toBeLessThan(30 * 2 ** 20);
  });

  it("checks dimensions from the header alone: 24 MP passes, 400 MP does not", async () => {
    const dir = await tempDir();
    const photo = path.join(dir, "24mp.jpg");
    await sharp({ create: { width: 6000, height: 4000, channels: 3, background: "#406080" } })
      .jpeg()
      .toFile(photo);
    const huge = path.join(dir, "huge.png");
    await fs.writeFile(huge, blackPng(20_000, 20_000));
    const bmp = path.join(dir, "huge.bmp");
    // Only the header matters: a BMP claiming 20000 × 20000 is refused before any decoding.
    await fs.writeFile(
      bmp,
      bmpBytes(1, 1, () => [0, 0, 0]),
    );
    const header = await fs.readFile(bmp);
    header.writeInt32LE(20_000, 18);
    header.writeInt32LE(20_000, 22);
    await fs.writeFile(bmp, header);

    expect(6000 * 4000).toBeLessThan(maxInputPixels);
    expect(await checkImageDimensions(photo, "image/jpeg")).toEqual({ width: 6000, height: 4000 });
    expect((await rejection(checkImageDimensions(huge, "image/png"))).code).toBe("tooManyPixels");
    expect((await rejection(checkImageDimensions(bmp, "image/bmp"))).code).toBe("tooManyPixels");
    expect((await rejection(processFile(bmp, "image/bmp"))).code).toBe("tooManyPixels");
    expect(await checkImageDimensions(photo, "video/mp4")).toBeNull();
    expect(await checkImageDimensions(photo, "image/svg+xml")).toBeNull();
  });
});

describe("watermark tile", () => {
  it("is rendered once per process", async () => {
    expect(await watermarkTile()).toBe(await watermarkTile());
  });

  it("falls back to the word VITRINE when the logo cannot be rendered", async () => {
    const logo = await renderWatermarkTile();
    const text = await renderWatermarkTile("<svg this is not svg");

    expect(logo.source).toBe("logo");
    expect(text.source).toBe("text");
    for (const { png } of [logo, text]) {
      const { width, height, channels } = await sharp(png).metadata();
      expect({ width, height, channels }).toEqual({ width: 200, height: 200, channels: 4 });
      const alpha = (await sharp(png).stats()).channels[3]!;
      // Visible but see-through: about 30 % opacity at most.
      expect(alpha.max).toBeGreaterThan(40);
      expect(alpha.max).toBeLessThanOrEqual(Math.ceil(0.3 * 255) + 1);
    }
  });
});
