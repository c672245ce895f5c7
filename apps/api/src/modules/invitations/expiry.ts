/** When an invitation expires (decision 069) and its status as both sides read it. */
import { addDays, LIMITS, romeInstant, type TInvitationStatus } from '@farmaponte/shared';
import { and, eq, gt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { invitations } from '../../db/schema';

export const HOUR_MS = 60 * 60 * 1000;

/** Midnight in Rome at the start of `isoDate`. */
export function startOfItalianDay(isoDate: string): Date {
  return new Date(romeInstant(isoDate, '00:00'));
}

/**
 * When an invitation sent now expires (decision 069): LIMITS.invitationTtlHours after it was sent, or the start of the
 * offer's first day in Italy if that is sooner. An offer whose first day has begun (several days, still open) gives
 * until the end of its last day instead, so that an invitation to it is not born expired; one without dates, the 72 hours.
 */
export function invitationExpiry(offer: { dateFrom: string | null; dateTo: string | null }, now: Date): Date {
  const ttl = new Date(now.getTime() + LIMITS.invitationTtlHours * HOUR_MS);
  const firstDay = offer.dateFrom ?? offer.dateTo;
  if (!firstDay) return ttl;
  const start = startOfItalianDay(firstDay);
  const limit = start > now ? start : startOfItalianDay(addDays(offer.dateTo ?? firstDay, 1));
  return limit < ttl ? limit : ttl;
}

/** An invitation's status as both sides see it: `expired` for a `sent` one past its `expires_at`. */
export function invitationStatusSql(now: Date): SQL<TInvitationStatus> {
  return sql<TInvitationStatus>`case when ${invitations.status} = 'sent' and ${invitations.expiresAt} <= ${now.toISOString()} then 'expired' else ${invitations.status} end`;
}

/** A `sent` invitation not yet expired: one the pharmacist may still answer, and one that counts as open. */
export function liveInvitation(now: Date | Placeholder): SQL {
  return and(eq(invitations.status, 'sent'), gt(invitations.expiresAt, now)) as SQL;
}
