/**
 * 'Invita i farmacisti disponibili' (decisions 069, 071): the `auto-invitations` job keeps, for each open offer whose
 * owner ticked it, its live invitations (sent, not expired) plus its accepted applications at
 * LIMITS.autoInvitesPerPosition per position, inviting the best matches not invited yet: free on every day of the offer,
 * within their radius, asking no more than its pay, verified first and nearest first; only the owner's favourites until
 * `widens_at`, everyone after. As places free up (a decline, an expiry, a withdrawal) the next run invites again.
 *
 * Safe with several instances at once: each offer is taken under its owner's user row, locked with SKIP LOCKED (step 1
 * of the lock order), so an offer being topped up elsewhere, or whose owner is publishing or inviting, waits for the
 * next run; the count and the invitations are then exact, and the unique (offer, pharmacist) index is the last word.
 */
import { LIMITS, todayInItaly } from '@farmaponte/shared';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, invitations, offerAutoInvites, offers, profiles, users, verifications } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import type { TJob } from '../../lib/job';
import { writeTransaction } from '../../lib/transactions';
import { findMatchingPharmacists } from '../availability';
import { favouriteIdsOf } from '../favourites';
import { openOfferCondition } from '../offers';
import { insertInvitation, openInvitationsOf } from './service';

/** The offers one run looks at, least recently looked at first: a bounded run, the rest at the next. */
const OFFERS_PER_RUN = 100;

export type TAutoInviteRound = { offers: number; invited: number };

/** The open offers with dates that asked for auto-invitations, least recently looked at first. */
async function offersToLookAt(db: TDb, now: Date) {
  return db
    .select({ offerId: offerAutoInvites.offerId, ownerId: offers.ownerId })
    .from(offerAutoInvites)
    .innerJoin(offers, eq(offers.id, offerAutoInvites.offerId))
    .where(and(openOfferCondition(todayInItaly(now)), isNotNull(offers.dateFrom), isNotNull(offers.dateTo)))
    .orderBy(sql`${offerAutoInvites.lastRunAt} asc nulls first`, asc(offerAutoInvites.offerId))
    .limit(OFFERS_PER_RUN);
}

/**
 * Tops up one offer's invitations, in one transaction: the owner's row (skipped when another transaction holds it),
 * the offer, its auto-invite row, then the invitations and their notifications. Returns how many were sent, or null when
 * the offer was skipped (its owner busy, or it closed meanwhile).
 */
export async function topUpOffer(db: TDb, events: TEvents, offerId: number, ownerId: number, now: Date) {
  return writeTransaction(db, async (tx) => {
    const [owner] = await tx
      .select({ id: users.id, verification: verifications.status })
      .from(users)
      .leftJoin(verifications, eq(verifications.userId, users.id))
      .where(and(eq(users.id, ownerId), sql`${users.suspendedAt} is null`))
      .for('no key update', { of: users, skipLocked: true });
    // Held by another instance topping up this owner's offers, or by the owner's own write: the next run.
    if (owner?.verification !== 'verified') return null;
    const [offer] = await tx
      .select({
        id: offers.id,
        ownerId: offers.ownerId,
        title: offers.title,
        dateFrom: offers.dateFrom,
        dateTo: offers.dateTo,
        positions: offers.positions,
        acceptedCount: offers.acceptedCount,
        hourlyPay: offers.hourlyPay,
        lat: offers.lat,
        lng: offers.lng,
        pharmacy: profiles.denominazioneFarmacia,
        open: sql<boolean>`${openOfferCondition(todayInItaly(now))}`,
      })
      .from(offers)
      .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
      .where(eq(offers.id, offerId))
      .for('share', { of: offers });
    const [plan] = await tx.select().from(offerAutoInvites).where(eq(offerAutoInvites.offerId, offerId)).for('update');
    if (!offer || !plan) return null;
    const finish = async (invited: number) => {
      await tx.update(offerAutoInvites).set({ lastRunAt: now }).where(eq(offerAutoInvites.offerId, offerId));
      return invited;
    };
    if (!offer.open || !offer.dateFrom || !offer.dateTo || offer.lat === null || offer.lng === null) return finish(0);

    const { open } = await openInvitationsOf(tx, offerId, now);
    const room = Math.min(
      LIMITS.autoInvitesPerPosition * offer.positions - open - offer.acceptedCount,
      // The owner's own limit of open invitations holds for the platform's too.
      LIMITS.invitationsOpenPerOffer - open,
    );
    if (room <= 0) return finish(0);

    // Never twice: whoever was invited to this offer (however it ended) or applied to it.
    const [invited, applied] = await Promise.all([
      tx.select({ id: invitations.pharmacistId }).from(invitations).where(eq(invitations.offerId, offerId)),
      tx.select({ id: applications.farmacistaId }).from(applications).where(eq(applications.offerId, offerId)),
    ]);
    const excludeIds = [...invited, ...applied].map((row) => row.id);
    const favouritesOnly = plan.mode === 'favourites_first' && now < plan.widensAt;
    const matches = await findMatchingPharmacists(
      tx,
      {
        pharmacy: { lat: offer.lat, lng: offer.lng },
        from: offer.dateFrom,
        to: offer.dateTo,
        days: 'all',
        minPay: offer.hourlyPay,
        excludeIds,
        onlyIds: favouritesOnly ? await favouriteIdsOf(tx, ownerId) : undefined,
        order: 'verified_then_distance',
        limit: room,
        offset: 0,
      },
      now,
    );
    for (const match of matches.rows)
      await insertInvitation(tx, events, offer, match.pharmacistId, { message: null, invitedBy: 'auto' }, now);
    return finish(matches.rows.length);
  });
}

/** One round: every offer that asked for it, one transaction each, stopping between two when the runner stops. */
export async function runAutoInvites(db: TDb, events: TEvents, now: Date, signal?: AbortSignal): Promise<TAutoInviteRound> {
  const round: TAutoInviteRound = { offers: 0, invited: 0 };
  for (const { offerId, ownerId } of await offersToLookAt(db, now)) {
    if (signal?.aborted) break;
    let invited: number | null;
    try {
      invited = await topUpOffer(db, events, offerId, ownerId, now);
    } catch (error) {
      // A refusal of one offer (a pharmacist erased while being invited) leaves it for the next run, not the others.
      if (error instanceof HttpError) continue;
      throw error;
    }
    if (invited === null) continue;
    round.offers += 1;
    round.invited += invited;
  }
  return round;
}

/** The job for the app's runner (docs/architecture.md, "Where does a periodic job go"). */
export function autoInvitationsJob(deps: { db: TDb; events: TEvents }): TJob<TAutoInviteRound> {
  return {
    name: 'auto-invitations',
    every: LIMITS.autoInvitePollSeconds,
    // Safe when instances run it at once: each offer is taken under its owner's row with SKIP LOCKED.
    exclusive: false,
    async run({ now, signal, log }) {
      const round = await runAutoInvites(deps.db, deps.events, now(), signal);
      if (round.invited) log.info(round, 'auto-invitations sent');
      return round;
    },
  };
}
