/**
 * Writing a contract's versions (decision 093): the first when a freelance application is accepted, a new one when the
 * owner changes its terms (PUT), an edit of the offer changes its days, hours or pay, or a negotiation settles other
 * terms (decision 094). A new version supersedes the
 * current one (whose confirmations stay on it) and starts unconfirmed; the pharmacist is told. Every write holds, in the
 * lock order (docs/architecture.md), the offer, then the application, then the contract's current row.
 */

import { isDeepStrictEqual } from 'node:util';
import { todayInItaly } from '@farmaponte/shared';
import { CONTRACT_MESSAGES, type TContractChangeInput, type TContractTerms } from '@farmaponte/shared/contracts';
import { and, desc, eq, isNull, max } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, contracts, offers } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { contractPdf, sha256Hex } from './pdf';
import {
  dealOfParties,
  dealOfTerms,
  partiesOfContract,
  payOfDeal,
  shiftAndFee,
  type TContractParties,
  type TDeal,
  termsOf,
} from './terms';

/** The current (not superseded) version of an application's contract, locked until the transaction ends. */
export async function lockCurrentContract(tx: TDb, applicationId: number) {
  const [row] = await tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.applicationId, applicationId), isNull(contracts.supersededAt)))
    .orderBy(desc(contracts.version))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Writes the next version of the application's contract from `deal`, superseding `current` (held by the caller), and
 * records `contract.written`. Returns the new row's id.
 */
async function writeVersion(
  tx: TDb,
  events: TEvents,
  parties: TContractParties,
  deal: TDeal,
  current: { id: number } | undefined,
  now: Date,
): Promise<number> {
  if (current) await tx.update(contracts).set({ supersededAt: now }).where(eq(contracts.id, current.id));
  const [last] = await tx
    .select({ version: max(contracts.version) })
    .from(contracts)
    .where(eq(contracts.applicationId, parties.applicationId));
  const version = (last?.version ?? 0) + 1;
  // The stored instant is the document's: PostgreSQL keeps microseconds, the PDF seconds; both from this value.
  const createdAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const terms = termsOf(parties, deal, todayInItaly(now));
  const pdf = await contractPdf(terms, version, createdAt);
  const [created] = await tx
    .insert(contracts)
    .values({
      applicationId: parties.applicationId,
      offerId: parties.offerId,
      pharmacyId: parties.pharmacyId,
      organisationId: parties.organisationId,
      farmacistaId: parties.farmacistaId,
      version,
      terms,
      pdf: Buffer.from(pdf),
      sha256: sha256Hex(pdf),
      createdAt,
      keepUntil: terms.retention.keep_until,
    })
    .returning({ id: contracts.id });
  if (!created) throw new Error('insert returned no row');
  await events.record(tx, {
    type: 'contract.written',
    contractId: created.id,
    applicationId: parties.applicationId,
    version,
    pharmacistId: parties.farmacistaId,
    ownerId: parties.pharmacyId,
  });
  return created.id;
}

/**
 * At the acceptance of a freelance application (acceptLockedApplication, which holds its offer and the application):
 * its contract's first version, or the next one if an earlier acceptance of it left one.
 */
export async function writeContractOfAcceptance(tx: TDb, events: TEvents, applicationId: number, now: Date): Promise<void> {
  const parties = await partiesOfContract(tx, applicationId);
  if (!parties) return;
  const current = await lockCurrentContract(tx, applicationId);
  await writeVersion(tx, events, parties, dealOfParties(parties), current, now);
}

/** The offer's row then the application's, locked in the lock order; 404 unless the application is of this pharmacy. */
async function lockOwnApplication(tx: TDb, pharmacyId: number, applicationId: number) {
  const [found] = await tx
    .select({ offerId: applications.offerId })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(and(eq(applications.id, applicationId), eq(offers.ownerId, pharmacyId)));
  if (!found) throw notFound(CONTRACT_MESSAGES.notFound, 'contract_not_found');
  await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, found.offerId)).for('update');
  const [application] = await tx
    .select({ id: applications.id, status: applications.status, legalForm: applications.legalForm })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for('update');
  return application;
}

/**
 * PUT /api/applications/{id}/contract/: the owner changes the fee, the expenses or the hours; a new version. 404 when
 * the application has no current contract, 409 once the shift is over, 400 for hours that end where they start.
 */
export async function changeContract(
  db: TDb,
  events: TEvents,
  pharmacyId: number,
  applicationId: number,
  input: TContractChangeInput,
  now: Date,
): Promise<number> {
  return writeTransaction(db, async (tx) => {
    const application = await lockOwnApplication(tx, pharmacyId, applicationId);
    const current = application ? await lockCurrentContract(tx, applicationId) : undefined;
    if (current && application?.status !== 'accepted')
      throw conflict(CONTRACT_MESSAGES.engagementCancelled, 'engagement_cancelled');
    const parties = current && (await partiesOfContract(tx, applicationId));
    if (!(current && parties)) throw notFound(CONTRACT_MESSAGES.notFound, 'contract_not_found');
    const before = dealOfTerms(current.terms as TContractTerms);
    const lastDay = before.dateTo ?? before.dateFrom;
    if (lastDay && lastDay < todayInItaly(now)) throw conflict(CONTRACT_MESSAGES.shiftOver, 'contract_shift_over');
    const deal: TDeal = {
      ...before,
      hourly: input.hourly_fee ?? before.hourly,
      expenses: input.expenses ?? before.expenses,
      startTime: input.start_time ?? before.startTime,
      endTime: input.end_time ?? before.endTime,
    };
    if (deal.startTime && deal.endTime && deal.startTime === deal.endTime)
      throw badRequest(CONTRACT_MESSAGES.timeInvalid, 'contract_time_invalid', { end_time: CONTRACT_MESSAGES.timeInvalid });
    // The terms keep the offer's values the first version was written from: a PUT is not an edit of the offer.
    const basis = (current.terms as TContractTerms).offer;
    const offerAsBefore = {
      dateFrom: basis.date_from,
      dateTo: basis.date_to,
      startTime: basis.start_time,
      endTime: basis.end_time,
      hourly: basis.hourly_pay,
    };
    return writeVersion(tx, events, { ...parties, offer: offerAsBefore }, deal, current, now);
  });
}

/** The fields of a deal an edit of the offer may change, and the terms' record of the offer each is read from. */
const OFFER_FIELDS = [
  ['dateFrom', 'date_from'],
  ['dateTo', 'date_to'],
  ['startTime', 'start_time'],
  ['endTime', 'end_time'],
  ['hourly', 'hourly_pay'],
] as const;

/**
 * After an edit of the offer (editOffer, editSeries: the caller holds the offer), in the same transaction: each accepted
 * freelance application's contract gets a new version when the offer's days, hours or pay differ from those its
 * current version was written from; the changed fields take the offer's values, the others (a fee or hours changed
 * with PUT) stay. Locks the applications (id order), then each one's current contract. Returns the versions written.
 */
export async function reviseContractsOfOffer(tx: TDb, offerId: number, now: Date, events: TEvents): Promise<number> {
  const accepted = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.offerId, offerId),
        eq(applications.status, 'accepted'),
        eq(applications.legalForm, 'libera_professione'),
      ),
    )
    .orderBy(applications.id)
    .for('update');
  let written = 0;
  for (const { id } of accepted) {
    const current = await lockCurrentContract(tx, id);
    const parties = current && (await partiesOfContract(tx, id));
    if (!(current && parties)) continue;
    const terms = current.terms as TContractTerms;
    const deal = dealOfTerms(terms);
    let changed = false;
    for (const [field, recorded] of OFFER_FIELDS) {
      if (parties.offer[field] === terms.offer[recorded]) continue;
      changed = true;
      (deal as unknown as Record<string, unknown>)[field] = parties.offer[field];
    }
    // A settled fee stays what was settled whatever the offer now offers.
    if (parties.offer.hourly !== terms.offer.hourly_pay && parties.basis.agreedHourly !== null)
      deal.hourly = parties.basis.agreedHourly;
    // The pay terms (night service, a freelancer's night and holiday fees, travel, lodging) changed the pay.
    if (!changed && terms.pay) changed = !isDeepStrictEqual(payNow(parties, deal), terms.pay);
    if (!changed) continue;
    await writeVersion(tx, events, parties, deal, current, now);
    written += 1;
  }
  return written;
}

const payNow = (parties: TContractParties, deal: TDeal) => payOfDeal(parties, deal, shiftAndFee(deal, parties.title).shift);
