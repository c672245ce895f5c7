/**
 * Who the hiring loop tells, and what (decision 087): the owner of each application submitted or withdrawn, the
 * pharmacist of each decision with the shift's calendar invitation or cancellation (decision 052), the applicants of
 * an offer deleted, and the pharmacist whose waiting applications went when she was booked. In the event's
 * transaction: the notification and its mail are committed with the change (the outbox), or not at all.
 */
import { INVITATION_MAIL_TEXT, INVITATION_MESSAGES, MAIL_TEXT, MESSAGES, NOTIFICATION_TEXT } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import { offers } from '../../../db/schema';
import type { TEventOf } from '../../../lib/domain-events';
import type { TEventBus } from '../../../lib/event-bus';
import { shiftInvitation } from '../../calendar';
import type { TNotifier } from '../service';
import { applicantsOf, ownerApplications, PHARMACIST_APPLICATIONS, partiesOf, partiesOfMany } from './parties';

async function applicationReceived(db: TDb, notifier: TNotifier, applicationId: number) {
  const parties = await partiesOf(db, applicationId);
  if (!parties) return;
  // An application to an urgent shift cannot wait for the owner's next visit: it is pushed too (decision 096).
  const [offer] = await db.select({ urgentAt: offers.urgentAt }).from(offers).where(eq(offers.id, parties.offerId));
  const urgent = offer?.urgentAt != null;
  await notifier.notify(db, {
    userId: parties.ownerId,
    type: 'application_received',
    ...NOTIFICATION_TEXT.application_received(parties.applicant, parties.title),
    link: ownerApplications(parties.offerId),
    push: urgent,
    urgent,
  });
}

async function statusChanged(db: TDb, notifier: TNotifier, event: TEventOf<'application.status_changed'>, now: () => Date) {
  const { to, from, cause, message } = event;
  if (to === 'seen') return;
  if (to === 'sent') return applicationReceived(db, notifier, event.applicationId);
  const parties = await partiesOf(db, event.applicationId);
  if (!parties) return;
  if (to === 'withdrawn') {
    await notifier.notify(db, {
      userId: parties.ownerId,
      type: 'application_withdrawn',
      ...NOTIFICATION_TEXT.application_withdrawn(parties.applicant, parties.title, cause === 'booked_elsewhere'),
      link: ownerApplications(parties.offerId),
    });
    // An accepted shift she withdrew leaves her calendar (decision 052): she is told of nothing else.
    if (from === 'accepted' && cause === 'pharmacist') {
      const invitation = await shiftInvitation(db, notifier, parties.applicationId, { method: 'CANCEL', now: now() });
      if (invitation)
        await notifier.mailCalendar(db, {
          userId: parties.pharmacistId,
          to: invitation.to,
          title: MAIL_TEXT.shiftWithdrawnTitle,
          body: MAIL_TEXT.shiftWithdrawnBody(invitation.pharmacy, invitation.title),
          link: PHARMACIST_APPLICATIONS,
          ics: invitation.ics,
        });
    }
    return;
  }
  if (to === 'accepted') {
    const invitation = await shiftInvitation(db, notifier, parties.applicationId, { method: 'REQUEST', now: now() });
    // She accepted an invitation: she chose it, and is only mailed the shift for her calendar.
    if (cause === 'invitation') {
      if (invitation)
        await notifier.mailCalendar(db, {
          userId: parties.pharmacistId,
          to: invitation.to,
          title: INVITATION_MAIL_TEXT.shiftConfirmedTitle,
          body: INVITATION_MAIL_TEXT.shiftConfirmedBody(invitation.pharmacy, invitation.title),
          link: PHARMACIST_APPLICATIONS,
          ics: invitation.ics,
        });
      return;
    }
    await notifier.notify(db, {
      userId: parties.pharmacistId,
      type: 'application_accepted',
      ...NOTIFICATION_TEXT.application_accepted(parties.pharmacy, parties.title),
      link: PHARMACIST_APPLICATIONS,
      message,
      ics: invitation?.ics ?? null,
    });
    return;
  }
  // Rejected: by the owner (a cancelled acceptance leaves her calendar), or answered when the offer filled or closed.
  const cancelled = from === 'accepted';
  const invitation = cancelled
    ? await shiftInvitation(db, notifier, parties.applicationId, { method: 'CANCEL', now: now() })
    : null;
  const type = cause === 'offer_closed' ? 'offer_closed' : cancelled ? 'application_cancelled' : 'application_rejected';
  await notifier.notify(db, {
    userId: parties.pharmacistId,
    type,
    ...NOTIFICATION_TEXT[type](parties.pharmacy, parties.title),
    link: PHARMACIST_APPLICATIONS,
    message,
    ics: invitation?.ics ?? null,
  });
}

/** She was confirmed for a shift: one notification naming it and the applications for the same hours that went. */
async function booked(db: TDb, notifier: TNotifier, event: TEventOf<'pharmacist.booked'>) {
  const [shift] = await partiesOfMany(db, [event.applicationId]);
  const withdrawn = await partiesOfMany(db, event.withdrawnIds);
  if (!shift || !withdrawn.length) return;
  const named = (p: typeof shift) => ({ title: p.title, pharmacy: p.pharmacy, date_from: p.dateFrom, date_to: p.dateTo });
  await notifier.notify(db, {
    userId: event.pharmacistId,
    type: 'applications_withdrawn_booked',
    ...NOTIFICATION_TEXT.applications_withdrawn_booked(
      withdrawn.length,
      INVITATION_MESSAGES.withdrawnBookedList(named(shift), withdrawn.map(named)),
    ),
    link: PHARMACIST_APPLICATIONS,
  });
}

/** The offer is about to be deleted: everyone still waiting or accepted is told, an accepted shift leaves the calendar. */
async function offerDeleting(db: TDb, notifier: TNotifier, offerId: number, now: () => Date) {
  for (const applicant of await applicantsOf(db, offerId, ['sent', 'seen', 'accepted'])) {
    // The deletion writes no step of history, so the cancellation's SEQUENCE is one past the last step's.
    const invitation =
      applicant.status === 'accepted'
        ? await shiftInvitation(db, notifier, applicant.applicationId, { method: 'CANCEL', afterLastStep: true, now: now() })
        : null;
    await notifier.notify(db, {
      userId: applicant.pharmacistId,
      type: 'offer_deleted',
      ...NOTIFICATION_TEXT.offer_deleted(applicant.pharmacy, applicant.title),
      link: PHARMACIST_APPLICATIONS,
      message: MESSAGES.autoRejectDeleted,
      ics: invitation?.ics ?? null,
    });
  }
}

export function tellOfHiring(bus: TEventBus, notifier: TNotifier, now: () => Date) {
  bus.inTransaction(['application.submitted'], (db, event) => applicationReceived(db, notifier, event.applicationId));
  bus.inTransaction(['application.status_changed'], (db, event) => statusChanged(db, notifier, event, now));
  bus.inTransaction(['pharmacist.booked'], (db, event) => booked(db, notifier, event));
  bus.inTransaction(['offer.deleting'], (db, event) => offerDeleting(db, notifier, event.offerId, now));
}
