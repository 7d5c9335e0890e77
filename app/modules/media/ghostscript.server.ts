import fs from "node:fs/promises";
import path from "node:path";
import { MediaInputError } from "./media-errors";
import { MediaToolError, runTool } from "./run-tool.server";

/** A page's size in points (1/72 inch), as displayed (after its /Rotate). */
export interface PageBox {
  width: number;
  height: number;
}

/** Flags of every run: SAFER (no file or device access beyond what we name), no prompts. */
const baseFlags = ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE"];
const infoTimeoutMs = 30_000;
const renderTimeoutMs = 60_000;

/** A Ghostscript failure on an input is the input's fault; a timeout may be the machine's. */
function asInputError(error: unknown): unknown {
  if (error instanceof MediaToolError && !error.timedOut) {
    return new MediaInputError("corrupt", error.message);
  }
  return error;
}

/** Unescapes a PostScript string as `==` prints it: "(a\\351b)" gives the bytes a, 0xE9, b. */
export function postScriptStringBytes(printed: string): Buffer {
  const inner = printed.replace(/^\(/, "").replace(/\)$/, "");
  const bytes: number[] = [];
  const simple: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
  for (let i = 0; i < inner.length; i++) {
    const char = inner[i]!;
    if (char !== "\\") {
      bytes.push(char.charCodeAt(0) & 0xff);
      continue;
    }
    const next = inner[++i] ?? "";
    const octal = /^[0-7]{1,3}/.exec(inner.slice(i))?.[0];
    if (octal) {
      bytes.push(parseInt(octal, 8) & 0xff);
      i += octal.length - 1;
    } else bytes.push(simple[next] ?? next.charCodeAt(0));
  }
  return Buffer.from(bytes);
}

/**
 * A PDF text string's bytes as text: UTF-16BE or UTF-8 after their byte-order mark, UTF-8 when
 * the bytes are valid UTF-8 (tools that ignore the rule), PDFDocEncoding (close to Latin-1)
 * otherwise.
 */
export function pdfText(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString("utf16le");
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return bytes.subarray(3).toString("utf8");
  const utf8 = bytes.toString("utf8");
  return utf8.includes("\ufffd") ? bytes.toString("latin1") : utf8;
}

/** Document Info strings worth reading: the author's own title and name. */
const infoKeys = ["Title", "Author", "Subject", "Keywords"] as const;
export type PdfInfoText = Partial<Record<Lowercase<(typeof infoKeys)[number]>, string>>;

// Ghostscript 10's interpreter exposes the Info dictionary as PDFInfo, older ones in Trailer.
const printInfo =
  "/PDFInfo where { pop PDFInfo } { Trailer /Info knownoget not { << >> } if } ifelse " +
  infoKeys
    .map(
      (key) =>
        `dup /${key} knownoget { dup type /stringtype eq { (${key}: ) print == } { pop } ifelse } if `,
    )
    .join("") +
  "pop ";

function infoText(output: string): PdfInfoText {
  const text: PdfInfoText = {};
  for (const key of infoKeys) {
    const printed = new RegExp(`^${key}: (\\(.*\\))$`, "m").exec(output)?.[1];
    const value = printed ? pdfText(postScriptStringBytes(printed)).normalize("NFC").trim() : "";
    if (value !== "") text[key.toLowerCase() as Lowercase<(typeof infoKeys)[number]>] = value;
  }
  return text;
}

/**
 * A PDF's page count, first page size and Info strings (title, author…), read by
 * Ghostscript's PDF interpreter. The path is handed over as a string parameter, never pasted
 * into PostScript code.
 */
export async function readPdfInfo(
  filePath: string,
): Promise<{ pages: number; box?: PageBox; info: PdfInfoText }> {
  let output: string;
  try {
    const stdout = await runTool(
      "gs",
      [
        ...baseFlags,
        "-dNODISPLAY",
        `--permit-file-read=${filePath}`,
        `-sVitrineFile=${filePath}`,
        "-c",
        "VitrineFile (r) file runpdfbegin (pages: ) print pdfpagecount = " +
          printInfo +
          "1 pdfgetpage dup /MediaBox pget { (box: ) print == } if " +
          "/Rotate pget { (rotate: ) print = } if quit",
      ],
      { timeoutMs: infoTimeoutMs },
    );
    output = stdout.toString("utf8");
  } catch (error) {
    throw asInputError(error);
  }
  const pages = Number(/^pages: (\d+)$/m.exec(output)?.[1] ?? 0);
  if (pages < 1)
    throw new MediaInputError("corrupt", `no page found: ${output.trim().slice(-500)}`);
  const numbers = /^box: \[([^\]]*)\]$/m.exec(output)?.[1]?.trim().split(/\s+/).map(Number);
  const rotate = Number(/^rotate: (-?\d+)$/m.exec(output)?.[1] ?? 0);
  const info = infoText(output);
  if (numbers?.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return { pages, info };
  const [x0, y0, x1, y1] = numbers as [number, number, number, number];
  const width = Math.abs(x1 - x0);
  const height = Math.abs(y1 - y0);
  if (width === 0 || height === 0) return { pages, info };
  const quarterTurn = Math.abs(rotate) % 180 === 90;
  return {
    pages,
    info,
    box: quarterTurn ? { width: height, height: width } : { width, height },
  };
}

/**
 * The bounding box an EPS file declares in its header (DSC comment), in points, from the start
 * of its PostScript (see `epsPostScriptOffset`).
 */
export function epsBoundingBox(head: Buffer): PageBox | undefined {
  const text = head.toString("latin1");
  const match =
    /^%%HiResBoundingBox:\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)/m.exec(text) ??
    /^%%BoundingBox:\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)/m.exec(text);
  const numbers = match?.slice(1, 5).map(Number);
  if (!numbers || numbers.some((n) => !Number.isFinite(n))) return undefined;
  const [x0, y0, x1, y1] = numbers as [number, number, number, number];
  const box = { width: Math.abs(x1 - x0), height: Math.abs(y1 - y0) };
  return box.width > 0 && box.height > 0 ? box : undefined;
}

/** Where a DOS EPS file's PostScript section starts (0 for a plain EPS). */
export function epsPostScriptOffset(head: Buffer): number {
  const isDosEps = head.length >= 12 && head.readUInt32BE(0) === 0xc5d0d3c6;
  return isDosEps ? head.readUInt32LE(4) : 0;
}

/** The Ghostscript flags that draw pages to PNGs on white, antialiased, at `resolution` dpi. */
function pngDeviceFlags(resolution: number): string[] {
  return [
    // PostScript's own output would mix with the PNG's progress: send it to stderr.
    "-sstdout=%stderr",
    "-sDEVICE=png16m",
    `-r${resolution.toFixed(2)}`,
    "-dTextAlphaBits=4",
    "-dGraphicsAlphaBits=4",
  ];
}

/**
 * Renders the first page of a PDF, PostScript or EPS file to a PNG at `resolution` dots per
 * inch, on white. EPS files are cropped to their bounding box.
 */
export async function renderFirstPage(
  filePath: string,
  outputPng: string,
  { resolution, eps }: { resolution: number; eps: boolean },
): Promise<void> {
  try {
    await runTool(
      "gs",
      [
        ...baseFlags,
        ...pngDeviceFlags(resolution),
        "-dFirstPage=1",
        "-dLastPage=1",
        ...(eps ? ["-dEPSCrop"] : []),
        // "%" would be read as a page-number pattern.
        `-sOutputFile=${outputPng.replaceAll("%", "%%")}`,
        "-f",
        filePath,
      ],
      { timeoutMs: renderTimeoutMs },
    );
  } catch (error) {
    throw asInputError(error);
  }
  const written = await fs.stat(outputPng).catch(() => undefined);
  if (!written?.size) throw new MediaInputError("corrupt", "Ghostscript drew no page");
}

/**
 * Renders a PDF's pages 1 to `count` in one run, each to its own PNG in `directory` (on white, at
 * `resolution` dpi); returns their paths in page order. Fails when a page could not be drawn.
 */
export async function renderPdfPages(
  filePath: string,
  directory: string,
  { resolution, count }: { resolution: number; count: number },
): Promise<string[]> {
  try {
    await runTool(
      "gs",
      [
        ...baseFlags,
        ...pngDeviceFlags(resolution),
        "-dFirstPage=1",
        `-dLastPage=${count}`,
        // The folder's own "%" would be read as a page-number pattern; ours stays one.
        `-sOutputFile=${path.join(directory.replaceAll("%", "%%"), ".pdf-page-%d.png")}`,
        "-f",
        filePath,
      ],
      { timeoutMs: renderTimeoutMs },
    );
  } catch (error) {
    throw asInputError(error);
  }
  const pages = Array.from({ length: count }, (_, index) =>
    path.join(directory, `.pdf-page-${index + 1}.png`),
  );
  for (const page of pages) {
    const written = await fs.stat(page).catch(() => undefined);
    if (!written?.size) throw new MediaInputError("corrupt", "Ghostscript drew no page");
  }
  return pages;
}
