/**
 * An offer's life as its owner and the admins write it: publish, edit, close, reopen, delete (docs/rules.md#offers), where
 * it is placed, and the owner's quota and open limit. Each write records its event (decision 087): the open list and the
 * hiring loop follow from it.
 */

import {
  DEFAULT_CCNL_LEVEL,
  LIMITS,
  legalTermsOf,
  MESSAGES,
  normalize,
  regionOfProvince,
  type TAutoInvite,
  type TMyOffer,
  type TOffer,
  type TOfferPayload,
  todayInItaly,
} from '@farmaponte/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { offerAutoInvites, offers, profiles, verifications } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction, type TAuditActor } from '../audit';
import { reviseContractsOfOffer } from '../contracts';
import { findComune, pharmacyPosition } from '../geo';
import { refuseDroppedFormsInUse } from './forms-in-use';
import {
  istatOf,
  payStateOf,
  payStateOfInput,
  payTermsColumns,
  payTotalsColumns,
  recomputeOfferPay,
  refuseBadPay,
  writtenPayTerms,
} from './pay';
import { asOwners, refuseOverOpenLimits } from './quotas';
import { getOwnerOffer, ownOffer } from './service';
import { isOfferOpen } from './status';

/**
 * Stores an offer as given, without the publishing checks (the factories use it to build closed offers too), placed
 * where its pharmacy is.
 */
export async function insertOffer(db: TDb, values: typeof offers.$inferInsert): Promise<{ id: number }> {
  const [created] = await insertOffers(db, values.ownerId, [values]);
  if (!created) throw new Error('insert returned no row');
  return created;
}

/**
 * Stores offers of one pharmacy as given, in one statement (a bulk publish's days, decision 090), placed where the
 * pharmacy is; their ids in the order given.
 */
export async function insertOffers(
  db: TDb,
  ownerId: number,
  rows: Omit<typeof offers.$inferInsert, 'ownerId'>[],
): Promise<{ id: number }[]> {
  if (!rows.length) return [];
  const [owner] = await db
    .select({ lat: profiles.lat, lng: profiles.lng, comune: profiles.comuneFarmacia })
    .from(profiles)
    .where(eq(profiles.userId, ownerId));
  const istat = owner ? istatOf(owner.comune) : null;
  const values = rows.map((row) => {
    const placement = owner ? offerPlacement(owner, row.createdAt ?? new Date()) : {};
    // Published when written unless told otherwise (null: waiting for the owner's approval, decision 049).
    const publishedAt = row.publishedAt === undefined ? (row.createdAt ?? new Date()) : row.publishedAt;
    // Dipendente at level 1 unless told otherwise; no level without dipendente (decision 093).
    const legalTerms = legalTermsOf({ legal_forms: row.legalForms, ccnl_level: row.ccnlLevel ?? undefined });
    const ccnlLevel = row.ccnlLevel === null ? null : legalTerms.ccnl_level;
    const written = { ...placement, ...row, ownerId, publishedAt, legalForms: legalTerms.legal_forms, ccnlLevel };
    // The shift's pay per form, worked out as it is written (decision 094).
    return { ...written, ...payTotalsColumns(payStateOf(written), istat, new Date()) };
  });
  const created = await db.insert(offers).values(values).returning({ id: offers.id });
  // One statement's serial ids follow the order of its rows.
  return created.sort((a, b) => a.id - b.id);
}

/** Where an offer of this pharmacy is: its position (docs/rules.md#places), province, region and comune key for the filters. */
export function offerPlacement(owner: { lat: number | null; lng: number | null; comune: string }, now: Date) {
  const { lat, lng } = pharmacyPosition(owner);
  const province = owner.comune ? (findComune(owner.comune)?.sigla ?? '') : '';
  return {
    lat,
    lng,
    province,
    region: province ? regionOfProvince(province) : '',
    comuneKey: normalize(owner.comune),
    placedAt: now,
  };
}

/**
 * Places the offers of one owner (after an admin moved the pharmacy), or every offer not placed yet (written before
 * decision 026, or loaded in bulk): one update per owner, so a whole table takes as many statements as owners.
 */
export async function placeOffers(db: TDb, now: Date, ownerId?: number): Promise<number> {
  const owners = await db
    .selectDistinct({ ownerId: offers.ownerId, lat: profiles.lat, lng: profiles.lng, comune: profiles.comuneFarmacia })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(ownerId === undefined ? isNull(offers.placedAt) : eq(offers.ownerId, ownerId));
  for (const owner of owners) await db.update(offers).set(offerPlacement(owner, now)).where(eq(offers.ownerId, owner.ownerId));
  return owners.length;
}

/**
 * An offer whose end date is already past would be closed, so nobody could ever see it. The message names the field
 * the owner sees: a one-day offer (start = end) has a single 'Data' field (date_from), a longer one ends at 'Data a'.
 */
function refuseClosed(input: TOfferPayload, now: Date) {
  if (isOfferOpen(input.date_to, todayInItaly(now))) return;
  if (input.date_from === input.date_to)
    throw badRequest(MESSAGES.offerDayInPast, 'date_in_past', { date_from: MESSAGES.offerDayInPast });
  throw badRequest(MESSAGES.offerDateInPast, 'date_in_past', { date_to: MESSAGES.offerDateInPast });
}

/** The stored columns of an offer's input; positions only when given (an update without them keeps them). */
export const toColumns = ({
  title,
  description,
  salary,
  hourly_pay,
  start_time,
  end_time,
  date_from,
  date_to,
  positions,
}: TOfferPayload) => ({
  title,
  description,
  salary,
  hourlyPay: hourly_pay,
  startTime: start_time,
  endTime: end_time,
  dateFrom: date_from,
  dateTo: date_to,
  ...(positions === undefined ? {} : { positions }),
});

/**
 * What an edit changes of an offer's legal forms and level: what it names, the rest as stored (an edit written before
 * decision 093 changes neither). The level is null without dipendente, and level 1 when dipendente is added to an
 * offer that had no level.
 */
export function editedLegalTermsColumns({ legal_forms, ccnl_level }: Pick<TOfferPayload, 'legal_forms' | 'ccnl_level'>) {
  if (legal_forms)
    return {
      legalForms: legal_forms,
      ccnlLevel: !legal_forms.includes('dipendente')
        ? null
        : (ccnl_level ?? sql<string>`coalesce(${offers.ccnlLevel}, ${DEFAULT_CCNL_LEVEL})`),
    };
  if (ccnl_level) return { ccnlLevel: sql<string>`case when 'dipendente' = any(${offers.legalForms}) then ${ccnl_level} end` };
  return {};
}

/** asOwners for one pharmacy: its row, then its organisation's, locked for a write that may open an offer. */
export const asOwner = <T>(db: TDb, ownerId: number, write: (tx: TDb) => Promise<T>) => asOwners(db, [ownerId], write);

/**
 * Whether the owner is verified, read with the owner's row locked (asOwner), so an admin's decision and a publish go
 * one after the other: an offer written before the approval is published by it, one written after is published at once.
 */
async function ownerIsVerified(tx: TDb, ownerId: number): Promise<boolean> {
  const [row] = await tx.select({ status: verifications.status }).from(verifications).where(eq(verifications.userId, ownerId));
  return row?.status === 'verified';
}

/**
 * 'Invita i farmacisti disponibili' ticked when publishing (decisions 069, 071): the offer's row for the auto-invitations
 * job, which invites for open offers only (one waiting for its owner's approval, from the approval on). The others than
 * the owner's favourites may be invited from `widensAt`: at once, or `delay_hours` after publishing.
 */
async function planAutoInvites(tx: TDb, offerIds: number[], { mode, delay_hours }: TAutoInvite, now: Date) {
  if (!offerIds.length) return;
  const delayHours = mode === 'favourites_first' ? (delay_hours ?? LIMITS.autoInviteDelayHoursMin) : 0;
  const widensAt = new Date(now.getTime() + delayHours * 60 * 60 * 1000);
  await tx.insert(offerAutoInvites).values(offerIds.map((offerId) => ({ offerId, mode, delayHours, widensAt, createdAt: now })));
}

/**
 * Who published and with which shifts (decisions 089 and 090): the person acting for the pharmacy (kept on the offers
 * and in the audit log), the series of a bulk publish.
 */
export interface TPublishing {
  actor?: TAuditActor | null;
  seriesId?: string;
}

/**
 * Writes offers of one pharmacy as publishing does, in one statement: placed where it is, published at once for a
 * verified owner and waiting for the approval otherwise (decision 049), 'Invita i farmacisti disponibili' planned, and
 * one `offer.published` with all their ids. The caller holds the pharmacy's row (asOwners) and has checked the limits.
 * Returns the ids in the order given, and whether they wait for the approval.
 */
export async function writePublishedOffers(
  tx: TDb,
  events: TEvents,
  ownerId: number,
  inputs: TOfferPayload[],
  { actor, seriesId }: TPublishing,
  now: Date,
): Promise<{ ids: number[]; pending: boolean }> {
  // The hours and pay terms as they will be stored, checked as an edit checks them (decision 094).
  for (const input of inputs) refuseBadPay(payStateOfInput(input));
  const publishedAt = (await ownerIsVerified(tx, ownerId)) ? undefined : null;
  const created = await insertOffers(
    tx,
    ownerId,
    inputs.map((input) => ({
      ...toColumns(input),
      ...payTermsColumns(input.pay_terms ?? null),
      legalForms: input.legal_forms,
      ccnlLevel: input.ccnl_level,
      publishedAt,
      createdBy: actor?.id,
      seriesId,
    })),
  );
  const ids = created.map((row) => row.id);
  // Who of the pharmacy's staff published them (decision 089): one entry for the request. The owner acting for their
  // own pharmacy is its account: nobody else could have, and the log stays the admins' and the staff's.
  if (actor && actor.id !== ownerId && ids.length)
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'offer.publish',
        targetUserId: ownerId,
        targetType: 'offer',
        targetId: ids[0],
        details: ids.length > 1 ? { offers: ids.length, series_id: seriesId ?? null } : {},
      },
      now,
    );
  const autoInvite = inputs[0]?.auto_invite;
  // A bulk publish gives every day the same template, so the same choice (decision 090).
  if (autoInvite) await planAutoInvites(tx, ids, autoInvite, now);
  if (publishedAt === undefined && ids.length) await events.record(tx, { type: 'offer.published', offerIds: ids, ownerId });
  return { ids, pending: publishedAt === null };
}

/** Publishes one offer of the pharmacy `ownerId`, written by `actor` (the person acting for it). */
export async function publishOffer(
  db: TDb,
  events: TEvents,
  ownerId: number,
  input: TOfferPayload,
  now: Date,
  actor: TAuditActor | null = null,
): Promise<TOffer> {
  refuseClosed(input, now);
  const [id] = await asOwner(db, ownerId, async (tx) => {
    await refuseOverOpenLimits(tx, [{ ownerId, count: 1 }], now);
    return (await writePublishedOffers(tx, events, ownerId, [input], { actor }, now)).ids;
  });
  if (id === undefined) throw new Error('insert returned no row');
  return getOwnerOffer(db, ownerId, id);
}

/**
 * Replaces the fields of the owner's own offer; 404 for a missing offer or someone else's. Fewer positions than
 * accepted applications makes it filled, and the hiring loop answers the applications still waiting (on the event).
 */
export async function editOffer(
  db: TDb,
  events: TEvents,
  ownerId: number,
  offerId: number,
  input: TOfferPayload,
  now: Date,
): Promise<TOffer> {
  refuseClosed(input, now);
  await asOwner(db, ownerId, async (tx) => {
    // Reopening a closed offer (a later end date) counts like publishing one.
    await refuseOverOpenLimits(tx, [{ ownerId, count: 1 }], now, [offerId]);
    const [updated] = await tx
      .update(offers)
      .set({ ...toColumns(input), ...editedLegalTermsColumns(input), ...writtenPayTerms(input.pay_terms), updatedAt: now })
      .where(and(eq(offers.id, offerId), eq(offers.ownerId, ownerId)))
      .returning({ id: offers.id });
    if (!updated) throw notFound();
    await refuseDroppedFormsInUse(tx, [offerId], input.legal_forms);
    // The pay terms checked against the offer as it now is (those it kept too), and its totals worked out again.
    await recomputeOfferPay(tx, [offerId], now);
    // New days, hours or pay: a new version of each accepted freelance engagement's contract (decision 093).
    await reviseContractsOfOffer(tx, offerId, now, events);
    await events.record(tx, { type: 'offer.updated', offerId, ownerId });
  });
  return getOwnerOffer(db, ownerId, offerId);
}

/** The owner's own offer, locked for a change of its state until the transaction ends; 404 for anyone else's. */
async function lockOwnerOffer(db: TDb, ownerId: number, offerId: number) {
  const [offer] = await db
    .select({ id: offers.id, dateTo: offers.dateTo, closedAt: offers.closedAt, hiddenAt: offers.hiddenAt })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.ownerId, ownerId)))
    .for('update');
  if (!offer) throw notFound();
  return offer;
}

/**
 * Deletes the owner's own offer and (ON DELETE CASCADE) its applications; 404 for a missing offer or someone else's.
 * `offer.deleting` is recorded first, in the same transaction: every applicant still waiting or accepted is told while
 * their application is still there.
 */
export async function deleteOffer(db: TDb, events: TEvents, ownerId: number, offerId: number): Promise<void> {
  await writeTransaction(db, async (tx) => {
    await lockOwnerOffer(tx, ownerId, offerId);
    await events.record(tx, { type: 'offer.deleting', offerId, ownerId });
    await tx.delete(offers).where(eq(offers.id, offerId));
  });
}

/**
 * The owner closes an offer: it takes no more applications, and the hiring loop answers those still waiting (on the
 * event). 409 when already closed.
 */
export async function closeOffer(db: TDb, events: TEvents, ownerId: number, offerId: number, now: Date): Promise<TMyOffer> {
  await writeTransaction(db, async (tx) => {
    const offer = await lockOwnerOffer(tx, ownerId, offerId);
    if (offer.closedAt) throw conflict(MESSAGES.offerAlreadyClosed, 'offer_already_closed');
    await tx.update(offers).set({ closedAt: now, updatedAt: now }).where(eq(offers.id, offerId));
    await events.record(tx, { type: 'offer.closed', offerId, ownerId, by: 'owner' });
  });
  return ownOffer(db, ownerId, offerId, now);
}

/**
 * An admin closes offers after a report or a suspension (decision 062): each one not closed yet is closed and its
 * waiting applicants answered as when its owner closes it; `hide` also marks them hidden, so the owner cannot reopen
 * them. The caller holds the offers' locks (lockOffers, after the user's row when it takes one). Returns the offers closed.
 */
export async function closeOffersByAdmin(
  db: TDb,
  events: TEvents,
  offerIds: number[],
  { hide }: { hide: boolean },
  now: Date,
): Promise<number> {
  if (!offerIds.length) return 0;
  if (hide)
    await db
      .update(offers)
      .set({ hiddenAt: now, updatedAt: now })
      .where(and(inArray(offers.id, offerIds), isNull(offers.hiddenAt)));
  const closed = await db
    .update(offers)
    .set({ closedAt: now, updatedAt: now })
    .where(and(inArray(offers.id, offerIds), isNull(offers.closedAt)))
    .returning({ id: offers.id, ownerId: offers.ownerId });
  for (const { id, ownerId } of closed.sort((a, b) => a.id - b.id))
    await events.record(db, { type: 'offer.closed', offerId: id, ownerId, by: 'admin' });
  return closed.length;
}

/**
 * The owner reopens a closed offer while its dates have not passed (409 otherwise). Reopening counts like publishing,
 * so it runs as the owner (their row locked, then the offer), and two reopens at once cannot both pass the cap.
 */
export async function reopenOffer(db: TDb, events: TEvents, ownerId: number, offerId: number, now: Date): Promise<TMyOffer> {
  await asOwner(db, ownerId, async (tx) => {
    const offer = await lockOwnerOffer(tx, ownerId, offerId);
    if (!offer.closedAt) throw conflict(MESSAGES.offerNotClosed, 'offer_not_closed');
    if (offer.hiddenAt) throw conflict(MESSAGES.offerHiddenCannotReopen, 'offer_hidden');
    if (!isOfferOpen(offer.dateTo, todayInItaly(now))) throw conflict(MESSAGES.offerCannotReopenExpired, 'offer_expired');
    await refuseOverOpenLimits(tx, [{ ownerId, count: 1 }], now, [offerId]);
    await tx.update(offers).set({ closedAt: null, updatedAt: now }).where(eq(offers.id, offerId));
    await events.record(tx, { type: 'offer.reopened', offerId, ownerId });
  });
  return ownOffer(db, ownerId, offerId, now);
}
