/**
 * A series (decision 090): the shifts published together, edited or closed as a whole. What changes is the days of
 * the series that are neither closed nor past (open, filled or waiting for the approval); a day at a time stays the
 * single offer's edit and close. A series of another pharmacy is as good as missing (404).
 */
import { PAY_MESSAGES, type TMyOffer, type TPayTermsInput, todayInItaly } from '@farmaponte/shared';
import { BULK_MESSAGES, type TSeriesPayload } from '@farmaponte/shared/bulk-offers';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { offers } from '../../db/schema';
import { badRequest, conflict, INVALID_PAY_TERMS, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { reviseContractsOfOffer } from '../contracts';
import { refuseDroppedFormsInUse } from './forms-in-use';
import { asOwner, editedLegalTermsColumns, toColumns } from './lifecycle';
import { payTermsColumns, recomputeOfferPay, writtenPayTerms } from './pay';
import { refuseOverOpenLimits } from './quotas';
import { listOwnerOffers } from './service';
import { isOfferOpen } from './status';

/**
 * Locks the series' offers of the pharmacy in id order (step 2 of the lock order) and returns the ids of those neither
 * closed nor past; 404 when the pharmacy has no offer of the series, 409 when none of them is left to change.
 */
async function lockSeriesDays(tx: TDb, ownerId: number, seriesId: string, now: Date): Promise<number[]> {
  const rows = await tx
    .select({ id: offers.id, closedAt: offers.closedAt, dateTo: offers.dateTo })
    .from(offers)
    .where(and(eq(offers.ownerId, ownerId), eq(offers.seriesId, seriesId)))
    .orderBy(offers.id)
    .for('update');
  if (!rows.length) throw notFound(BULK_MESSAGES.seriesNotFound, 'series_not_found');
  const today = todayInItaly(now);
  const ids = rows.filter((row) => !row.closedAt && isOfferOpen(row.dateTo, today)).map((row) => row.id);
  if (!ids.length) throw conflict(BULK_MESSAGES.seriesNothingOpen, 'series_nothing_open');
  return ids;
}

/** The pay terms a series' edit writes on each day: the local holidays among that day's own (decision 094). */
function seriesPayTerms(terms: TPayTermsInput | null | undefined) {
  if (!terms?.extra_holidays?.length) return writtenPayTerms(terms);
  return {
    ...payTermsColumns(terms),
    extraHolidays: sql<
      string[]
    >`array(select d from unnest(${sql.param(terms.extra_holidays)}::date[]) as d where d between ${offers.dateFrom} and ${offers.dateTo} order by d)`,
  };
}

/** 400 for a local holiday that is none of the series' days still to come. */
async function refuseHolidaysOutsideSeries(tx: TDb, ids: number[], holidays: readonly string[]) {
  if (!holidays.length) return;
  const rows = await tx.select({ days: offers.extraHolidays }).from(offers).where(inArray(offers.id, ids));
  const kept = new Set(rows.flatMap((row) => row.days));
  if (holidays.some((day) => !kept.has(day)))
    throw badRequest(PAY_MESSAGES.extraHolidays, INVALID_PAY_TERMS, { 'pay_terms.extra_holidays': PAY_MESSAGES.extraHolidays });
}

/**
 * Gives the series' days still to come the same title, description, pay, pay terms, hours and positions, as the single edit
 * would one by one: fewer positions than accepted make a day filled, and the hiring loop answers its waiting
 * applications (on `offer.updated`). More positions may open a filled day again: the open limits count them.
 */
export async function editSeries(
  db: TDb,
  events: TEvents,
  ownerId: number,
  seriesId: string,
  input: TSeriesPayload,
  now: Date,
): Promise<{ changed: number; offers: TMyOffer[] }> {
  const { dateFrom: _from, dateTo: _to, ...columns } = toColumns({ ...input, date_from: null, date_to: null });
  const changed = await asOwner(db, ownerId, async (tx) => {
    const ids = await lockSeriesDays(tx, ownerId, seriesId, now);
    await refuseOverOpenLimits(tx, [{ ownerId, count: ids.length }], now, ids);
    await tx
      .update(offers)
      .set({ ...columns, ...editedLegalTermsColumns(input), ...seriesPayTerms(input.pay_terms), updatedAt: now })
      .where(inArray(offers.id, ids));
    await refuseDroppedFormsInUse(tx, ids, input.legal_forms);
    await refuseHolidaysOutsideSeries(tx, ids, input.pay_terms?.extra_holidays ?? []);
    await recomputeOfferPay(tx, ids, now);
    for (const offerId of ids) {
      // New hours or pay: a new version of each accepted freelance engagement's contract (decision 093).
      await reviseContractsOfOffer(tx, offerId, now, events);
      await events.record(tx, { type: 'offer.updated', offerId, ownerId });
    }
    return ids.length;
  });
  return { changed, offers: await listOwnerOffers(db, [ownerId], now, undefined, seriesId) };
}

/** Closes the series' days still to come, as closeOffer does each: their waiting applications are answered. */
export async function closeSeries(
  db: TDb,
  events: TEvents,
  ownerId: number,
  seriesId: string,
  now: Date,
): Promise<{ changed: number; offers: TMyOffer[] }> {
  const changed = await writeTransaction(db, async (tx) => {
    const ids = await lockSeriesDays(tx, ownerId, seriesId, now);
    await tx.update(offers).set({ closedAt: now, updatedAt: now }).where(inArray(offers.id, ids));
    for (const offerId of ids) await events.record(tx, { type: 'offer.closed', offerId, ownerId, by: 'owner' });
    return ids.length;
  });
  return { changed, offers: await listOwnerOffers(db, [ownerId], now, undefined, seriesId) };
}
