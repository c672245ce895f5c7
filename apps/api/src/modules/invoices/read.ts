/**
 * An invoice as both sides read it (decision 095): the stored snapshot with the row's number, days, file name and
 * marks, and the state computed on the day it is read (`scaduta` is never stored). Who may read one: the pharmacist who
 * issued it, or a person of the organisation it is addressed to who may read one of the pharmacies it bills; anyone
 * else gets 404.
 */
import { INVOICE_MESSAGES as M, type TInvoice, type TInvoiceDocument, type TInvoiceState } from '@farmaponte/shared';
import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { invoices } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { pharmaciesInReach } from '../organisations';

/** What the row's `snapshot` holds: the document's data and the engagements it bills. */
export type TStoredSnapshot = TInvoiceDocument & { application_ids: number[] };

/** Who reads: the pharmacist herself, or a person acting for pharmacies (their user id). */
export type TInvoiceReader = { farmacistaId: number } | { actorId: number };

const creditNotes = alias(invoices, 'credit_notes');
const credited = alias(invoices, 'credited_invoices');

const columns = {
  id: invoices.id,
  kind: invoices.kind,
  farmacistaId: invoices.farmacistaId,
  organisationId: invoices.organisationId,
  pharmacyIds: invoices.pharmacyIds,
  year: invoices.year,
  sequence: invoices.sequence,
  number: invoices.number,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  total: invoices.total,
  amountDue: invoices.amountDue,
  snapshot: invoices.snapshot,
  fileName: invoices.fileName,
  creditReason: invoices.creditReason,
  creditedAt: invoices.creditedAt,
  sentAt: invoices.sentAt,
  paidOn: invoices.paidOn,
  paidByName: invoices.paidByName,
  creditNoteId: creditNotes.id,
  creditNoteNumber: creditNotes.number,
  creditsId: credited.id,
  creditsNumber: credited.number,
  creditsIssuedOn: credited.issuedOn,
};

/** Invoices with the credit note that undoes each and the invoice each credit note undoes: the caller's condition. */
export function selectInvoices(db: TDb, where: SQL | undefined) {
  return db
    .select(columns)
    .from(invoices)
    .leftJoin(creditNotes, eq(creditNotes.creditsInvoiceId, invoices.id))
    .leftJoin(credited, eq(credited.id, invoices.creditsInvoiceId))
    .where(where);
}

export type TInvoiceRow = Awaited<ReturnType<typeof selectInvoices>>[number];

/** The state on `today`: a credit note is only issued or sent; an invoice undone, paid, overdue, sent or issued. */
export function invoiceState(
  row: Pick<TInvoiceRow, 'kind' | 'creditedAt' | 'paidOn' | 'dueOn' | 'sentAt'>,
  today: string,
): TInvoiceState {
  if (row.kind === 'nota_di_credito') return row.sentAt ? 'inviata' : 'emessa';
  if (row.creditedAt) return 'stornata';
  if (row.paidOn) return 'pagata';
  if (row.dueOn < today) return 'scaduta';
  return row.sentAt ? 'inviata' : 'emessa';
}

export function toInvoice(row: TInvoiceRow, today: string): TInvoice {
  const snapshot = row.snapshot as TStoredSnapshot;
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    year: row.year,
    sequence: row.sequence,
    issued_on: row.issuedOn,
    due_on: row.dueOn,
    state: invoiceState(row, today),
    regime: snapshot.regime,
    supplier: snapshot.supplier,
    client: snapshot.client,
    pharmacies: snapshot.pharmacies,
    application_ids: snapshot.application_ids,
    lines: snapshot.lines,
    summary: snapshot.summary,
    taxable: snapshot.taxable,
    vat: snapshot.vat,
    withholding: snapshot.withholding,
    stamp_duty: snapshot.stamp_duty,
    total: snapshot.total,
    amount_due: snapshot.amount_due,
    notes: snapshot.notes,
    file_name: row.fileName,
    sent_at: row.sentAt?.toISOString() ?? null,
    paid_on: row.paidOn,
    paid_by: row.paidByName,
    credited_by: row.creditNoteId && row.creditNoteNumber ? { id: row.creditNoteId, number: row.creditNoteNumber } : null,
    credits:
      row.creditsId && row.creditsNumber && row.creditsIssuedOn
        ? { id: row.creditsId, number: row.creditsNumber, issued_on: row.creditsIssuedOn }
        : null,
    credit_reason: row.creditReason,
  };
}

export const invoiceNotFound = () => notFound(M.invoiceNotFound, 'invoice_not_found');

/**
 * The pharmacies of the invoice's organisation `actorId` reaches among those it bills, each with their role there;
 * none when they reach none (or the organisation is gone).
 */
export async function reachedPharmacies(db: TDb, actorId: number, row: Pick<TInvoiceRow, 'organisationId' | 'pharmacyIds'>) {
  if (row.organisationId === null) return [];
  const reach = await pharmaciesInReach(db, { actorId, organisationId: row.organisationId });
  return reach.filter((pharmacy) => row.pharmacyIds.includes(pharmacy.id));
}

/** The invoice `who` may read, or 404 (someone else's is as good as missing). */
export async function readableInvoice(db: TDb, who: TInvoiceReader, invoiceId: number): Promise<TInvoiceRow> {
  const [row] = await selectInvoices(db, eq(invoices.id, invoiceId));
  if (!row) throw invoiceNotFound();
  if ('farmacistaId' in who) {
    if (row.farmacistaId !== who.farmacistaId) throw invoiceNotFound();
  } else if (!(await reachedPharmacies(db, who.actorId, row)).length) throw invoiceNotFound();
  return row;
}

/** The stored files of an invoice `who` may read. */
export async function invoiceFiles(db: TDb, who: TInvoiceReader, invoiceId: number) {
  const row = await readableInvoice(db, who, invoiceId);
  const [files] = await db
    .select({ xml: invoices.xml, pdf: invoices.pdf, fileName: invoices.fileName, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.id, row.id));
  if (!files) throw invoiceNotFound();
  return files;
}
