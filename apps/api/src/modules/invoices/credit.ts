/**
 * A credit note (decision 095): TD04 with the same lines and amounts as the invoice it undoes, the next number of her
 * series in its own issue year. It marks the invoice credited, and takes its engagements and expenses out of it, so
 * they can be invoiced again; an issued invoice is never edited otherwise. In the lock order: the engagements' offers,
 * their applications, then the invoice's row, the counter and what refers to them.
 */
import { INVOICE_MESSAGES as M, type TCreditNoteInput, type TInvoice, todayInItaly } from '@farmaponte/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, invoiceShifts, invoices, shiftExpenses } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction } from '../audit';
import { lockOffers } from '../offers';
import { invoiceById } from './issue';
import { invoiceNotFound, type TStoredSnapshot } from './read';
import { inDocumentTurn, nextNumber, storeDocument } from './store';

/** POST /api/invoices/{id}/credit-note/: her credit note of her invoice. */
export async function creditInvoice(
  db: TDb,
  farmacista: { id: number; email: string },
  invoiceId: number,
  { reason }: TCreditNoteInput,
  now: Date,
): Promise<TInvoice> {
  return inDocumentTurn(() =>
    writeTransaction(db, async (tx) => {
      const billed = await tx
        .select({ applicationId: invoiceShifts.applicationId, offerId: applications.offerId })
        .from(invoiceShifts)
        .innerJoin(applications, eq(applications.id, invoiceShifts.applicationId))
        .where(eq(invoiceShifts.invoiceId, invoiceId));
      await lockOffers(
        tx,
        billed.map((row) => row.offerId),
      );
      const applicationIds = billed.map((row) => row.applicationId);
      if (applicationIds.length)
        await tx
          .select({ id: applications.id })
          .from(applications)
          .where(inArray(applications.id, applicationIds))
          .orderBy(asc(applications.id))
          .for('update');
      const [original] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
      if (!original || original.farmacistaId !== farmacista.id) throw invoiceNotFound();
      if (original.kind !== 'fattura') throw conflict(M.creditOfCredit, 'not_an_invoice');
      if (original.creditedAt) throw conflict(M.alreadyCredited, 'already_credited');
      if (original.paidOn) throw conflict(M.paidCannotCredit, 'invoice_paid');

      const today = todayInItaly(now);
      const snapshot = original.snapshot as TStoredSnapshot;
      const { year, sequence, number } = await nextNumber(tx, farmacista.id, today);
      const { id: _id, application_ids, ...document } = snapshot;
      const id = await storeDocument(
        tx,
        {
          kind: 'nota_di_credito',
          farmacistaId: farmacista.id,
          organisationId: original.organisationId,
          pharmacyIds: original.pharmacyIds,
          creditsInvoiceId: original.id,
          creditReason: reason,
        },
        {
          ...document,
          kind: 'nota_di_credito',
          number,
          year,
          sequence,
          issued_on: today,
          // Nothing is to be paid on a credit note: its day is its issue.
          due_on: today,
          credits: { id: original.id, number: original.number, issued_on: original.issuedOn },
          credit_reason: reason,
        },
        application_ids,
      );
      await tx.update(invoices).set({ creditedAt: now }).where(eq(invoices.id, original.id));
      await tx.delete(invoiceShifts).where(eq(invoiceShifts.invoiceId, original.id));
      await tx.update(shiftExpenses).set({ invoiceId: null }).where(eq(shiftExpenses.invoiceId, original.id));
      await recordAdminAction(
        tx,
        farmacista,
        {
          action: 'invoice.credit',
          targetType: 'invoice',
          targetId: original.id,
          details: { number: original.number, credit_note_id: id, credit_note_number: number, reason },
        },
        now,
      );
      return invoiceById(tx, id, now);
    }),
  );
}
