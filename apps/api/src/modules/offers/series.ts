/**
 * A series (decision 090): the shifts published together, edited or closed as a whole. What changes is the days of
 * the series that are neither closed nor past (open, filled or waiting for the approval); a day at a time stays the
 * single offer's edit and close. A series of another pharmacy is as good as missing (404).
 */
import { type TMyOffer, todayInItaly } from '@farmaponte/shared';
import { BULK_MESSAGES, type TSeriesPayload } from '@farmaponte/shared/bulk-offers';
import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { offers } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { reviseContractsOfOffer } from '../contracts';
import { asOwner, editedLegalTermsColumns, toColumns } from './lifecycle';
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

/**
 * Gives the series' days still to come the same title, description, pay, hours and positions, as the single edit
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
      .set({ ...columns, ...editedLegalTermsColumns(input), updatedAt: now })
      .where(inArray(offers.id, ids));
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
