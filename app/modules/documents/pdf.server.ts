import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

/**
 * Documents as PDF (receipts, invoices, certificates): pdfkit with DejaVu Sans embedded (the
 * `dejavu-fonts-ttf` package), which covers Latin with œ and €, and Arabic. pdfkit shapes each
 * Arabic word with fontkit (joined letter forms, right to left); the order of the words of a
 * right-to-left run is ours to set (`visualRuns`). Text wraps to its column and a table goes on
 * as many pages as it needs, its header repeated on each (decision record 0051).
 */

const fontFile = (name: string) =>
  createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);

const regular = "body";
const bold = "bold";

const rtlLetters = "\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff";
const rtlRun = new RegExp(`[${rtlLetters}](?:[${rtlLetters}\\s]*[${rtlLetters}])?`, "g");

/**
 * A line of text cut into the pieces pdfkit draws left to right. A right-to-left run (Arabic,
 * Hebrew) is one piece with no-break spaces between its words: fontkit lays a piece of that
 * script out right to left as a whole (letters joined, words in reading order), and pdfkit
 * cannot break the line inside it. The page's direction stays left to right: our labels are
 * French or English.
 */
export function visualRuns(text: string): string[] {
  const runs: string[] = [];
  let last = 0;
  for (const match of text.matchAll(rtlRun)) {
    if (match.index > last) runs.push(text.slice(last, match.index));
    runs.push(match[0].replace(/\s+/g, "\u00a0"));
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push(text.slice(last));
  return runs.filter((run) => run.length > 0);
}

export interface TableColumn {
  header: string;
  /** Share of the table's width, all columns adding up to 1. */
  width: number;
  align?: "left" | "right";
}

/** A cell: its main text, and a smaller grey line under it (licence, seller, period). */
export interface TableCell {
  text: string;
  detail?: string;
}

/** One A4 document with the page's margins, fonts and the drawing helpers documents need. */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly margin = 50;

  constructor(info: { title: string }) {
    this.doc = new PDFDocument({
      size: "A4",
      margin: this.margin,
      bufferPages: true,
      font: fontFile("DejaVuSans.ttf"),
      info: { Title: info.title, Producer: "Vitrine" },
    });
    this.doc.registerFont(regular, fontFile("DejaVuSans.ttf"));
    this.doc.registerFont(bold, fontFile("DejaVuSans-Bold.ttf"));
  }

  get width(): number {
    return this.doc.page.width - 2 * this.margin;
  }

  private get bottom(): number {
    return this.doc.page.height - this.margin;
  }

  /** A paragraph the page's width (or `width`), wrapped; a new page when it would not fit. */
  text(
    text: string,
    options: {
      size?: number;
      bold?: boolean;
      gap?: number;
      color?: string;
      x?: number;
      width?: number;
      align?: "left" | "right";
    } = {},
  ) {
    const { doc } = this;
    const width = options.width ?? this.width;
    const x = options.x ?? this.margin;
    doc.font(options.bold ? bold : regular).fontSize(options.size ?? 10);
    doc.fillColor(options.color ?? "#111111");
    if (options.gap) doc.y += options.gap;
    if (doc.y + doc.heightOfString(text, { width }) > this.bottom) doc.addPage();
    const runs = visualRuns(text);
    doc.x = x;
    runs.forEach((run, index) =>
      doc.text(run, index === 0 ? x : undefined, undefined, {
        width,
        align: options.align ?? "left",
        continued: index < runs.length - 1,
      }),
    );
    doc.x = this.margin;
  }

  /**
   * A table whose rows never get cut: a row that does not fit goes to the next page, which
   * starts with the header again. Cells wrap within their column.
   */
  table(columns: readonly TableColumn[], rows: readonly TableCell[][]) {
    const { doc } = this;
    const widths = columns.map((column) => column.width * this.width);
    const padding = 4;
    const cellHeight = (cell: TableCell, width: number) => {
      doc.font(regular).fontSize(10);
      let height = doc.heightOfString(cell.text, { width: width - 2 * padding });
      if (cell.detail) {
        doc.fontSize(8);
        height += doc.heightOfString(cell.detail, { width: width - 2 * padding }) + 2;
      }
      return height + 2 * padding;
    };
    const drawRow = (cells: readonly TableCell[], header: boolean) => {
      const height = Math.max(...cells.map((cell, index) => cellHeight(cell, widths[index]!)));
      const top = doc.y;
      let x = this.margin;
      cells.forEach((cell, index) => {
        const width = widths[index]! - 2 * padding;
        const align = columns[index]!.align ?? "left";
        doc.y = top + padding;
        doc
          .font(header ? bold : regular)
          .fontSize(10)
          .fillColor("#111111");
        const runs = visualRuns(cell.text);
        runs.forEach((run, runIndex) =>
          doc.text(
            run,
            runIndex === 0 ? x + padding : undefined,
            runIndex === 0 ? top + padding : undefined,
            {
              width,
              align,
              continued: runIndex < runs.length - 1,
            },
          ),
        );
        if (cell.detail) {
          doc.font(regular).fontSize(8).fillColor("#555555");
          doc.text(cell.detail, x + padding, doc.y + 2, { width, align });
        }
        x += widths[index]!;
      });
      doc.y = top + height;
      doc
        .moveTo(this.margin, doc.y)
        .lineTo(this.margin + this.width, doc.y)
        .lineWidth(header ? 1 : 0.5)
        .strokeColor(header ? "#111111" : "#bbbbbb")
        .stroke();
      doc.x = this.margin;
      return height;
    };
    const header = columns.map((column) => ({ text: column.header }));
    const headerHeight = Math.max(...header.map((cell, index) => cellHeight(cell, widths[index]!)));
    const firstRow = rows[0];
    const firstHeight = firstRow
      ? Math.max(...firstRow.map((cell, index) => cellHeight(cell, widths[index]!)))
      : 0;
    if (doc.y + headerHeight + firstHeight > this.bottom) doc.addPage();
    drawRow(header, true);
    for (const row of rows) {
      const height = Math.max(...row.map((cell, index) => cellHeight(cell, widths[index]!)));
      if (doc.y + height > this.bottom) {
        doc.addPage();
        drawRow(header, true);
      }
      drawRow(row, false);
    }
  }

  /** Two blocks side by side (issuer and buyer), each a title and lines; the page goes on below. */
  columns(blocks: ReadonlyArray<{ title: string; lines: readonly string[] }>) {
    const { doc } = this;
    const top = doc.y;
    const width = this.width / blocks.length - 10;
    let end = top;
    blocks.forEach((block, index) => {
      doc.y = top;
      const x = this.margin + index * (this.width / blocks.length);
      this.text(block.title, { bold: true, size: 9, color: "#555555", x, width });
      for (const line of block.lines) this.text(line, { size: 10, x, width });
      end = Math.max(end, doc.y);
    });
    doc.y = end;
    doc.x = this.margin;
  }

  /** The finished file; every page numbered at its foot ("Page 1 / 3"). */
  async finish(pageLabel: (page: number, pages: number) => string): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      // Written in the bottom margin: lift the margin so pdfkit does not start a new page.
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font(regular)
        .fontSize(8)
        .fillColor("#555555")
        .text(pageLabel(index + 1, range.count), this.margin, doc.page.height - 35, {
          width: this.width,
          align: "right",
        });
      doc.page.margins.bottom = bottomMargin;
    }
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on("end", () => resolve(Buffer.concat(chunks)));
      doc.on("error", reject);
    });
    doc.end();
    return done;
  }
}
