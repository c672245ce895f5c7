/**
 * The documents the API writes as PDF (the pharmacist's statement, decision 075; the group's monthly statement,
 * decision 091): A4 pages written top to bottom with pdf-lib and its standard Helvetica (WinAnsi holds the Italian
 * accents, '€', '«»', '–' and '—'; nothing is embedded, so a file stays small and quick to make), a new page when the
 * next block would not fit, rows of a table at fixed columns, and 'Pagina n di m' at the foot once all are written.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 50;
const BOTTOM = 60;
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;
const INK = rgb(0.1, 0.12, 0.16);
export const MUTED = rgb(0.35, 0.38, 0.42);
const RULE = rgb(0.8, 0.82, 0.85);
const ELLIPSIS = '…';

/** A table's column: its left edge, or its right edge for a figure; a text wider than `width` is cut with '…'. */
export interface TColumn {
  x: number;
  right?: boolean;
  width?: number;
}

/**
 * A text the font can write: what WinAnsi lacks is written without its accent when that is enough (ő → o), else as '?'.
 * A name typed in another alphabet must not make a document fail.
 */
function writable(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  const one = (char: string) => {
    if (supported.has(char.codePointAt(0) ?? 0)) return char;
    const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
    return bare && [...bare].every((c) => supported.has(c.codePointAt(0) ?? 0)) ? bare : '?';
  };
  return (text) => [...text.replace(/[\r\n\t]+/g, ' ')].map(one).join('');
}

/** Words to lines no wider than `width`; a word wider than a line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A text cut to `width`, ending in '…' when it was cut. */
function fitted(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text.length - 1;
  while (cut > 0 && font.widthOfTextAtSize(`${text.slice(0, cut)}${ELLIPSIS}`, size) > width) cut -= 1;
  return `${text.slice(0, cut).trimEnd()}${ELLIPSIS}`;
}

/** A document's pages, written top to bottom; a new page when the next block would not fit. */
export class PdfWriter {
  private page: PDFPage;
  private y = PAGE.height - MARGIN;
  private readonly clean: (text: string) => string;
  /** Called on each page the writer adds (a table's heading row drawn again). */
  onNewPage: (() => void) | undefined;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.clean = writable(font);
  }

  /** A new A4 document with its title, made by Farmaponte in Italian at `now`. */
  static async create(title: string, now: Date): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setAuthor('Farmaponte');
    doc.setCreator('Farmaponte');
    doc.setProducer('Farmaponte');
    doc.setLanguage('it-IT');
    doc.setCreationDate(now);
    doc.setModificationDate(now);
    return new PdfWriter(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  }

  /** Room for `height` points, on a new page if needed. */
  need(height: number) {
    if (this.y - height >= BOTTOM) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
    this.onNewPage?.();
  }

  gap(points: number) {
    this.y -= points;
  }

  /** A paragraph, wrapped to the text's width. */
  paragraph(text: string, { size = 10, bold = false, color = INK } = {}) {
    const font = bold ? this.bold : this.font;
    for (const line of wrap(this.clean(text), font, size, TEXT_WIDTH)) {
      this.need(size * 1.4);
      this.y -= size * 1.4;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color });
    }
  }

  /** One row of a table: each cell at its column, texts from the left edge, figures right-aligned to theirs. */
  row(cells: string[], columns: readonly TColumn[], { bold = false, size = 9.5 } = {}) {
    const font = bold ? this.bold : this.font;
    this.need(size * 1.5);
    this.y -= size * 1.5;
    cells.forEach((text, index) => {
      const column = columns[index];
      const clean = column && this.clean(text);
      if (!(column && clean)) return;
      const shown = column.width ? fitted(clean, font, size, column.width) : clean;
      const x = column.right ? column.x - font.widthOfTextAtSize(shown, size) : column.x;
      this.page.drawText(shown, { x, y: this.y, size, font, color: INK });
    });
  }

  rule() {
    this.need(8);
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE.width - MARGIN, y: this.y },
      thickness: 0.6,
      color: RULE,
    });
  }

  /**
   * The bytes, every page numbered at its foot first. Written out a few objects at a time, giving the event loop back
   * in between (pdf-lib's own yielding).
   */
  async save(pageText: (page: number, pages: number) => string): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const text = pageText(index + 1, pages.length);
      const size = 8;
      page.drawText(text, {
        x: PAGE.width - MARGIN - this.font.widthOfTextAtSize(text, size),
        y: BOTTOM - 30,
        size,
        font: this.font,
        color: MUTED,
      });
    });
    return this.doc.save({ objectsPerTick: 25 });
  }
}
