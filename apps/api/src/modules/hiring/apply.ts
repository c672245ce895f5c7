/** Applying (docs/rules.md#applications): a pharmacist sends her stored CV to an open offer, once. */
import { MESSAGES, type TApplicationStatus, type TLegalForm, type TProposalInput } from '@farmaponte/shared';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applicationEvents, applications, offers } from '../../db/schema';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { isForeignKeyViolation } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { hasCv } from '../cv';
import { insertProposal } from '../negotiation';
import { getOfferStatus } from '../offers';
import { refuseDoubleBooking } from './double-booking';
import { chooseLegalForm } from './legal-form';
import { shareLockPharmacist } from './locks';
import { moveApplications } from './status';

/**
 * A new application with its first step of history (`sent`), in the caller's transaction; no event: applying records
 * its own, an invitation's acceptance moves it at once, and the factories build states.
 */
export async function insertApplication(
  db: TDb,
  values: {
    offerId: number;
    farmacistaId: number;
    submittedAt: Date;
    status?: TApplicationStatus;
    message?: string | null;
    legalForm?: TLegalForm;
  },
): Promise<{ id: number }> {
  const [created] = await db
    .insert(applications)
    .values({ ...values, statusChangedAt: values.submittedAt })
    .returning({ id: applications.id });
  if (!created) throw new Error('insert returned no row');
  await db.insert(applicationEvents).values({ applicationId: created.id, status: 'sent', at: values.submittedAt, message: null });
  return { id: created.id };
}

/**
 * Apply: a stored CV, an offer that exists and is open, not for hours she is booked for, once per offer (the unique
 * index decides races), under one of the offer's legal forms her professional file allows (decision 093). Applying
 * again after withdrawing reopens the same application as `sent`, under the form asked now. Recorded as
 * `application.submitted` (or a move back to `sent`): the owner is told. A proposal on the pay comes with it in the
 * same transaction, or neither is written (decision 094).
 */
export async function applyToOffer(
  db: TDb,
  events: TEvents,
  farmacistaId: number,
  offerId: number,
  now: Date,
  legalForm?: TLegalForm,
  proposal?: TProposalInput,
): Promise<{ id: number }> {
  if (!(await hasCv(db, farmacistaId))) throw badRequest(MESSAGES.cvNotFound, 'cv_missing');
  try {
    return await writeTransaction(db, async (tx) => {
      // The pharmacist's row, shared (step 1 of the lock order): an acceptance of hers at the same moment either comes
      // first and this application sees her booked, or comes after and withdraws it (decision 083).
      if (!(await shareLockPharmacist(tx, farmacistaId))) throw unauthorized();
      // Shared lock, the offer before its application (docs/architecture.md): closing, deleting or filling the offer
      // waits for this application, and the other way round.
      const [offer] = await tx
        .select({
          id: offers.id,
          ownerId: offers.ownerId,
          publishedAt: offers.publishedAt,
          legalForms: offers.legalForms,
          dateFrom: offers.dateFrom,
          dateTo: offers.dateTo,
        })
        .from(offers)
        .where(eq(offers.id, offerId))
        .for('share');
      // An offer waiting for its owner's approval is as good as missing (decision 049).
      if (!offer?.publishedAt) throw notFound(MESSAGES.offerNotFound, 'offer_not_found');
      if ((await getOfferStatus(tx, offerId, now)) !== 'open') throw badRequest(MESSAGES.offerClosed, 'offer_closed');
      // Hours she is already booked for: refused, naming the other shift.
      await refuseDoubleBooking(tx, farmacistaId, offerId, 'applicant');
      // After the offer's own checks: a closed offer says so before her file is read.
      const form = await chooseLegalForm(tx, farmacistaId, offer, legalForm, now);
      const [created] = await tx
        .insert(applications)
        .values({ offerId, farmacistaId, submittedAt: now, statusChangedAt: now, legalForm: form })
        .onConflictDoNothing()
        .returning({ id: applications.id });
      const ids = { offerId, farmacistaId, ownerId: offer.ownerId };
      if (created) {
        await tx.insert(applicationEvents).values({ applicationId: created.id, status: 'sent', at: now });
        await events.record(tx, {
          type: 'application.submitted',
          applicationId: created.id,
          offerId,
          pharmacistId: farmacistaId,
          ownerId: offer.ownerId,
        });
        if (proposal) await insertProposal(tx, events, { id: created.id, ...ids }, proposal, now, 'proposal.');
        return { id: created.id };
      }
      const [existing] = await tx
        .select({ id: applications.id, status: applications.status })
        .from(applications)
        .where(and(eq(applications.offerId, offerId), eq(applications.farmacistaId, farmacistaId)))
        .for('update');
      if (existing?.status !== 'withdrawn') throw conflict(MESSAGES.applicationDuplicate, 'already_applied');
      await tx.update(applications).set({ legalForm: form }).where(eq(applications.id, existing.id));
      await moveApplications(tx, events, [existing.id], 'sent', { cause: 'pharmacist', message: null, now, submittedAt: now });
      if (proposal) await insertProposal(tx, events, { id: existing.id, ...ids }, proposal, now, 'proposal.');
      return { id: existing.id };
    });
  } catch (error) {
    // The owner deleted the offer between the check and the insert.
    if (isForeignKeyViolation(error)) throw notFound(MESSAGES.offerNotFound, 'offer_not_found');
    throw error;
  }
}
