/**
 * The monthly statement a pharmacist hands to an accountant (decision 075): who they are, the month, each shift with its
 * days, hours and gross, the owners' answers to corrected hours, the totals, and that the amounts are gross as agreed
 * on the platform, not a payslip. Made with pdf-lib and its standard Helvetica (WinAnsi: the Italian accents, '€',
 * '«»' and '–' are in it; nothing is embedded, so the file stays small and quick to make).
 */
import {
  ALL_PROVINCES,
  formatAmount,
  formatDate,
  formatHours,
  SHIFT_DOCUMENT_TEXT,
  type TWorkedShift,
  type TWorkedShiftMonth,
  todayInItaly,
} from '@farmaponte/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

export interface TStatementInput {
  person: { name: string; surname: string; ordine: string; albo: string };
  month: TWorkedShiftMonth;
  now: Date;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const BOTTOM = 60;
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.35, 0.38, 0.42);
const RULE = rgb(0.8, 0.82, 0.85);
/** The day table's columns: left edges, the figures right-aligned at the ends of theirs. */
const COLUMNS = { day: MARGIN + 10, hours: MARGIN + 120, amount: MARGIN + 330, gross: MARGIN + 430 };

/**
 * A text the font can write: what WinAnsi lacks is written without its accent when that is enough (ő → o), else as '?'.
 * A name typed in another alphabet must not make the statement fail.
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

/** The statement's pages, written top to bottom; a new page when the next block would not fit. */
class Writer {
  private page: PDFPage;
  private y = PAGE.height - MARGIN;
  readonly clean: (text: string) => string;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.clean = writable(font);
  }

  /** Room for `height` points, on a new page if needed. */
  need(height: number) {
    if (this.y - height >= BOTTOM) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
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

  /** One row of the day table: texts at the left edges, figures right-aligned. */
  row(cells: { day: string; hours: string; amount: string; gross: string }, { bold = false } = {}) {
    const font = bold ? this.bold : this.font;
    const size = 9.5;
    this.need(size * 1.5);
    this.y -= size * 1.5;
    const draw = (text: string, x: number, right = false) => {
      const clean = this.clean(text);
      if (!clean) return;
      const at = right ? x - font.widthOfTextAtSize(clean, size) : x;
      this.page.drawText(clean, { x: at, y: this.y, size, font, color: INK });
    };
    draw(cells.day, COLUMNS.day);
    draw(cells.hours, COLUMNS.hours);
    draw(cells.amount, COLUMNS.amount, true);
    draw(cells.gross, COLUMNS.gross, true);
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

  /** 'Pagina n di m' at the foot of every page, once they are all written. */
  numberPages() {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const text = SHIFT_DOCUMENT_TEXT.statementPage(index + 1, pages.length);
      const size = 8;
      page.drawText(text, {
        x: PAGE.width - MARGIN - this.font.widthOfTextAtSize(text, size),
        y: BOTTOM - 30,
        size,
        font: this.font,
        color: MUTED,
      });
    });
  }
}

function shiftBlock(writer: Writer, shift: TWorkedShift) {
  writer.need(70);
  writer.gap(6);
  writer.paragraph(SHIFT_DOCUMENT_TEXT.statementShift(shift.pharmacy.name, shift.offer.title), { size: 11, bold: true });
  const pay = shift.offer.hourly_pay;
  const payText = pay == null ? SHIFT_DOCUMENT_TEXT.statementNoPay : SHIFT_DOCUMENT_TEXT.statementPay(formatAmount(pay));
  writer.paragraph([shift.pharmacy.comune, payText].filter(Boolean).join(' · '), { size: 9.5, color: MUTED });
  const [day, hours, amount, gross] = SHIFT_DOCUMENT_TEXT.statementDayColumns;
  writer.row({ day, hours, amount, gross }, { bold: true });
  for (const day of shift.days) {
    const hasHours = day.start_time !== null;
    writer.row({
      day: formatDate(day.date),
      hours: hasHours ? `${day.start_time}–${day.end_time}${day.corrected ? ' *' : ''}` : SHIFT_DOCUMENT_TEXT.statementNoHours,
      amount: hasHours ? formatHours(day.minutes) : '',
      gross: day.gross == null || !hasHours ? '' : formatAmount(day.gross),
    });
  }
  writer.paragraph(
    shift.gross == null
      ? SHIFT_DOCUMENT_TEXT.statementShiftTotalNoPay(formatHours(shift.minutes))
      : SHIFT_DOCUMENT_TEXT.statementShiftTotal(formatHours(shift.minutes), formatAmount(shift.gross)),
    { size: 9.5, bold: true },
  );
  writer.paragraph(
    shift.review
      ? SHIFT_DOCUMENT_TEXT.statementReview(SHIFT_DOCUMENT_TEXT.reviewStatus[shift.review.status], shift.review.note)
      : SHIFT_DOCUMENT_TEXT.statementAsOffered,
    { size: 9, color: MUTED },
  );
  writer.rule();
}

/** The statement's PDF bytes. */
export async function buildStatementPdf({ person, month, now }: TStatementInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `${SHIFT_DOCUMENT_TEXT.statementTitle} – ${SHIFT_DOCUMENT_TEXT.monthLabel(month.year, month.month)}`;
  doc.setTitle(title);
  doc.setAuthor('Farmaponte');
  doc.setCreator('Farmaponte');
  doc.setProducer('Farmaponte');
  doc.setLanguage('it-IT');
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const writer = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));

  writer.paragraph(SHIFT_DOCUMENT_TEXT.statementTitle, { size: 18, bold: true });
  writer.gap(4);
  writer.paragraph(SHIFT_DOCUMENT_TEXT.statementMonth(SHIFT_DOCUMENT_TEXT.monthLabel(month.year, month.month)), { size: 11 });
  writer.paragraph(SHIFT_DOCUMENT_TEXT.statementPharmacist(`${person.name} ${person.surname}`.trim()), { size: 11 });
  const ordine = ALL_PROVINCES.find((province) => province.sigla === person.ordine)?.name ?? person.ordine;
  writer.paragraph(
    person.albo && ordine ? SHIFT_DOCUMENT_TEXT.statementAlbo(ordine, person.albo) : SHIFT_DOCUMENT_TEXT.statementNoAlbo,
    { size: 11 },
  );
  writer.rule();

  if (!month.shifts.length) writer.paragraph(SHIFT_DOCUMENT_TEXT.statementEmpty, { size: 11 });
  for (const shift of month.shifts) {
    shiftBlock(writer, shift);
    // A turn of the event loop between shifts: other requests are answered while a long month is written.
    await new Promise((resolve) => setImmediate(resolve));
  }

  writer.need(90);
  writer.gap(8);
  writer.paragraph(
    SHIFT_DOCUMENT_TEXT.statementMonthTotal(
      month.totals.shifts,
      formatHours(month.totals.minutes),
      formatAmount(month.totals.gross),
    ),
    { size: 12, bold: true },
  );
  writer.gap(8);
  writer.paragraph(SHIFT_DOCUMENT_TEXT.statementCorrectedMark, { size: 9, color: MUTED });
  writer.paragraph(SHIFT_DOCUMENT_TEXT.statementNote, { size: 9, color: MUTED });
  writer.paragraph(SHIFT_DOCUMENT_TEXT.statementMadeOn(formatDate(todayInItaly(now))), { size: 9, color: MUTED });
  writer.numberPages();
  // Written out a few objects at a time, giving the event loop back in between (pdf-lib's own yielding).
  return doc.save({ objectsPerTick: 25 });
}
