/**
 * What an owner may do with an applicant's CV (decision 067): open it through an application whose contact term still
 * runs, and the first opening makes the applicant's waiting applications to the owner `seen`.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers } from '../../db/schema';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { lockOffers } from '../offers';
import { contactTermOfPerson } from './contact-term';
import { moveApplications } from './status';

/**
 * The first time an owner opens an applicant's CV, that applicant's `sent` applications to the owner's offers are
 * `seen`. They may be on several offers: those offers are locked first, in id order, then the applications (the lock
 * order, docs/architecture.md), so a decision on one of the offers at the same moment waits instead of deadlocking.
 */
export async function markApplicationsSeen(
  db: TDb,
  events: TEvents,
  ownerId: number,
  farmacistaId: number,
  now: Date,
): Promise<void> {
  await writeTransaction(db, (tx) => markApplicationsSeenIn(tx, events, ownerId, farmacistaId, now));
}

/** markApplicationsSeen in the caller's transaction (the CV's opening records its view in the same one, decision 067). */
export async function markApplicationsSeenIn(
  tx: TDb,
  events: TEvents,
  ownerId: number,
  farmacistaId: number,
  now: Date,
): Promise<void> {
  const unseen = and(eq(applications.farmacistaId, farmacistaId), eq(offers.ownerId, ownerId), eq(applications.status, 'sent'));
  const found = await tx
    .selectDistinct({ offerId: applications.offerId })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(unseen);
  // Opened before: nothing to lock (the usual case).
  const offerIds = await lockOffers(
    tx,
    found.map((row) => row.offerId),
  );
  if (!offerIds.length) return;
  const sent = await tx
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(and(unseen, inArray(applications.offerId, offerIds)))
    .orderBy(applications.id)
    .for('update', { of: applications });
  await moveApplications(
    tx,
    events,
    sent.map((row) => row.id),
    'seen',
    { cause: 'cv_opened', message: null, now },
  );
}

/** Whether an owner may open an applicant's CV now, and through which application (decision 067). */
export type TOwnerCvAccess = { kind: 'none' } | { kind: 'expired' } | { kind: 'open'; applicationId: number; offerTitle: string };

/**
 * An owner's right to an applicant's CV: through the application the link names, or else the most recent of the
 * applicant's applications to the owner's offers whose contact data are still shown. `none` when there is no such
 * application (or the named one is not theirs), `expired` when there is one but its contact term is over.
 */
export async function ownerCvAccess(
  db: TDb,
  ownerId: number,
  farmacistaId: number,
  applicationId: number | undefined,
  now: Date,
  retentionDays: number,
): Promise<TOwnerCvAccess> {
  const rows = await db
    .select({
      id: applications.id,
      status: applications.status,
      statusChangedAt: applications.statusChangedAt,
      dateTo: offers.dateTo,
      title: offers.title,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(
      and(
        eq(applications.farmacistaId, farmacistaId),
        eq(offers.ownerId, ownerId),
        applicationId ? eq(applications.id, applicationId) : undefined,
      ),
    )
    .orderBy(desc(applications.submittedAt), desc(applications.id));
  if (!rows.length) return { kind: 'none' };
  const open = rows[contactTermOfPerson(rows, now, retentionDays).through];
  return open ? { kind: 'open', applicationId: open.id, offerTitle: open.title } : { kind: 'expired' };
}
