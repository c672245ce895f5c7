/**
 * What bounds one owner's share of the offers everyone reads (decisions 020 and 090): offers published an hour, bulk
 * requests an hour, open offers per pharmacy and per organisation. The open limits are counted with the pharmacies'
 * rows and their organisation's row locked (`asOwners`), so two writes at once cannot both pass them.
 */
import { LIMITS, MESSAGES, msUntilEndOfItalianDay, todayInItaly } from '@farmaponte/shared';
import { BULK_MESSAGES } from '@farmaponte/shared/bulk-offers';
import { and, count, eq, gte, inArray, isNull, min, notInArray, or, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { offers, organisationPharmacies, organisations, users } from '../../db/schema';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/errors';
import { type TCounterStore, takeQuota } from '../../lib/limiter';
import { writeTransaction } from '../../lib/transactions';
import { openOfferCondition } from './status';

/** Offers one owner may publish per hour (tries count, so a burst cannot pass it): 429 past the quota. */
export function takeOfferQuota(counters: TCounterStore, ownerId: number) {
  return takeQuota(counters, `offers:${ownerId}`, {
    max: LIMITS.offersPerOwnerPerHour,
    windowMs: LIMITS.quotaWindowMs,
    message: MESSAGES.offersPerHourLimit,
    code: 'offer_quota',
  });
}

/**
 * Bulk requests (a calendar's days, a weekly rule, a CSV, checked or published) one pharmacy may make per hour: one
 * unit each, whatever its number of days, and none of the single offers' quota (decision 090). The open limits bound
 * how many offers they leave open.
 */
export function takeBulkQuota(counters: TCounterStore, pharmacyId: number) {
  return takeQuota(counters, `bulk-offers:${pharmacyId}`, {
    max: LIMITS.bulkRequestsPerPharmacyPerHour,
    windowMs: LIMITS.quotaWindowMs,
    message: BULK_MESSAGES.bulkPerHourLimit,
    code: 'bulk_quota',
  });
}

/**
 * Runs a write that may open offers for these pharmacies with their rows locked (in id order), then their
 * organisation's row: one pharmacy's writes go one at a time, an organisation's publishes wait for each other, and the
 * open limits hold under concurrent publishes. The users' rows are step 1 of the lock order, the organisation's step 1c
 * (docs/architecture.md); the offers come after. An account deletion locks the same row before it cascades, so a
 * pharmacy deleted meanwhile gets 401; a suspended one opens no offer (decision 062).
 */
export function asOwners<T>(db: TDb, ownerIds: number[], write: (tx: TDb) => Promise<T>): Promise<T> {
  const ids = [...new Set(ownerIds)].sort((a, b) => a - b);
  return writeTransaction(db, async (tx) => {
    const owners = await tx
      .select({ id: users.id, suspendedAt: users.suspendedAt })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(users.id)
      .for('no key update');
    if (owners.length !== ids.length) throw unauthorized();
    // Suspended while this request waited for the row: a suspended owner opens no offer.
    if (owners.some((owner) => owner.suspendedAt)) throw forbidden(MESSAGES.accountSuspended, 'account_suspended');
    await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(
        inArray(
          organisations.id,
          tx
            .select({ id: organisationPharmacies.organisationId })
            .from(organisationPharmacies)
            .where(inArray(organisationPharmacies.pharmacyId, ids)),
        ),
      )
      .orderBy(organisations.id)
      .for('no key update');
    return write(tx);
  });
}

/** Offers that count as open for the limits: open ones, and those waiting for their owner's approval (it publishes them all). */
function liveOffers(now: Date, except: number[]): SQL | undefined {
  const today = todayInItaly(now);
  return and(
    or(
      openOfferCondition(today),
      and(isNull(offers.publishedAt), isNull(offers.closedAt), or(isNull(offers.dateTo), gte(offers.dateTo, today))),
    ),
    except.length ? notInArray(offers.id, except) : undefined,
  );
}

/** Retry-After of an open limit: until the first of the open offers closes, or a day when none has an end date. */
const untilFirstEnds = (firstEnd: string | null, now: Date) =>
  firstEnd ? msUntilEndOfItalianDay(firstEnd, now) : 24 * 60 * 60 * 1000;

/** What a write would open: `count` offers of the pharmacy `ownerId`, named `name` in a refusal of a bulk publish. */
export interface TOpening {
  ownerId: number;
  count: number;
  name?: string;
}

/**
 * Refuses (429, Retry-After) a write that would leave a pharmacy with more than LIMITS.openOffersPerOwner open
 * offers, or its organisation with more than LIMITS.openOffersPerOrganisation (besides `except`, the offers being
 * edited). Run it under asOwners. A refusal of many names how many are left.
 */
export async function refuseOverOpenLimits(db: TDb, openings: TOpening[], now: Date, except: number[] = []): Promise<void> {
  const ownerIds = openings.map((opening) => opening.ownerId);
  const perOwner = await db
    .select({ ownerId: offers.ownerId, open: count(), firstEnd: min(offers.dateTo) })
    .from(offers)
    .where(and(inArray(offers.ownerId, ownerIds), liveOffers(now, except)))
    .groupBy(offers.ownerId);
  for (const { ownerId, count: asked, name } of openings) {
    const row = perOwner.find((r) => r.ownerId === ownerId);
    const open = Number(row?.open ?? 0);
    if (open + asked <= LIMITS.openOffersPerOwner) continue;
    const message = asked === 1 ? MESSAGES.openOffersLimit : BULK_MESSAGES.pharmacyOpenLimit(name || 'La farmacia', open, asked);
    throw tooManyRequests(untilFirstEnds(row?.firstEnd ?? null, now), message, 'open_offers_limit');
  }
  const organisationOf = db
    .select({ id: organisationPharmacies.organisationId })
    .from(organisationPharmacies)
    .where(inArray(organisationPharmacies.pharmacyId, ownerIds));
  const [organisation] = await db
    .select({ open: count(), firstEnd: min(offers.dateTo) })
    .from(offers)
    .innerJoin(organisationPharmacies, eq(organisationPharmacies.pharmacyId, offers.ownerId))
    .where(and(inArray(organisationPharmacies.organisationId, organisationOf), liveOffers(now, except)));
  const open = Number(organisation?.open ?? 0);
  const asked = openings.reduce((sum, opening) => sum + opening.count, 0);
  if (open + asked <= LIMITS.openOffersPerOrganisation) return;
  throw tooManyRequests(
    untilFirstEnds(organisation?.firstEnd ?? null, now),
    BULK_MESSAGES.organisationOpenLimit(open, asked),
    'organisation_open_offers_limit',
  );
}
