/**
 * 'Scarica i miei dati' (decision 066, GDPR arts. 15 and 20): everything the platform keeps about one account, as a
 * ZIP with `dati.json` (keys in docs/data-export.md, the shape in ZDataExportSchema) and the CV as `cv.pdf`. Nothing of
 * other people beyond what the user already sees: an owner's offers carry counts of applications, never applicants.
 */
import { LIMITS, MESSAGES, PROFILE_FIELD_NAMES, PROFILE_FIELDS, type TDataExport, todayInItaly } from '@farmaponte/shared';
import { and, asc, eq } from 'drizzle-orm';
import { type AsyncZippable, zip } from 'fflate';
import type { TDb } from '../../db/client';
import {
  availability,
  availabilityDays,
  calendarFeeds,
  consentEvents,
  cvFiles,
  cvViews,
  favouritePharmacists,
  notificationEmailOptOuts,
  notifications,
  reports,
  savedSearches,
} from '../../db/schema';
import { tooManyRequests } from '../../lib/errors';
import type { TCounterStore } from '../../lib/limiter';
import { readCv } from '../cv';
import { messagesWrittenBy } from '../messages';
import { engagementPart } from './engagement-part';
import {
  accountPart,
  applicationsPart,
  invitationsPart,
  iso,
  isoOrNull,
  offersPart,
  reviewsPart,
  workedHoursPart,
} from './parts';

/** Exports per account per day: 429 with Retry-After and the wait in the message past LIMITS.dataExportsPerDay. */
export async function takeDataExportQuota(counters: TCounterStore, userId: number) {
  const key = `data-export:${userId}`;
  if ((await counters.hit(key, LIMITS.dataExportWindowMs)) <= LIMITS.dataExportsPerDay) return;
  const retryAfterMs = await counters.retryAfterMs(key);
  throw tooManyRequests(retryAfterMs, MESSAGES.dataExportLimit(MESSAGES.waitFor(retryAfterMs / 1000)), 'data_export_quota');
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
    engagement,
  ] = await Promise.all([
    db
      .select({ given: consentEvents.given, source: consentEvents.source, at: consentEvents.at })
      .from(consentEvents)
      .where(and(eq(consentEvents.userId, userId), eq(consentEvents.consent, 'communication')))
      .orderBy(asc(consentEvents.at), asc(consentEvents.id)),
    db.select().from(cvFiles).where(eq(cvFiles.userId, userId)),
    db.select().from(cvViews).where(eq(cvViews.pharmacistId, userId)).orderBy(asc(cvViews.at), asc(cvViews.id)),
    applicationsPart(db, userId, now),
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
    engagementPart(db, userId, now),
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
    ...engagement,
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
