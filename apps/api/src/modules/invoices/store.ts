/**
 * Writing an invoice or a credit note (decision 095), in the transaction that issues it: the next number of her
 * series for the year, taken by an upsert of the counter's row (which holds the row's lock to the commit, so two issues
 * at once take turns, and a rolled-back one gives its number back), then the row, its FatturaPA XML and PDF copy made
 * from the snapshot with the row's id (the SdI file's progressive), stored with it. An XML the schema refuses is 422,
 * and nothing is kept.
 */
import {
  INVOICE_RETENTION,
  inForce,
  isIsoDate,
  INVOICE_MESSAGES as M,
  NUMBERING_RULES,
  type TInvoiceDocument,
} from '@farmaponte/shared';
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { invoiceCounters, invoices } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { InvoiceInvalidError, renderInvoice } from './document';

/**
 * How many issues and credit notes of this process may be in their transaction at once. Each renders its documents
 * there, holding a pooled connection and her counter's row: the XML's check starts a WebAssembly worker (xmllint) and
 * the PDF is drawn, a few hundred milliseconds of CPU each. Fifty at once on 2 cores took the pool's 20 connections
 * for tens of seconds, and the requests waiting for one answered 503 (decision 101); past this many, a request waits
 * here, before its transaction, holding neither.
 */
export const DOCUMENTS_AT_ONCE = 2;
let documentsRunning = 0;
const documentsWaiting: (() => void)[] = [];

/** Runs `write` (a transaction that stores a document) when fewer than DOCUMENTS_AT_ONCE others are running. */
export async function inDocumentTurn<T>(write: () => Promise<T>): Promise<T> {
  if (documentsRunning < DOCUMENTS_AT_ONCE) documentsRunning++;
  else await new Promise<void>((resolve) => documentsWaiting.push(resolve));
  try {
    return await write();
  } finally {
    // The turn passes to the first one waiting, or is given back.
    const next = documentsWaiting.shift();
    if (next) next();
    else documentsRunning--;
  }
}

/** The next number of her series in `year`, under the counter row's lock until the transaction ends. */
export async function nextNumber(tx: TDb, farmacistaId: number, issuedOn: string) {
  const year = Number(issuedOn.slice(0, 4));
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ farmacistaId, year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.farmacistaId, invoiceCounters.year],
      set: { lastSequence: sql`${invoiceCounters.lastSequence} + 1` },
    })
    .returning({ sequence: invoiceCounters.lastSequence });
  if (!counter) throw new Error('the invoice counter returned no row');
  const suffix = (inForce(NUMBERING_RULES, issuedOn) ?? NUMBERING_RULES[0]).suffix;
  return { year, sequence: counter.sequence, number: `${counter.sequence}/${suffix}` };
}

/** The last day a document issued on `issuedOn` is kept: ten years on (art. 2220 c.c.); 29 February keeps to the 28th. */
export function keepUntilOf(issuedOn: string): string {
  const years = (inForce(INVOICE_RETENTION, issuedOn) ?? INVOICE_RETENTION[0]).years;
  const day = `${Number(issuedOn.slice(0, 4)) + years}${issuedOn.slice(4)}`;
  return day.endsWith('-02-29') && !isIsoDate(day) ? `${day.slice(0, 8)}28` : day;
}

type TRowValues = Pick<
  typeof invoices.$inferInsert,
  'kind' | 'farmacistaId' | 'organisationId' | 'pharmacyIds' | 'creditsInvoiceId' | 'creditReason'
>;

/**
 * Inserts the document's row, renders its files with the row's id and stores them: the id is the file name's
 * progressive, so the row comes first and its files in the same transaction.
 */
export async function storeDocument(
  tx: TDb,
  values: TRowValues,
  document: Omit<TInvoiceDocument, 'id'>,
  applicationIds: number[],
): Promise<number> {
  const [row] = await tx
    .insert(invoices)
    .values({
      ...values,
      year: document.year,
      sequence: document.sequence,
      number: document.number,
      issuedOn: document.issued_on,
      dueOn: document.due_on,
      regime: document.regime,
      total: document.total,
      amountDue: document.amount_due,
      snapshot: {},
      xml: '',
      xmlSha256: '',
      fileName: '',
      pdf: Buffer.alloc(0),
      keepUntil: keepUntilOf(document.issued_on),
    })
    .returning({ id: invoices.id });
  if (!row) throw new Error('the invoice insert returned no row');
  const full: TInvoiceDocument = { ...document, id: row.id };
  let rendered: Awaited<ReturnType<typeof renderInvoice>>;
  try {
    rendered = await renderInvoice(full);
  } catch (error) {
    // Never expected (the server writes the XML), but a document the SdI would refuse is not issued.
    if (error instanceof InvoiceInvalidError) throw new HttpError(422, M.invalidXml, 'invoice_invalid');
    throw error;
  }
  await tx
    .update(invoices)
    .set({
      snapshot: { ...full, application_ids: applicationIds },
      xml: rendered.xml,
      xmlSha256: rendered.xmlSha256,
      fileName: rendered.fileName,
      pdf: Buffer.from(rendered.pdf),
    })
    .where(eq(invoices.id, row.id));
  return row.id;
}
