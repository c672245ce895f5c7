/** Applications (candidature): a pharmacist's CV sent once to an open offer, and the lists of what was sent and received. */
import {
  MESSAGES,
  type TApplicationHistoryEntry,
  type TApplicationStatus,
  type TReceivedApplication,
  type TReceivedQuery,
  type TSentApplication,
  todayInItaly,
} from '@farmaponte/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applicationEvents, applications, cvFiles, offers, profiles } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/sql';
import { hasCv } from '../cv';
import { getOfferStatus, openOfferCondition, shownOfferColumns, toShownOffer } from '../offers';

export async function insertApplication(
  db: TDb,
  values: { offerId: number; farmacistaId: number; submittedAt: Date },
): Promise<{ id: number }> {
  const [created] = await db.insert(applications).values(values).returning({ id: applications.id });
  if (!created) throw new Error('insert returned no row');
  return created;
}

/** Apply (DESIGN §5): a stored CV, an offer that exists and is open, once per offer (the unique index decides races). */
export async function applyToOffer(db: TDb, farmacistaId: number, offerId: number, now: Date): Promise<{ id: number }> {
  if (!(await hasCv(db, farmacistaId))) throw badRequest(MESSAGES.cvNotFound, 'cv_missing');
  const status = await getOfferStatus(db, offerId, now);
  if (status === 'missing') throw notFound(MESSAGES.offerNotFound, 'offer_not_found');
  if (status !== 'open') throw badRequest(MESSAGES.offerClosed, 'offer_closed');
  try {
    return await insertApplication(db, { offerId, farmacistaId, submittedAt: now });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.applicationDuplicate, 'already_applied');
    // The owner deleted the offer between the check and the insert.
    if (isForeignKeyViolation(error)) throw notFound(MESSAGES.offerNotFound, 'offer_not_found');
    throw error;
  }
}

/** The owner's applications, narrowed by ?offer_id= and ?status=. */
function receivedFilter(ownerId: number, { offer_id, status }: TReceivedQuery): SQL | undefined {
  return and(
    eq(offers.ownerId, ownerId),
    offer_id ? eq(applications.offerId, offer_id) : undefined,
    status ? eq(applications.status, status) : undefined,
  );
}

/** The histories of these applications, oldest step first, in one query. */
async function historiesOf(db: TDb, ids: number[]): Promise<Map<number, TApplicationHistoryEntry[]>> {
  const histories = new Map<number, TApplicationHistoryEntry[]>();
  if (!ids.length) return histories;
  const rows = await db
    .select({
      applicationId: applicationEvents.applicationId,
      status: applicationEvents.status,
      at: applicationEvents.at,
      message: applicationEvents.message,
    })
    .from(applicationEvents)
    .where(inArray(applicationEvents.applicationId, ids))
    .orderBy(asc(applicationEvents.applicationId), asc(applicationEvents.id));
  for (const row of rows) {
    const history = histories.get(row.applicationId) ?? [];
    history.push({ status: row.status, at: row.at.toISOString(), message: row.message });
    histories.set(row.applicationId, history);
  }
  return histories;
}

type TStateRow = { id: number; status: TApplicationStatus; statusChangedAt: Date; message: string | null };

/** The fields both sides see of an application's state. */
function stateOf(row: TStateRow, histories: Map<number, TApplicationHistoryEntry[]>) {
  return {
    status: row.status,
    status_changed_at: row.statusChangedAt.toISOString(),
    message: row.message,
    history: histories.get(row.id) ?? [],
  };
}

/**
 * One page of the applications to an owner's offers, newest first, with the total on all pages. cvLink signs the
 * applicant's CV link for this owner.
 */
export async function listReceivedApplications(
  db: TDb,
  ownerId: number,
  query: TReceivedQuery,
  cvLink: (farmacistaId: number) => string,
): Promise<{ applications: TReceivedApplication[]; total: number }> {
  const { page, page_size } = query;
  // The page is chosen on applications and offers alone (with the total from a window count), and only its rows
  // are joined with the applicants' profiles: an owner with thousands of applications costs one page of lookups.
  const pageOfApplications = db
    .select({
      id: applications.id,
      submittedAt: applications.submittedAt,
      farmacistaId: applications.farmacistaId,
      offerId: applications.offerId,
      status: applications.status,
      statusChangedAt: applications.statusChangedAt,
      message: applications.message,
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(receivedFilter(ownerId, query))
    .orderBy(desc(applications.submittedAt), desc(applications.id))
    .limit(page_size)
    .offset((page - 1) * page_size)
    .as('page_of_applications');
  const rows = await db
    .select({
      id: pageOfApplications.id,
      submittedAt: pageOfApplications.submittedAt,
      farmacistaId: pageOfApplications.farmacistaId,
      status: pageOfApplications.status,
      statusChangedAt: pageOfApplications.statusChangedAt,
      message: pageOfApplications.message,
      total: pageOfApplications.total,
      name: profiles.name,
      surname: profiles.surname,
      titolo: profiles.titolo,
      comune: profiles.comune,
      provincia_residenza: profiles.provinciaResidenza,
      telephone: profiles.telephone,
      hasCv: cvFiles.userId,
      offerId: offers.id,
      title: offers.title,
      description: offers.description,
    })
    .from(pageOfApplications)
    .innerJoin(offers, eq(offers.id, pageOfApplications.offerId))
    .innerJoin(profiles, eq(profiles.userId, pageOfApplications.farmacistaId))
    .leftJoin(cvFiles, eq(cvFiles.userId, pageOfApplications.farmacistaId))
    .orderBy(desc(pageOfApplications.submittedAt), desc(pageOfApplications.id));
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    // Past the last page the window count has no row to ride on.
    const [row] = await db
      .select({ n: count() })
      .from(applications)
      .innerJoin(offers, eq(offers.id, applications.offerId))
      .where(receivedFilter(ownerId, query));
    total = Number(row?.n ?? 0);
  }
  const histories = await historiesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    total,
    applications: rows.map((r) => ({
      id: r.id,
      submitted_at: r.submittedAt.toISOString(),
      ...stateOf(r, histories),
      farmacista: {
        name: r.name,
        surname: r.surname,
        titolo: r.titolo,
        comune: r.comune,
        provincia_residenza: r.provincia_residenza,
        telephone: r.telephone,
        pdf_file: r.hasCv ? cvLink(r.farmacistaId) : null,
      },
      offer: { id: r.offerId, title: r.title, description: r.description },
    })),
  };
}

/** The applications a pharmacist has sent, newest first, each with its offer and whether that is still open. */
export async function listSentApplications(db: TDb, farmacistaId: number, now: Date): Promise<TSentApplication[]> {
  const rows = await db
    .select({
      id: applications.id,
      submittedAt: applications.submittedAt,
      status: applications.status,
      statusChangedAt: applications.statusChangedAt,
      message: applications.message,
      offer: shownOfferColumns,
      isOpen: sql<boolean>`${openOfferCondition(todayInItaly(now))}`,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(eq(applications.farmacistaId, farmacistaId))
    .orderBy(desc(applications.submittedAt), desc(applications.id));
  const histories = await historiesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    submitted_at: r.submittedAt.toISOString(),
    ...stateOf(r, histories),
    offer: { ...toShownOffer(r.offer), is_open: Boolean(r.isOpen) },
  }));
}
