/**
 * Who life after the shift tells (decisions 074 and 075): the owner of hours to confirm, the pharmacist of the answer,
 * both sides of a shift about to start (with its calendar event again and the pharmacy's address) and of a review
 * window opened, and the subject of each review published. In the event's transaction.
 */
import { formatDate, NOTIFICATION_TEXT, todayInItaly } from '@farmaponte/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import { applications, offers, profiles, reviews } from '../../../db/schema';
import type { TEventOf } from '../../../lib/domain-events';
import type { TEventBus } from '../../../lib/event-bus';
import { shiftInvitation } from '../../calendar';
import type { TNotifier } from '../service';
import { partiesOf, partiesOfMany } from './parties';

const shiftsLink = (day: string) => `/miei_turni?mese=${day.slice(0, 7)}`;
const REVIEWS = '/recensioni';
/** How a review names a pharmacist: the name and the surname's initial (an owner is named by the pharmacy). */
const pharmacistName = (p: { name: string; surname: string }) => `${p.name} ${p.surname.slice(0, 1)}.`.trim();

async function hoursSubmitted(db: TDb, notifier: TNotifier, event: TEventOf<'hours.submitted'>) {
  const parties = await partiesOf(db, event.applicationId);
  if (!parties) return;
  await notifier.notify(db, {
    userId: parties.ownerId,
    type: 'hours_submitted',
    ...NOTIFICATION_TEXT.hours_submitted(parties.applicant, parties.title),
    link: shiftsLink(event.day),
  });
}

async function hoursAnswered(db: TDb, notifier: TNotifier, event: TEventOf<'hours.answered'>, now: () => Date) {
  const parties = await partiesOf(db, event.applicationId);
  if (!parties) return;
  const lastDay = parties.dateTo ?? parties.dateFrom;
  await notifier.notify(db, {
    userId: parties.pharmacistId,
    type: 'hours_answered',
    ...NOTIFICATION_TEXT.hours_answered(parties.pharmacy, parties.title, event.confirmed),
    link: shiftsLink(lastDay ?? todayInItaly(now())),
    message: event.note,
  });
}

/** The shift starts soon: both sides, with the calendar event attached again and where the pharmacy is. */
async function shiftReminder(db: TDb, notifier: TNotifier, event: TEventOf<'shift.reminder_due'>, now: () => Date) {
  const [shift] = await db
    .select({
      title: offers.title,
      firstDay: sql<string>`coalesce(${offers.dateFrom}, ${offers.dateTo})`,
      startTime: offers.startTime,
      pharmacy: profiles.denominazioneFarmacia,
      address: profiles.indirizzoFarmacia,
      comune: profiles.comuneFarmacia,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(eq(applications.id, event.applicationId));
  if (!shift) return;
  const invitation = await shiftInvitation(db, notifier, event.applicationId, { method: 'REQUEST', now: now() });
  const day = `${formatDate(shift.firstDay)}${shift.startTime ? ` alle ${shift.startTime}` : ''}`;
  const address = [shift.address, shift.comune].filter(Boolean).join(', ');
  for (const userId of [event.pharmacistId, event.ownerId])
    await notifier.notify(db, {
      userId,
      type: 'shift_reminder',
      ...NOTIFICATION_TEXT.shift_reminder(shift.title, shift.pharmacy, day),
      link: userId === event.ownerId ? '/candidature' : '/mie_candidature',
      lines: address ? [address] : [],
      ics: invitation?.ics ?? null,
    });
}

/** The review window opened: each side is asked about the other. */
async function reviewRequested(db: TDb, notifier: TNotifier, event: TEventOf<'review.requested'>) {
  const parties = await partiesOf(db, event.applicationId);
  if (!parties) return;
  for (const userId of [parties.ownerId, parties.pharmacistId]) {
    const subject = userId === parties.ownerId ? pharmacistName(parties) : parties.pharmacy;
    await notifier.notify(db, {
      userId,
      type: 'review_request',
      ...NOTIFICATION_TEXT.review_request(subject, parties.title),
      link: `${REVIEWS}?candidatura=${parties.applicationId}`,
    });
  }
}

/** Each review published tells its subject who wrote it (as the review names its author). */
async function reviewsPublished(db: TDb, notifier: TNotifier, event: TEventOf<'reviews.published'>) {
  if (!event.reviewIds.length) return;
  const published = await db
    .select({ applicationId: reviews.applicationId, authorRole: reviews.authorRole, subjectId: reviews.subjectId })
    .from(reviews)
    .where(inArray(reviews.id, event.reviewIds))
    .orderBy(reviews.id);
  const parties = new Map(
    (await partiesOfMany(db, [...new Set(published.map((review) => review.applicationId))])).map((p) => [p.applicationId, p]),
  );
  for (const review of published) {
    const shift = parties.get(review.applicationId);
    if (!shift) continue;
    const author = review.authorRole === 'titolare' ? shift.pharmacy : pharmacistName(shift);
    await notifier.notify(db, {
      userId: review.subjectId,
      type: 'review_published',
      ...NOTIFICATION_TEXT.review_published(author, shift.title),
      link: REVIEWS,
    });
  }
}

export function tellOfAfterTheShift(bus: TEventBus, notifier: TNotifier, now: () => Date) {
  bus.inTransaction(['hours.submitted'], (db, event) => hoursSubmitted(db, notifier, event));
  bus.inTransaction(['hours.answered'], (db, event) => hoursAnswered(db, notifier, event, now));
  bus.inTransaction(['shift.reminder_due'], (db, event) => shiftReminder(db, notifier, event, now));
  bus.inTransaction(['review.requested'], (db, event) => reviewRequested(db, notifier, event));
  bus.inTransaction(['reviews.published'], (db, event) => reviewsPublished(db, notifier, event));
}
