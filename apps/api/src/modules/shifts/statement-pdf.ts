/**
 * The monthly statement a pharmacist hands to an accountant (decision 075): who they are, the month, each shift with its
 * days, hours and gross, the owners' answers to corrected hours, the totals, and that the amounts are gross as agreed
 * on the platform, not a payslip. Written by lib/pdf-writer.ts (pdf-lib and its standard Helvetica).
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
import { MARGIN, MUTED, PdfWriter } from '../../lib/pdf-writer';
import { payTable } from '../engagement-pay';

export interface TStatementInput {
  person: { name: string; surname: string; ordine: string; albo: string };
  month: TWorkedShiftMonth;
  now: Date;
}

/** The day table's columns: left edges, the figures right-aligned at the ends of theirs. */
const DAY_COLUMNS = [{ x: MARGIN + 10 }, { x: MARGIN + 120 }, { x: MARGIN + 330, right: true }, { x: MARGIN + 430, right: true }];

function shiftBlock(writer: PdfWriter, shift: TWorkedShift) {
  writer.need(70);
  writer.gap(6);
  writer.paragraph(SHIFT_DOCUMENT_TEXT.statementShift(shift.pharmacy.name, shift.offer.title), { size: 11, bold: true });
  const pay = shift.pay.hourly;
  const payText =
    pay != null
      ? SHIFT_DOCUMENT_TEXT.statementPay(formatAmount(pay))
      : shift.pay.total !== null
        ? SHIFT_DOCUMENT_TEXT.statementCcnlPay
        : SHIFT_DOCUMENT_TEXT.statementNoPay;
  writer.paragraph([shift.pharmacy.comune, payText].filter(Boolean).join(' · '), { size: 9.5, color: MUTED });
  writer.row([...SHIFT_DOCUMENT_TEXT.statementDayColumns], DAY_COLUMNS, { bold: true });
  for (const day of shift.days) {
    const hasHours = day.start_time !== null;
    writer.row(
      [
        formatDate(day.date),
        hasHours ? `${day.start_time}–${day.end_time}${day.corrected ? ' *' : ''}` : SHIFT_DOCUMENT_TEXT.statementNoHours,
        hasHours ? formatHours(day.minutes) : '',
        day.gross == null || !hasHours ? '' : formatAmount(day.gross),
      ],
      DAY_COLUMNS,
    );
  }
  writer.paragraph(
    shift.gross == null
      ? SHIFT_DOCUMENT_TEXT.statementShiftTotalNoPay(formatHours(shift.minutes))
      : SHIFT_DOCUMENT_TEXT.statementShiftTotal(formatHours(shift.minutes), formatAmount(shift.gross)),
    { size: 9.5, bold: true },
  );
  payTable(writer, shift.pay);
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
  const title = `${SHIFT_DOCUMENT_TEXT.statementTitle} – ${SHIFT_DOCUMENT_TEXT.monthLabel(month.year, month.month)}`;
  const writer = await PdfWriter.create(title, now);

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
  writer.paragraph(SHIFT_DOCUMENT_TEXT.statementMonthGrandTotal(formatAmount(month.totals.grand_total)), {
    size: 12,
    bold: true,
  });
  writer.gap(8);
  writer.paragraph(SHIFT_DOCUMENT_TEXT.statementCorrectedMark, { size: 9, color: MUTED });
  writer.paragraph(SHIFT_DOCUMENT_TEXT.statementNote, { size: 9, color: MUTED });
  writer.paragraph(SHIFT_DOCUMENT_TEXT.statementMadeOn(formatDate(todayInItaly(now))), { size: 9, color: MUTED });
  return writer.save(SHIFT_DOCUMENT_TEXT.statementPage);
}
