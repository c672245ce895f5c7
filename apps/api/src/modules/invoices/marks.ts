/**
 * What each side marks on an issued invoice (decision 095): she marks it sent to the SdI (through her own channel),
 * the pharmacy marks it paid on a day between its issue and today. Each is one row's change under that row's lock, so
 * two marks at once find the second already done; the invoice itself is never edited.
 */
import { INVOICE_MESSAGES as M, type TInvoice, type TInvoicePaidInput, todayInItaly } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { invoices } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction } from '../audit';
import { invoiceById } from './issue';
import { invoiceNotFound, reachedPharmacies, type TStoredSnapshot } from './read';

const lockedInvoice = async (tx: TDb, invoiceId: number) => {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!row) throw invoiceNotFound();
  return row;
};

/** POST /api/invoices/{id}/sent/: her mark that she sent the file to the SdI. */
export async function markSent(db: TDb, farmacista: { id: number; email: string }, invoiceId: number, now: Date) {
  await writeTransaction(db, async (tx) => {
    const row = await lockedInvoice(tx, invoiceId);
    if (row.farmacistaId !== farmacista.id) throw invoiceNotFound();
    if (row.sentAt) throw conflict(M.alreadySent, 'already_sent');
    await tx.update(invoices).set({ sentAt: now }).where(eq(invoices.id, invoiceId));
    await recordAdminAction(
      tx,
      farmacista,
      { action: 'invoice.sent', targetType: 'invoice', targetId: invoiceId, details: { number: row.number } },
      now,
    );
  });
  return invoiceById(db, invoiceId, now);
}

/**
 * POST /api/invoices/{id}/paid/: a person who may write for one of the pharmacies it bills marks it paid (404 for one
 * who reaches none of them, 403 for one who only reads them); her invoice's page shows who and when, and she is told.
 */
export async function markPaid(
  db: TDb,
  events: TEvents,
  actor: { id: number; name: string; email: string },
  invoiceId: number,
  { paid_on }: TInvoicePaidInput,
  now: Date,
): Promise<TInvoice> {
  const today = todayInItaly(now);
  await writeTransaction(db, async (tx) => {
    const row = await lockedInvoice(tx, invoiceId);
    const reached = await reachedPharmacies(tx, actor.id, row);
    if (!reached.length) throw invoiceNotFound();
    if (!reached.some((pharmacy) => pharmacy.role !== 'consultazione')) throw forbidden();
    if (row.kind !== 'fattura') throw conflict(M.creditNoteNotPaid, 'not_an_invoice');
    if (row.creditedAt) throw conflict(M.invoiceCredited, 'invoice_credited');
    if (row.paidOn) throw conflict(M.alreadyPaid, 'already_paid');
    const day = paid_on ?? today;
    if (day < row.issuedOn || day > today) throw badRequest(M.paidDay, 'validation_error', { paid_on: M.paidDay });
    await tx.update(invoices).set({ paidOn: day, paidBy: actor.id, paidByName: actor.name }).where(eq(invoices.id, invoiceId));
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'invoice.paid',
        targetUserId: row.farmacistaId,
        targetType: 'invoice',
        targetId: invoiceId,
        details: { number: row.number, paid_on: day },
      },
      now,
    );
    if (row.farmacistaId !== null)
      await events.record(tx, {
        type: 'invoice.paid',
        invoiceId,
        number: row.number,
        pharmacistId: row.farmacistaId,
        pharmacy: (row.snapshot as TStoredSnapshot).client.name,
      });
  });
  return invoiceById(db, invoiceId, now);
}
