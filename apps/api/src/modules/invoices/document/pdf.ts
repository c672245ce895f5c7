/**
 * The PDF copy of an invoice or credit note (decision 095): what the XML says, for a person to read, said to be a
 * courtesy copy (the fiscal document is the XML sent to the SdI). Written by lib/pdf-writer.ts with its standard
 * Helvetica; its dates are the issue day's, so the same snapshot gives the same bytes.
 */
import { formatAmount, formatDecimal, type TInvoiceDocument } from '@farmaponte/shared';
import { INVOICE_DOCUMENT_TEXT as T } from '@farmaponte/shared/ui-text-invoices';
import { MARGIN, MUTED, PdfWriter, type TColumn } from '../../../lib/pdf-writer';

const LINE_COLUMNS: TColumn[] = [
  { x: MARGIN },
  { x: MARGIN + 22, width: 230 },
  { x: MARGIN + 318, right: true },
  { x: MARGIN + 380, right: true },
  { x: MARGIN + 392 },
  { x: MARGIN + 495, right: true },
];
const SUMMARY_COLUMNS: TColumn[] = [
  { x: MARGIN },
  { x: MARGIN + 190, right: true },
  { x: MARGIN + 265, right: true },
  { x: MARGIN + 280, width: 215 },
];
/** A description longer than this is cut in its row and written whole below it. */
const ROW_DESCRIPTION_CHARS = 48;

function party(writer: PdfWriter, heading: string, who: TInvoiceDocument['supplier'] | TInvoiceDocument['client']) {
  writer.need(70);
  writer.paragraph(heading, { size: 9, color: MUTED });
  writer.paragraph(who.name, { bold: true });
  const { street, cap, comune, provincia } = who.address;
  writer.paragraph(T.address(street, cap, comune, provincia), { size: 9.5 });
  const ids = [who.partita_iva && T.partitaIva(who.partita_iva), who.codice_fiscale && T.codiceFiscale(who.codice_fiscale)];
  writer.paragraph(ids.filter(Boolean).join(' · '), { size: 9.5 });
}

function lines(writer: PdfWriter, doc: TInvoiceDocument) {
  writer.gap(8);
  writer.paragraph(T.linesHeading, { size: 11, bold: true });
  writer.row([...T.lineColumns], LINE_COLUMNS, { bold: true, size: 9 });
  writer.onNewPage = () => writer.row([...T.lineColumns], LINE_COLUMNS, { bold: true, size: 9 });
  for (const line of doc.lines) {
    const quantity = line.quantity == null ? '' : formatDecimal(line.quantity, 2);
    writer.row(
      [
        String(line.number),
        line.description,
        line.kind === 'hours' && quantity ? T.hoursUnit(quantity) : quantity,
        formatAmount(line.unit_price),
        T.vatCell(line.vat_rate, line.nature),
        formatAmount(line.total),
      ],
      LINE_COLUMNS,
      { size: 9 },
    );
    if (line.description.length > ROW_DESCRIPTION_CHARS) writer.paragraph(line.description, { size: 8.5, color: MUTED });
  }
  writer.onNewPage = undefined;
}

function summary(writer: PdfWriter, doc: TInvoiceDocument) {
  writer.gap(8);
  writer.need(50);
  writer.paragraph(T.summaryHeading, { size: 11, bold: true });
  writer.row([...T.summaryColumns], SUMMARY_COLUMNS, { bold: true, size: 9 });
  for (const row of doc.summary)
    writer.row(
      [T.vatCell(row.vat_rate, row.nature), formatAmount(row.taxable), formatAmount(row.tax), row.legal_reference ?? ''],
      SUMMARY_COLUMNS,
      { size: 9 },
    );
}

function totals(writer: PdfWriter, doc: TInvoiceDocument) {
  writer.gap(8);
  writer.need(100);
  writer.paragraph(T.taxable(doc.taxable));
  writer.paragraph(T.vat(doc.vat));
  if (doc.stamp_duty != null) writer.paragraph(T.stampDuty(doc.stamp_duty));
  writer.paragraph(T.total(doc.total), { bold: true });
  if (doc.withholding) writer.paragraph(T.withholding(doc.withholding.rate, doc.withholding.amount));
  if (doc.kind === 'nota_di_credito') {
    writer.paragraph(T.creditTotal(doc.total), { size: 12, bold: true });
    return;
  }
  writer.paragraph(T.amountDue(doc.amount_due), { size: 12, bold: true });
  writer.paragraph(T.dueOn(doc.due_on));
  if (doc.supplier.iban) writer.paragraph(T.iban(doc.supplier.iban));
}

/** The PDF copy's bytes; `fileName` is the XML's, named on the copy. */
export async function invoicePdf(doc: TInvoiceDocument, fileName: string): Promise<Uint8Array> {
  const title = T.title(doc.kind, doc.number);
  const writer = await PdfWriter.create(title, new Date(`${doc.issued_on}T12:00:00Z`));
  writer.paragraph(title, { size: 18, bold: true });
  writer.paragraph(T.issuedOn(doc.issued_on), { size: 11 });
  writer.paragraph(T.courtesyCopy, { size: 9, color: MUTED });
  writer.paragraph(T.fileName(fileName), { size: 9, color: MUTED });
  if (doc.credits) writer.paragraph(T.credits(doc.credits.number, doc.credits.issued_on), { bold: true });
  if (doc.credit_reason) writer.paragraph(T.creditReason(doc.credit_reason));
  writer.rule();
  party(writer, T.supplier, doc.supplier);
  writer.paragraph(T.regime[doc.regime] ?? doc.regime_code, { size: 9.5 });
  writer.gap(6);
  party(writer, T.client, doc.client);
  writer.paragraph(T.recipient(doc.client.codice_destinatario, doc.client.pec), { size: 9.5 });
  if (doc.pharmacies.length)
    writer.paragraph(T.pharmacies(doc.pharmacies.map((pharmacy) => pharmacy.name).join(', ')), { size: 9.5 });
  writer.rule();
  lines(writer, doc);
  summary(writer, doc);
  totals(writer, doc);
  if (doc.notes.length) {
    writer.gap(8);
    writer.need(40);
    writer.paragraph(T.notesHeading, { size: 11, bold: true });
    for (const note of doc.notes) writer.paragraph(note, { size: 9 });
  }
  return writer.save(T.page);
}
