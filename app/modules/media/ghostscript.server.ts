import fs from "node:fs/promises";
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

/**
 * A PDF's page count and first page size, read by Ghostscript's PDF interpreter. The path is
 * handed over as a string parameter, never pasted into PostScript code.
 */
export async function readPdfInfo(filePath: string): Promise<{ pages: number; box?: PageBox }> {
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
  if (numbers?.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return { pages };
  const [x0, y0, x1, y1] = numbers as [number, number, number, number];
  const width = Math.abs(x1 - x0);
  const height = Math.abs(y1 - y0);
  if (width === 0 || height === 0) return { pages };
  const quarterTurn = Math.abs(rotate) % 180 === 90;
  return { pages, box: quarterTurn ? { width: height, height: width } : { width, height } };
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
        // PostScript's own output would mix with the PNG's progress: send it to stderr.
        "-sstdout=%stderr",
        "-sDEVICE=png16m",
        `-r${resolution.toFixed(2)}`,
        "-dFirstPage=1",
        "-dLastPage=1",
        "-dTextAlphaBits=4",
        "-dGraphicsAlphaBits=4",
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
