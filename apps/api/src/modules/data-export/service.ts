/**
 * 'Scarica i miei dati' (decision 066, GDPR arts. 15 and 20): everything the platform keeps about one account, as a
 * ZIP with `dati.json` (keys in docs/data-export.md, the shape in ZDataExportSchema) and the CV as `cv.pdf`. Nothing of
 * other people beyond what the user already sees: an owner's offers carry counts of applications, never applicants.
 */
import { LIMITS, MESSAGES, PROFILE_FIELD_NAMES, PROFILE_FIELDS, type TDataExport, todayInItaly } from '@farmaponte/shared';
import { and, asc, count, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { type AsyncZippable, zip } from 'fflate';
import type { TDb } from '../../db/client';
import {
  applicationEvents,
  applications,
  availability,
  availabilityDays,
  calendarFeeds,
  consentEvents,
  cvFiles,
  cvViews,
  favouritePharmacists,
  invitations,
  notificationEmailOptOuts,
  notifications,
  offers,
  profiles,
  reliabilityEvents,
  reports,
  reviews,
  savedSearches,
  twoFactor,
  users,
  verificationDocuments,
  verifications,
  workedHours,
  workedHoursReviews,
} from '../../db/schema';
import { notFound, tooManyRequests } from '../../lib/errors';
import type { TCounterStore } from '../../lib/limiter';
import { readCv } from '../cv';
import { invitationStatusSql } from '../invitations';
import { messagesWrittenBy } from '../messages';
import { offerStatusSql } from '../offers';

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null | undefined) => (at ? at.toISOString() : null);

/** Exports per account per day: 429 with Retry-After and the wait in the message past LIMITS.dataExportsPerDay. */
export async function takeDataExportQuota(counters: TCounterStore, userId: number) {
  const key = `data-export:${userId}`;
  if ((await counters.hit(key, LIMITS.dataExportWindowMs)) <= LIMITS.dataExportsPerDay) return;
  const retryAfterMs = await counters.retryAfterMs(key);
  throw tooManyRequests(retryAfterMs, MESSAGES.dataExportLimit(MESSAGES.waitFor(retryAfterMs / 1000)), 'data_export_quota');
}

/** The account, its profile, its verification and second step: one row, or 404 for an account gone meanwhile. */
async function accountPart(db: TDb, userId: number) {
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
const offerSeenColumns = {
  offerId: offers.id,
  title: offers.title,
  dateFrom: offers.dateFrom,
  dateTo: offers.dateTo,
  pharmacy: profiles.denominazioneFarmacia,
  comune: profiles.comuneFarmacia,
};

function offerSeen(row: {
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

/** A pharmacist's applications with the offer as they see it, and each one's status history. */
async function applicationsPart(db: TDb, userId: number): Promise<TDataExport['applications']> {
  const rows = await db
    .select({
      id: applications.id,
      submittedAt: applications.submittedAt,
      status: applications.status,
      statusChangedAt: applications.statusChangedAt,
      message: applications.message,
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
  }));
}

/** An owner's offers with how many applications each has, per status: no applicant's data. */
async function offersPart(db: TDb, userId: number, now: Date): Promise<TDataExport['offers']> {
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
async function invitationsPart(db: TDb, userId: number, now: Date): Promise<TDataExport['invitations_received']> {
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
async function workedHoursPart(db: TDb, userId: number): Promise<Pick<TDataExport, 'worked_hours' | 'worked_hours_answers'>> {
  const review = (row: typeof workedHoursReviews.$inferSelect) => ({
    status: row.status,
    note: row.note,
    corrected_at: iso(row.correctedAt),
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
async function reviewsPart(
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

/** Everything of one account as `dati.json` holds it (docs/data-export.md), read at `now`. */
export async function collectUserData(db: TDb, userId: number, now: Date): Promise<TDataExport> {
  const { user, profile, verification, documentUploadedAt, secondStepEnabledAt } = await accountPart(db, userId);
  const [
    consents,
    cv,
    views,
    applicationsList,
    offersList,
    notificationRows,
    searches,
    optOuts,
    reportRows,
    calendar,
    calendarDays,
    written,
    invitationsReceived,
    favourites,
    hours,
    feeds,
    reviewed,
  ] = await Promise.all([
    db
      .select({ given: consentEvents.given, source: consentEvents.source, at: consentEvents.at })
      .from(consentEvents)
      .where(and(eq(consentEvents.userId, userId), eq(consentEvents.consent, 'communication')))
      .orderBy(asc(consentEvents.at), asc(consentEvents.id)),
    db.select().from(cvFiles).where(eq(cvFiles.userId, userId)),
    db.select().from(cvViews).where(eq(cvViews.pharmacistId, userId)).orderBy(asc(cvViews.at), asc(cvViews.id)),
    applicationsPart(db, userId),
    offersPart(db, userId, now),
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id)),
    db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.id)),
    db
      .select({ type: notificationEmailOptOuts.type })
      .from(notificationEmailOptOuts)
      .where(eq(notificationEmailOptOuts.userId, userId))
      .orderBy(asc(notificationEmailOptOuts.type)),
    db.select().from(reports).where(eq(reports.reporterId, userId)).orderBy(asc(reports.id)),
    db.select().from(availability).where(eq(availability.userId, userId)),
    db
      .select({ date: availabilityDays.day, part: availabilityDays.part })
      .from(availabilityDays)
      .where(eq(availabilityDays.userId, userId))
      .orderBy(asc(availabilityDays.day), asc(availabilityDays.part)),
    messagesWrittenBy(db, userId),
    invitationsPart(db, userId, now),
    db
      .select({ pharmacistId: favouritePharmacists.pharmacistId, addedAt: favouritePharmacists.createdAt })
      .from(favouritePharmacists)
      .where(eq(favouritePharmacists.ownerId, userId))
      .orderBy(asc(favouritePharmacists.createdAt), asc(favouritePharmacists.pharmacistId)),
    workedHoursPart(db, userId),
    // The feed's existence only: its token is a secret, stored hashed (decision 075).
    db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)),
    reviewsPart(db, userId),
  ]);
  const [calendarRow] = calendar;
  const profileValues: TDataExport['profile'] = {};
  for (const name of PROFILE_FIELD_NAMES) profileValues[name] = profile ? profile[PROFILE_FIELDS[name].key] : null;
  const [cvFile] = cv;
  return {
    format: 'farmaponte-dati',
    version: 1,
    generated_at: iso(now),
    account: {
      id: user.id,
      email: user.email,
      role: user.role,
      created_at: iso(user.createdAt),
      email_confirmed_at: isoOrNull(user.emailVerifiedAt),
      last_active_at: iso(user.lastActiveAt),
      suspension: user.suspendedAt ? { at: iso(user.suspendedAt), reason: user.suspendedReason } : null,
      // Whether the second step is on, never its secret nor the recovery codes.
      second_step_enabled: secondStepEnabledAt != null,
      second_step_enabled_at: isoOrNull(secondStepEnabledAt),
    },
    profile: {
      ...profileValues,
      latitudine: profile?.lat ?? null,
      longitudine: profile?.lng ?? null,
      updated_at: isoOrNull(profile?.updatedAt),
    },
    consents: {
      communication: {
        given: profile?.communicationConsent ?? false,
        history: consents.map((event) => ({ given: event.given, source: event.source, at: iso(event.at) })),
      },
      privacy_policy: { given: profile?.privacyPolicyConsent ?? false },
    },
    cv: cvFile
      ? { file: 'cv.pdf', size: cvFile.size, uploaded_at: iso(cvFile.uploadedAt), kept_at: isoOrNull(cvFile.keptAt) }
      : null,
    cv_views: views.map((view) => ({
      at: iso(view.at),
      viewer_role: view.viewerRole,
      viewer_name: view.viewerName,
      pharmacy_name: view.pharmacyName,
      offer_title: view.offerTitle,
    })),
    applications: applicationsList,
    offers: offersList,
    notifications: notificationRows.map((row) => ({
      type: row.type,
      title: row.title,
      body: row.body,
      link: row.link,
      created_at: iso(row.createdAt),
      read_at: isoOrNull(row.readAt),
    })),
    saved_searches: searches.map((row) => ({
      name: row.name,
      filters: row.filters,
      frequency: row.frequency,
      created_at: iso(row.createdAt),
      last_run_at: isoOrNull(row.lastRunAt),
    })),
    availability: calendarRow
      ? {
          comune: calendarRow.comune,
          province: calendarRow.province,
          radius_km: calendarRow.radiusKm,
          min_pay: calendarRow.minPay,
          visible: calendarRow.visible,
          updated_at: iso(calendarRow.updatedAt),
          days: calendarDays,
        }
      : null,
    invitations_received: invitationsReceived,
    favourite_pharmacists: favourites.map((row) => ({ pharmacist_id: row.pharmacistId, added_at: iso(row.addedAt) })),
    email_opt_outs: optOuts.map((row) => row.type),
    // The admin who decided and the notes of the desk are not the user's: the status, its dates and the reason they were told.
    verification: verification
      ? {
          status: verification.status,
          requested_at: iso(verification.requestedAt),
          decided_at: isoOrNull(verification.decidedAt),
          reason: verification.status === 'rejected' ? verification.reason : null,
          recheck_at: isoOrNull(verification.recheckAt),
          document_uploaded_at: isoOrNull(documentUploadedAt),
        }
      : null,
    // What the reporter wrote and whether it was handled; the admins' action and note stay on the desk.
    reports_made: reportRows.map((row) => ({
      target_type: row.targetType,
      target_id: row.targetId,
      reason: row.reason,
      details: row.details,
      status: row.status,
      created_at: iso(row.createdAt),
      resolved_at: isoOrNull(row.resolvedAt),
    })),
    messages_written: written,
    ...hours,
    calendar_feed: feeds[0] ? { created_at: iso(feeds[0].createdAt) } : null,
    ...reviewed,
  };
}

/** The archive's name: the Italian day of the export. */
export const exportFileName = (now: Date) => `farmaponte-dati-${todayInItaly(now)}.zip`;

/** fflate's zip in its worker threads: deflating the JSON and summing the CV's 5 MB leave the event loop free. */
function zipped(files: AsyncZippable): Promise<Uint8Array> {
  return new Promise((resolve, reject) => zip(files, (error, data) => (error ? reject(error) : resolve(data))));
}

/**
 * The ZIP, built in memory: dati.json (deflated) and the CV as it is stored (PDFs are compressed already). Its size is
 * the JSON's, compressed, plus at most LIMITS.cvMaxBytes.
 */
export async function buildUserExport(db: TDb, userId: number, now: Date): Promise<Uint8Array> {
  const data = await collectUserData(db, userId, now);
  const cv = data.cv ? await readCv(db, userId) : undefined;
  // The CV deleted between the two reads: the data say there is none.
  if (!cv) data.cv = null;
  const files: AsyncZippable = {
    'dati.json': [new TextEncoder().encode(`${JSON.stringify(data, null, 2)}\n`), { level: 6, mtime: now }],
  };
  if (cv) files['cv.pdf'] = [new Uint8Array(cv.data.buffer, cv.data.byteOffset, cv.data.byteLength), { level: 0, mtime: now }];
  return zipped(files);
}
