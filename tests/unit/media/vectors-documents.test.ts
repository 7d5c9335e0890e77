import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { MediaInputError, processMedia } from "~/modules/media/process-media.server";
import { maxSvgBytes } from "~/modules/media/vector.server";
import { hasColourNear, regionStats, run, tempDir } from "./fixtures";

let dir: string;
let pdf: string;

/** A hand-written EPS: a blue triangle in a 200 × 100 pt box. */
const eps = `%!PS-Adobe-3.0 EPSF-3.0
%%BoundingBox: 0 0 200 100
%%EndComments
0.2 0.4 0.8 setrgbcolor
newpath 10 10 moveto 190 10 lineto 100 90 lineto closepath fill
showpage
%%EOF
`;

beforeAll(async () => {
  dir = await tempDir();
  pdf = path.join(dir, "three-pages.pdf");
  // Three 300 × 200 pt pages, the first one red.
  await run("gs", [
    ...["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite", `-sOutputFile=${pdf}`],
    "-c",
    "<</PageSize [300 200]>> setpagedevice " +
      "1 0 0 setrgbcolor 0 0 300 200 rectfill showpage " +
      "0 1 0 setrgbcolor 0 0 50 50 rectfill showpage " +
      "0 0 1 setrgbcolor 0 0 50 50 rectfill showpage",
  ]);
});

async function processFile(file: string, mime: string, fileName = path.basename(file)) {
  return processMedia({ path: file, mime, fileName, workDir: await tempDir() });
}

/** Which of red, green and blue dominates the bottom-left corner of a rendered page. */
async function strongestChannel(file: string): Promise<number> {
  const { height } = await sharp(file).metadata();
  const means = (
    await regionStats(file, { left: 20, top: height - 170, width: 150, height: 150 })
  ).map(({ mean }) => mean);
  return means.indexOf(Math.max(...means));
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaInputError);
  return (error as MediaInputError).code;
}

describe("vectors", () => {
  it("renders an SVG sharply to the preview's width, with its natural size as metadata", async () => {
    const file = path.join(dir, "badge.svg");
    await fs.writeFile(
      file,
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80">' +
        '<rect width="120" height="80" fill="#ee3333"/><circle cx="60" cy="40" r="30" fill="#3333ee"/></svg>',
    );

    const result = await processFile(file, "image/svg+xml");

    expect(result.kind).toBe("vector");
    expect(result.metadata).toMatchObject({
      format: "svg",
      width: 120,
      height: 80,
      watermarked: true,
    });
    expect(await sharp(result.files.preview).metadata()).toMatchObject({
      format: "jpeg",
      width: 1280,
      height: 853,
    });
    expect(await sharp(result.files.thumbnail).metadata()).toMatchObject({
      format: "jpeg",
      width: 400,
      height: 267,
    });
    expect(hasColourNear(result.metadata.dominantColors, "#ee3333")).toBe(true);
    expect(hasColourNear(result.metadata.dominantColors, "#3333ee")).toBe(true);
  });

  it("never draws another file an SVG points to, nor fetches anything", async () => {
    const folder = await tempDir();
    // An upload stored beside the SVG, as originals are in the storage folder.
    await sharp({ create: { width: 50, height: 50, channels: 3, background: "#ff0000" } })
      .png()
      .toFile(path.join(folder, "other-upload"));
    const file = path.join(folder, "sneaky.svg");
    await fs.writeFile(
      file,
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100">' +
        '<rect width="200" height="100" fill="#ffffff"/>' +
        '<image href="other-upload" x="0" y="0" width="100" height="100"/>' +
        `<image xlink:href="file://${path.join(folder, "other-upload")}" x="100" y="0" width="100" height="100"/>` +
        '<image href="http://127.0.0.1:9/pixel.png" x="0" y="0" width="200" height="100"/></svg>',
    );

    const { files } = await processFile(file, "image/svg+xml");

    // Where the red file would have been drawn, the preview is white (under the watermark).
    for (const left of [40, 680]) {
      const [red, green] = await regionStats(files.preview!, {
        left,
        top: 200,
        width: 200,
        height: 200,
      });
      expect(red!.mean - green!.mean).toBeLessThan(40);
    }
  });

  it("refuses an SVG too big to parse safely", async () => {
    const file = path.join(dir, "huge.svg");
    await fs.writeFile(
      file,
      `<svg xmlns="http://www.w3.org/2000/svg">${" ".repeat(maxSvgBytes)}</svg>`,
    );

    expect(await errorCode(processFile(file, "image/svg+xml"))).toBe("tooLarge");
  });

  it("renders an EPS through Ghostscript, cropped to its bounding box", async () => {
    const file = path.join(dir, "triangle.eps");
    await fs.writeFile(file, eps);

    const result = await processFile(file, "application/eps");

    expect(result.kind).toBe("vector");
    expect(result.metadata).toMatchObject({ format: "eps", width: 200, height: 100 });
    expect(await sharp(result.files.preview).metadata()).toMatchObject({
      width: 1280,
      height: 640,
    });
    expect(await sharp(result.files.thumbnail).metadata()).toMatchObject({
      width: 400,
      height: 200,
    });
    // The triangle is blue, on white.
    expect(hasColourNear(result.metadata.dominantColors, "#ffffff")).toBe(true);
    expect(hasColourNear(result.metadata.dominantColors, "#3366cc")).toBe(true);
    expect(await fs.readdir(path.dirname(result.files.preview!))).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/^\./)]),
    );
  });

  it("treats a PDF named .ai as an Illustrator vector, rendering its first page", async () => {
    const result = await processFile(pdf, "application/pdf", "logo.ai");

    expect(result.kind).toBe("vector");
    expect(result.metadata).toMatchObject({ format: "ai", width: 300, height: 200 });
    expect(hasColourNear(result.metadata.dominantColors?.slice(0, 1), "#ff0000")).toBe(true);
    expect(await sharp(result.files.preview).metadata()).toMatchObject({
      width: 1280,
      height: 853,
    });
  });

  it("refuses a broken EPS as corrupt", async () => {
    const file = path.join(dir, "broken.eps");
    await fs.writeFile(
      file,
      "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nthis is not postscript\n",
    );

    expect(await errorCode(processFile(file, "application/eps"))).toBe("corrupt");
  });
});

describe("documents and models", () => {
  it("counts a PDF's pages and renders each of them as a watermarked preview", async () => {
    const result = await processFile(pdf, "application/pdf", "guide.pdf");

    expect(result.kind).toBe("document");
    expect(result.metadata).toEqual({
      format: "pdf",
      pages: 3,
      previewPages: 3,
      watermarked: true,
    });
    // Page 1 is the thumbnail and the preview; pages 2 and 3 have a preview each.
    expect(await sharp(result.files.thumbnail).metadata()).toMatchObject({
      format: "jpeg",
      width: 400,
      height: 267,
    });
    expect(await strongestChannel(result.files.preview!)).toBe(0);
    for (const [variant, channel] of [
      ["page-2", 1],
      ["page-3", 2],
    ] as const) {
      const file = result.files[variant]!;
      expect(await sharp(file).metadata()).toMatchObject({ format: "jpeg", width: 960 });
      // Each page's own drawing (a square in its bottom-left corner), under the watermark.
      expect(await strongestChannel(file)).toBe(channel);
    }
    expect(result.files["page-4"]).toBeUndefined();
  });

  it("renders at most the first five pages of a long PDF", async () => {
    const file = path.join(dir, "seven-pages.pdf");
    await run("gs", [
      ...["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite", `-sOutputFile=${file}`],
      "-c",
      "<</PageSize [200 300]>> setpagedevice " + "showpage ".repeat(7),
    ]);

    const result = await processFile(file, "application/pdf", "long.pdf");

    expect(result.metadata).toMatchObject({ pages: 7, previewPages: 5 });
    expect(Object.keys(result.files).filter((name) => name.startsWith("page-"))).toEqual([
      "page-2",
      "page-3",
      "page-4",
      "page-5",
    ]);
  });

  it("refuses a PDF with no readable page as corrupt", async () => {
    const file = path.join(dir, "garbage.pdf");
    await fs.writeFile(file, "%PDF-1.7\nnothing here\n%%EOF\n");

    expect(await errorCode(processFile(file, "application/pdf", "garbage.pdf"))).toBe("corrupt");
  });

  it("gives a 3D model a tile named after its format", async () => {
    const file = path.join(dir, "chair.glb");
    await fs.writeFile(file, Buffer.from("glTF\u0002\u0000\u0000\u0000", "latin1"));

    const result = await processFile(file, "model/gltf-binary");

    expect(result).toMatchObject({ kind: "model", metadata: { format: "glb" } });
    expect(await sharp(result.files.thumbnail).metadata()).toMatchObject({
      format: "jpeg",
      width: 400,
    });
  });
});
