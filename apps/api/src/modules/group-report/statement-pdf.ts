/**
 * The group's monthly statement as an A4 PDF (decision 091), written by lib/pdf-writer.ts like the pharmacist's
 * (decision 075): the title with the organisation and the month, the pharmacies covered, for each pharmacy with days
 * worked a table of them (its heading and column names again on each page it runs onto) and its total, the group's
 * total, and that the amounts are gross as agreed on the platform.
 */
import { formatAmount, formatDate, formatHours, todayInItaly } from '@farmaponte/shared';
import { GROUP_STATEMENT_TEXT as TEXT } from '@farmaponte/shared/group-report';
import { MARGIN, MUTED, PdfWriter, type TColumn } from '../../lib/pdf-writer';
import type { TStatement, TStatementDay, TStatementTotal } from './statement';

/** Date, pharmacist, offer and hours from the left; hours worked, pay and amount right-aligned. */
const COLUMNS: TColumn[] = [
  { x: MARGIN },
  { x: MARGIN + 56, width: 96 },
  { x: MARGIN + 156, width: 110 },
  { x: MARGIN + 270, width: 76 },
  { x: MARGIN + 382, right: true },
  { x: MARGIN + 430, right: true },
  { x: MARGIN + 495, right: true },
];
const ROW = { size: 9 };

const totalText = (total: TStatementTotal) =>
  [TEXT.shiftsCount(total.days), formatHours(total.minutes), formatAmount(total.cents / 100)] as const;

function dayCells(day: TStatementDay): string[] {
  const hasHours = day.start !== null && day.end !== null;
  return [
    formatDate(day.date),
    day.pharmacist,
    day.title,
    hasHours ? `${day.start}–${day.end}${day.corrected ? ' *' : ''}` : TEXT.noHours,
    hasHours ? formatHours(day.minutes) : '',
    day.hourlyPay == null ? '' : formatAmount(day.hourlyPay),
    day.cents == null || !hasHours ? '' : formatAmount(day.cents / 100),
  ];
}

/** A turn of the event loop: other requests are answered while a long month is written. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** The statement's PDF bytes. */
export async function buildGroupStatementPdf(statement: TStatement, now: Date): Promise<Uint8Array> {
  const month = TEXT.monthLabel(statement.year, statement.month);
  const title = TEXT.title(statement.organisation, month);
  const writer = await PdfWriter.create(title, now);
  writer.paragraph(title, { size: 16, bold: true });
  writer.gap(4);
  writer.paragraph(statement.pharmacy ? TEXT.scopePharmacy(statement.pharmacy.name) : TEXT.scopeGroup(statement.covered), {
    size: 11,
  });
  writer.rule();

  if (!statement.total.days) writer.paragraph(TEXT.empty, { size: 11 });
  for (const section of statement.sections) {
    if (!section.days.length) continue;
    const heading = TEXT.pharmacyHeading(section.name, section.comune);
    const columnNames = () => writer.row([...TEXT.columns], COLUMNS, { ...ROW, bold: true });
    writer.need(60);
    writer.gap(6);
    writer.paragraph(heading, { size: 12, bold: true });
    columnNames();
    // A table that runs onto the next page names its pharmacy and its columns again there.
    writer.onNewPage = () => {
      writer.paragraph(TEXT.continued(heading), { size: 10, bold: true, color: MUTED });
      columnNames();
    };
    for (const [index, day] of section.days.entries()) {
      writer.row(dayCells(day), COLUMNS, ROW);
      if (index % 100 === 99) await turn();
    }
    writer.onNewPage = undefined;
    writer.paragraph(TEXT.pharmacyTotal(...totalText(section.total)), { size: 10, bold: true });
    writer.rule();
    await turn();
  }

  writer.need(90);
  writer.gap(8);
  if (!statement.pharmacy) writer.paragraph(TEXT.groupTotal(...totalText(statement.total)), { size: 12, bold: true });
  writer.gap(8);
  if (statement.sections.some((section) => section.days.some((day) => day.corrected)))
    writer.paragraph(TEXT.correctedMark, { size: 9, color: MUTED });
  writer.paragraph(TEXT.note, { size: 9, color: MUTED });
  writer.paragraph(TEXT.madeOn(formatDate(todayInItaly(now))), { size: 9, color: MUTED });
  return writer.save(TEXT.page);
}
