/** The parts of a user's data export (docs/data-export.md), one reader each: the account, applications, offers, invitations, worked hours, reviews. */
import { type TDataExport, todayInItaly } from '@farmaponte/shared';
import { and, asc, count, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  applicationEvents,
  applications,
  invitations,
  offers,
  profiles,
  reliabilityEvents,
  reviews,
  twoFactor,
  users,
  verificationDocuments,
  verifications,
  workedHours,
  workedHoursReviews,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { invitationStatusSql } from '../invitations';
import { agreedTerms, proposalsOf } from '../negotiation';
import { offerStatusSql } from '../offers';

export const iso = (at: Date) => at.toISOString();
export const isoOrNull = (at: Date | null | undefined) => (at ? at.toISOString() : null);

/** The account, its profile, its verification and second step: one row, or 404 for an account gone meanwhile. */
export async function accountPart(db: TDb, userId: number) {
  const [row] = await db
    .select({
      user: users,
      profile: profiles,
      verification: verifications,
      documentUploadedAt: verificationDocuments.uploadedAt,
      secondStepEnabledAt: twoFactor.enabledAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(verifications, eq(verifications.userId, users.id))
    .leftJoin(verificationDocuments, eq(verificationDocuments.userId, users.id))
    .leftJoin(twoFactor, eq(twoFactor.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  return row;
}

/** An offer as a pharmacist saw it on an application or an invitation: selected with these columns, given by offerSeen. */
export const offerSeenColumns = {
  offerId: offers.id,
  title: offers.title,
  dateFrom: offers.dateFrom,
  dateTo: offers.dateTo,
  pharmacy: profiles.denominazioneFarmacia,
  comune: profiles.comuneFarmacia,
};

export function offerSeen(row: {
  offerId: number;
  title: string;
  dateFrom: string | null;
  dateTo: string | null;
  pharmacy: string | null;
  comune: string | null;
}) {
  return {
    id: row.offerId,
    title: row.title,
    pharmacy: row.pharmacy ?? '',
    comune: row.comune ?? '',
    date_from: row.dateFrom,
    date_to: row.dateTo,
  };
}

/**
 * A pharmacist's applications with the offer as they see it, each one's status history, and the terms of pay it settled
 * with the steps of its negotiation (decision 094).
 */
export async function applicationsPart(db: TDb, userId: number, now: Date): Promise<TDataExport['applications']> {
  const rows = await db
    .select({
      id: applications.id,
      submittedAt: applications.submittedAt,
      status: applications.status,
      statusChangedAt: applications.statusChangedAt,
      message: applications.message,
      agreedHourly: applications.agreedHourly,
      agreedTravel: applications.agreedTravel,
      ...offerSeenColumns,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .leftJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(eq(applications.farmacistaId, userId))
    .orderBy(asc(applications.submittedAt), asc(applications.id));
  const events = rows.length
    ? await db
        .select({
          applicationId: applicationEvents.applicationId,
          status: applicationEvents.status,
          message: applicationEvents.message,
          at: applicationEvents.at,
        })
        .from(applicationEvents)
        .where(
          inArray(
            applicationEvents.applicationId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(applicationEvents.id))
    : [];
  const proposals = await proposalsOf(
    db,
    rows.map((row) => row.id),
    now,
  );
  return rows.map((row) => ({
    id: row.id,
    offer: offerSeen(row),
    submitted_at: iso(row.submittedAt),
    status: row.status,
    status_changed_at: iso(row.statusChangedAt),
    message: row.message,
    history: events
      .filter((event) => event.applicationId === row.id)
      .map((event) => ({ status: event.status, message: event.message, at: iso(event.at) })),
    agreed: agreedTerms(row),
    proposals: proposals.get(row.id) ?? [],
  }));
}

/** An owner's offers with how many applications each has, per status: no applicant's data. */
export async function offersPart(db: TDb, userId: number, now: Date): Promise<TDataExport['offers']> {
  const rows = await db
    .select({ offer: offers, status: offerStatusSql(todayInItaly(now)) })
    .from(offers)
    .where(eq(offers.ownerId, userId))
    .orderBy(asc(offers.createdAt), asc(offers.id));
  const counts = rows.length
    ? await db
        .select({ offerId: applications.offerId, status: applications.status, n: count() })
        .from(applications)
        .where(
          inArray(
            applications.offerId,
            rows.map((row) => row.offer.id),
          ),
        )
        .groupBy(applications.offerId, applications.status)
    : [];
  const invitationCounts = rows.length
    ? await db
        .select({ offerId: invitations.offerId, status: invitationStatusSql(now), n: count() })
        .from(invitations)
        .where(
          inArray(
            invitations.offerId,
            rows.map((row) => row.offer.id),
          ),
        )
        // By position: the status expression carries `now` as a parameter, and a second copy of it would be another one.
        .groupBy(sql`1`, sql`2`)
    : [];
  return rows.map(({ offer, status }) => ({
    id: offer.id,
    title: offer.title,
    description: offer.description,
    salary: offer.salary,
    hourly_pay: offer.hourlyPay,
    date_from: offer.dateFrom,
    date_to: offer.dateTo,
    start_time: offer.startTime,
    end_time: offer.endTime,
    positions: offer.positions,
    status,
    created_at: iso(offer.createdAt),
    updated_at: iso(offer.updatedAt),
    published_at: isoOrNull(offer.publishedAt),
    closed_at: isoOrNull(offer.closedAt),
    hidden_at: isoOrNull(offer.hiddenAt),
    applications: Object.fromEntries(counts.filter((row) => row.offerId === offer.id).map((row) => [row.status, Number(row.n)])),
    invitations: Object.fromEntries(
      invitationCounts.filter((row) => row.offerId === offer.id).map((row) => [row.status, Number(row.n)]),
    ),
  }));
}

/** A pharmacist's invitations, oldest first, with the offer as they saw it (decision 071). */
export async function invitationsPart(db: TDb, userId: number, now: Date): Promise<TDataExport['invitations_received']> {
  const rows = await db
    .select({
      id: invitations.id,
      ...offerSeenColumns,
      invitedBy: invitations.invitedBy,
      message: invitations.message,
      status: invitationStatusSql(now),
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      decidedAt: invitations.decidedAt,
      declineReason: invitations.declineReason,
    })
    .from(invitations)
    .innerJoin(offers, eq(offers.id, invitations.offerId))
    .leftJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(eq(invitations.pharmacistId, userId))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
  return rows.map((row) => ({
    id: row.id,
    offer: offerSeen(row),
    invited_by: row.invitedBy,
    message: row.message,
    status: row.status,
    created_at: iso(row.createdAt),
    expires_at: iso(row.expiresAt),
    decided_at: isoOrNull(row.decidedAt),
    decline_reason: row.declineReason,
  }));
}

/**
 * A pharmacist's corrected hours by shift with the owner's answer, and an owner's answers on their offers
 * (decision 075): the shift named by its offer's title and pharmacy, as the screens show it.
 */
export async function workedHoursPart(
  db: TDb,
  userId: number,
): Promise<Pick<TDataExport, 'worked_hours' | 'worked_hours_answers'>> {
  const review = (row: typeof workedHoursReviews.$inferSelect) => ({
    status: row.status,
    note: row.note,
    corrected_at: isoOrNull(row.correctedAt),
    decided_at: isoOrNull(row.decidedAt),
  });
  const [days, reviews, answers] = await Promise.all([
    db
      .select({ hours: workedHours, title: offers.title, pharmacy: profiles.denominazioneFarmacia })
      .from(workedHours)
      .innerJoin(applications, eq(applications.id, workedHours.applicationId))
      .innerJoin(offers, eq(offers.id, applications.offerId))
      .leftJoin(profiles, eq(profiles.userId, offers.ownerId))
      .where(eq(applications.farmacistaId, userId))
      .orderBy(asc(workedHours.applicationId), asc(workedHours.day)),
    db
      .select({ review: workedHoursReviews })
      .from(workedHoursReviews)
      .innerJoin(applications, eq(applications.id, workedHoursReviews.applicationId))
      .where(eq(applications.farmacistaId, userId)),
    db
      .select({ review: workedHoursReviews, title: offers.title })
      .from(workedHoursReviews)
      .innerJoin(applications, eq(applications.id, workedHoursReviews.applicationId))
      .innerJoin(offers, eq(offers.id, applications.offerId))
      .where(eq(offers.ownerId, userId))
      .orderBy(asc(workedHoursReviews.applicationId)),
  ]);
  const shifts = new Map<number, TDataExport['worked_hours'][number]>();
  for (const { hours, title, pharmacy } of days) {
    const shift = shifts.get(hours.applicationId) ?? {
      application_id: hours.applicationId,
      offer_title: title,
      pharmacy: pharmacy ?? '',
      days: [],
      review: null,
    };
    shift.days.push({ date: hours.day, start_time: hours.startTime, end_time: hours.endTime, updated_at: iso(hours.updatedAt) });
    shifts.set(hours.applicationId, shift);
  }
  for (const row of reviews) {
    const shift = shifts.get(row.review.applicationId);
    if (shift) shift.review = review(row.review);
  }
  return {
    worked_hours: [...shifts.values()],
    worked_hours_answers: answers.map((row) => ({
      application_id: row.review.applicationId,
      offer_title: row.title,
      ...review(row.review),
    })),
  };
}

/**
 * The reviews the user wrote (published or not) and those about them once published, and their reliability events
 * (decision 074); never an unpublished review about them.
 */
export async function reviewsPart(
  db: TDb,
  userId: number,
): Promise<Pick<TDataExport, 'reviews_written' | 'reviews_received' | 'reliability_events'>> {
  const [rows, events] = await Promise.all([
    db
      .select({ review: reviews, title: offers.title })
      .from(reviews)
      .innerJoin(applications, eq(applications.id, reviews.applicationId))
      .innerJoin(offers, eq(offers.id, applications.offerId))
      .where(or(eq(reviews.authorId, userId), and(eq(reviews.subjectId, userId), isNotNull(reviews.publishedAt))))
      .orderBy(asc(reviews.id)),
    db.select().from(reliabilityEvents).where(eq(reliabilityEvents.userId, userId)).orderBy(asc(reliabilityEvents.id)),
  ]);
  const exported = ({ review, title }: (typeof rows)[number]) => {
    const answers = {
      punctuality: review.punctuality,
      communication: review.communication,
      handover: review.handover,
      would_hire_again: review.wouldHireAgain,
      welcome: review.welcome,
      task_clarity: review.taskClarity,
      pay_as_agreed: review.payAsAgreed,
    };
    return {
      application_id: review.applicationId,
      offer_title: title,
      author_role: review.authorRole,
      rating: review.rating,
      comment: review.comment,
      answers: Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== null)) as Record<
        string,
        number | boolean
      >,
      created_at: iso(review.createdAt),
      published_at: isoOrNull(review.publishedAt),
      reply: review.reply,
      hidden: review.hiddenAt !== null,
    };
  };
  return {
    reviews_written: rows.filter((row) => row.review.authorId === userId).map(exported),
    reviews_received: rows.filter((row) => row.review.subjectId === userId).map(exported),
    reliability_events: events.map((event) => ({
      kind: event.kind,
      offer_title: event.offerTitle,
      first_day: event.firstDay,
      reason: event.reason,
      at: iso(event.at),
    })),
  };
}
