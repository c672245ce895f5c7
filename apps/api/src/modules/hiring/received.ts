/**
 * What an owner received (docs/rules.md#applications): a page of the applications to their offers, newest first with
 * the total, counts per status, and the one function that makes an owner's answer about an application
 * (`toReceivedApplications`), for a page and for the answer of a decision alike. The list is of one pharmacy or of every
 * pharmacy of a group in reach (`X-Farmacia: tutte`, decision 092): the pharmacies are one array parameter, so the page
 * is one prepared statement per shape of filter for any number of them (decision 036); `bench/floor.ts` runs the same
 * SQL.
 */
import {
  APPLICATION_STATUSES,
  ECM,
  ecmPeriodLabel,
  type TApplicationHistoryEntry,
  type TApplicationStatus,
  type TLegalForm,
  type TProfessionalSummary,
  type TReceivedApplication,
  type TReceivedCounts,
  type TReceivedCountsQuery,
  type TReceivedQuery,
  todayInItaly,
} from '@farmaponte/shared';
import { and, asc, count, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import {
  applicationEvents,
  applications,
  cvFiles,
  offers,
  professionalFiles,
  profiles,
  reliabilityEvents,
  verifications,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { preparedRows } from '../../lib/prepared-rows';
import { agreedTerms, latestProposalSql, negotiationSummary } from '../negotiation';
import { offerStatusOf } from '../offers';
import { NO_RATING, NO_RECORD, ratingsAndRecords } from '../ratings';
import { contactTerm } from './contact-term';
import { waitingDoubleBookingSql } from './double-booking';
import { noShowRefusal } from './reliability';

/** The list's query. */
export type TReceivedFilter = TReceivedQuery;

type TParam<T> = T | Placeholder;
/** What a received-applications page filters by (values or placeholders), and the rows of the page. */
export type TReceivedPageFilter = {
  offerId?: TParam<number>;
  status?: TParam<TApplicationStatus>;
  /** Only applicants whose albo entry is (true) or is not (false) verified (decision 050). */
  alboVerified?: TParam<boolean>;
  limit: TParam<number>;
  offset: TParam<number>;
};

/** The filter of a page of received applications, from the list's query. */
export function receivedPageFilter({ offer_id, status, albo_verified, page, page_size }: TReceivedFilter): TReceivedPageFilter {
  return { offerId: offer_id, status, alboVerified: albo_verified, limit: page_size, offset: (page - 1) * page_size };
}

/** Whether the applicant's albo entry is verified: their `verifications` row says so (none: not verified). */
const applicantAlboVerified = sql<boolean>`coalesce((select ${verifications.status} = 'verified' from ${verifications} where ${verifications.userId} = ${applications.farmacistaId}), false)`;

/** Whether the owner has reported the no-show of an accepted application (the unique index on application and kind). */
const noShowReportedSql = sql<boolean>`case when ${applications.status} = 'accepted' then exists (select 1 from ${reliabilityEvents} where ${reliabilityEvents.applicationId} = ${applications.id} and ${reliabilityEvents.kind} = 'no_show') else false end`;

/** The profile of the pharmacy whose offer an application is to: its denominazione names the row's pharmacy. */
const pharmacyProfiles = alias(profiles, 'pharmacy_profiles');

/**
 * The applications to these pharmacies' offers (one array parameter: one statement text for one pharmacy or a group),
 * narrowed by ?offer_id=, ?status= and ?albo_verified=.
 */
function receivedFilter(
  pharmacyIds: TParam<number[]>,
  { offerId, status, alboVerified }: Pick<TReceivedPageFilter, 'offerId' | 'status' | 'alboVerified'>,
): SQL | undefined {
  return and(
    sql`${offers.ownerId} = any(${sql.param(pharmacyIds)})`,
    offerId ? eq(applications.offerId, offerId) : undefined,
    status ? eq(applications.status, status) : undefined,
    // One text for true and false (a parameter), so the shape with this filter is one prepared statement.
    alboVerified !== undefined ? sql`${applicantAlboVerified} = ${alboVerified}` : undefined,
  );
}

/**
 * The query of these applications' histories, oldest step first (public, for the strict floor). The ids are one array
 * parameter (`= any($1)`), so that one statement text serves any number of them and is prepared once
 * (docs/decisions/036).
 */
export function historiesQuery(db: TDb, ids: number[] | Placeholder) {
  return db
    .select({
      applicationId: applicationEvents.applicationId,
      status: applicationEvents.status,
      at: applicationEvents.at,
      message: applicationEvents.message,
      by: applicationEvents.actorName,
    })
    .from(applicationEvents)
    .where(sql`${applicationEvents.applicationId} = any(${sql.param(ids)})`)
    .orderBy(asc(applicationEvents.applicationId), asc(applicationEvents.id));
}

/** The histories of these applications, oldest step first, in one prepared statement. */
export async function historiesOf(db: TDb, ids: number[]): Promise<Map<number, TApplicationHistoryEntry[]>> {
  const histories = new Map<number, TApplicationHistoryEntry[]>();
  if (!ids.length) return histories;
  const rows = await preparedRows(db, 'application_histories', () => historiesQuery(db, sql.placeholder('ids')), { ids });
  for (const row of rows) {
    const history = histories.get(row.applicationId) ?? [];
    // `by` only where a person of the pharmacy's staff made the step: the history of everything else reads as before.
    history.push({ status: row.status, at: row.at.toISOString(), message: row.message, ...(row.by ? { by: row.by } : {}) });
    histories.set(row.applicationId, history);
  }
  return histories;
}

type TStateRow = { id: number; status: TApplicationStatus; statusChangedAt: Date; message: string | null; legalForm: TLegalForm };

/** The fields both sides see of an application's state. */
export function stateOf(row: TStateRow, histories: Map<number, TApplicationHistoryEntry[]>) {
  return {
    status: row.status,
    status_changed_at: row.statusChangedAt.toISOString(),
    message: row.message,
    history: histories.get(row.id) ?? [],
    legal_form: row.legalForm,
  };
}

/**
 * The query of one page of the applications to these pharmacies' offers, newest first, each row with the total on all
 * pages (public, for the strict floor).
 */
export function receivedApplicationsQuery(db: TDb, pharmacyIds: TParam<number[]>, filter: TReceivedPageFilter) {
  // The page and the total are chosen from the index on (offer_id, submitted_at, id, status) alone, without reading a
  // row of the table; only the page's rows are then read, with their offers and applicants' profiles: an owner with
  // thousands of applications costs one index range per offer and one page of lookups (docs/decisions/029).
  const pageOfApplications = db
    .select({
      id: applications.id,
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(receivedFilter(pharmacyIds, filter))
    .orderBy(desc(applications.submittedAt), desc(applications.id))
    .limit(filter.limit)
    .offset(filter.offset)
    .as('page_of_applications');
  return db
    .select({ ...receivedColumns(), total: pageOfApplications.total })
    .from(pageOfApplications)
    .innerJoin(applications, eq(applications.id, pageOfApplications.id))
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, applications.farmacistaId))
    .innerJoin(pharmacyProfiles, eq(pharmacyProfiles.userId, offers.ownerId))
    .leftJoin(cvFiles, eq(cvFiles.userId, applications.farmacistaId))
    .leftJoin(verifications, eq(verifications.userId, applications.farmacistaId))
    .leftJoin(professionalFiles, eq(professionalFiles.userId, applications.farmacistaId))
    .orderBy(desc(applications.submittedAt), desc(applications.id));
}

/** What an owner's answer about an application is made of: the application, its offer, its applicant. */
function receivedColumns() {
  return {
    id: applications.id,
    submittedAt: applications.submittedAt,
    farmacistaId: applications.farmacistaId,
    status: applications.status,
    statusChangedAt: applications.statusChangedAt,
    message: applications.message,
    legalForm: applications.legalForm,
    name: profiles.name,
    surname: profiles.surname,
    titolo: profiles.titolo,
    comune: profiles.comune,
    provincia_residenza: profiles.provinciaResidenza,
    telephone: profiles.telephone,
    ordineProvincia: profiles.ordineProvincia,
    numeroIscrizioneAlbo: profiles.numeroIscrizioneAlbo,
    alboStatus: verifications.status,
    hasCv: cvFiles.userId,
    // From her professional file (a primary-key lookup per row of the page): never the policy number, CF or P.IVA.
    insuranceExpiresOn: professionalFiles.insuranceExpiresOn,
    ecmPeriodStart: professionalFiles.ecmPeriodStart,
    ecmCredits: professionalFiles.ecmCredits,
    offerId: offers.id,
    title: offers.title,
    description: offers.description,
    dateFrom: offers.dateFrom,
    dateTo: offers.dateTo,
    closedAt: offers.closedAt,
    acceptedCount: offers.acceptedCount,
    positions: offers.positions,
    publishedAt: offers.publishedAt,
    pharmacyId: offers.ownerId,
    pharmacyName: pharmacyProfiles.denominazioneFarmacia,
    // Read for these rows only, through the applicant's accepted applications (decision 071).
    doubleBooked: waitingDoubleBookingSql(),
    // An accepted application's no-show, once reported (decision 074): one index entry, read for those rows only.
    noShowReported: noShowReportedSql,
    // The negotiation's latest step (decision 094): one entry of the unique index on application and round per row.
    latestProposal: latestProposalSql(),
    agreedHourly: applications.agreedHourly,
    agreedTravel: applications.agreedTravel,
  };
}

type TReceivedRow = Awaited<ReturnType<ReturnType<typeof receivedApplicationsQuery>['execute']>>[number];

/**
 * One application as its owner's answer reads it, in the transaction of the write that changed it (the decision):
 * the answer is then made by `toReceivedApplications`, as a page's are.
 */
export async function receivedApplicationAfterWrite(tx: TDb, applicationId: number): Promise<Omit<TReceivedRow, 'total'>> {
  const [row] = await tx
    .select(receivedColumns())
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, applications.farmacistaId))
    .innerJoin(pharmacyProfiles, eq(pharmacyProfiles.userId, offers.ownerId))
    .leftJoin(cvFiles, eq(cvFiles.userId, applications.farmacistaId))
    .leftJoin(verifications, eq(verifications.userId, applications.farmacistaId))
    .leftJoin(professionalFiles, eq(professionalFiles.userId, applications.farmacistaId))
    .where(eq(applications.id, applicationId));
  if (!row) throw notFound();
  return row;
}

/**
 * A page of received applications as a prepared statement, one per shape of filter (docs/decisions/036): the
 * pharmacies, the offer, the status and the page are its parameters, so PostgreSQL parses and plans it once per
 * connection (exported for its test in lib/prepared-rows.test.ts).
 */
export function preparedReceivedPage(db: TDb, pharmacyIds: number[], filter: TReceivedPageFilter) {
  const withAlbo = filter.alboVerified !== undefined;
  const shape =
    [filter.offerId ? 'offer' : '', filter.status ? 'status' : '', withAlbo ? 'albo' : ''].filter(Boolean).join('_') || 'all';
  const build = () =>
    receivedApplicationsQuery(db, sql.placeholder('pharmacyIds'), {
      offerId: filter.offerId ? sql.placeholder('offerId') : undefined,
      status: filter.status ? sql.placeholder('status') : undefined,
      alboVerified: withAlbo ? sql.placeholder('alboVerified') : undefined,
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
    });
  const { offerId, status, alboVerified, limit, offset } = filter;
  return preparedRows(db, `received_page_${shape}`, build, { pharmacyIds, offerId, status, alboVerified, limit, offset });
}

/**
 * One page of the applications to these pharmacies' offers (one, or a group's), newest first, with the total on all
 * pages, each with its pharmacy and its offer's status (an expired offer takes no acceptance).
 */
export async function listReceivedApplications(
  db: TDb,
  pharmacyIds: number[],
  query: TReceivedFilter,
  context: TReceivedContext,
): Promise<{ applications: TReceivedApplication[]; total: number }> {
  const filter = receivedPageFilter(query);
  const rows = await preparedReceivedPage(db, pharmacyIds, filter);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    // Past the last page the window count has no row to ride on.
    const [row] = await db
      .select({ n: count() })
      .from(applications)
      .innerJoin(offers, eq(offers.id, applications.offerId))
      .where(receivedFilter(pharmacyIds, filter));
    total = Number(row?.n ?? 0);
  }
  return { total, applications: await toReceivedApplications(db, rows, context) };
}

/**
 * How an owner's answer is made: cvLink signs the applicant's CV link for the pharmacy whose offer received the
 * application, on this application.
 */
export interface TReceivedContext {
  cvLink: (farmacistaId: number, applicationId: number, pharmacyId: number) => string;
  now: Date;
  retentionDays: number;
}

/**
 * The one way rows become an owner's answer about applications, for a page and for a decision: each with its history,
 * its applicant's rating and record, and the contact data only while they are shown (decision 067).
 */
export async function toReceivedApplications(
  db: TDb,
  rows: Omit<TReceivedRow, 'total'>[],
  { cvLink, now, retentionDays }: TReceivedContext,
): Promise<TReceivedApplication[]> {
  const today = todayInItaly(now);
  const ids = rows.map((r) => r.farmacistaId);
  // The histories and the applicants' ratings and records: independent, so together.
  const [histories, { ratings, records }] = await Promise.all([
    historiesOf(
      db,
      rows.map((r) => r.id),
    ),
    ratingsAndRecords(db, ids, now),
  ]);
  return rows.map((r) => {
    // The phone, the residence and the CV only while the application is open or accepted, and for
    // CONTACT_RETENTION_DAYS after the offer's last day (decision 067); name, status and history stay.
    const term = contactTerm(r, now, retentionDays, today);
    const shown = term.hidden === null;
    const offerStatus = offerStatusOf(r, today);
    return {
      id: r.id,
      submitted_at: r.submittedAt.toISOString(),
      ...stateOf(r, histories),
      negotiation: negotiationSummary(r.latestProposal, offerStatus === 'open'),
      agreed: agreedTerms(r),
      farmacista: {
        id: r.farmacistaId,
        name: r.name,
        surname: r.surname,
        titolo: r.titolo,
        comune: shown ? r.comune : null,
        provincia_residenza: shown ? r.provincia_residenza : null,
        telephone: shown ? r.telephone : null,
        pdf_file: shown && r.hasCv ? cvLink(r.farmacistaId, r.id, r.pharmacyId) : null,
        contact_until: term.until,
        contact_hidden: term.hidden,
        // Only what the albo itself shows, and only once an admin matched it there (decision 050).
        ...publicAlboEntry(r),
        rating: ratings.get(r.farmacistaId) ?? NO_RATING,
        reliability: records.get(r.farmacistaId) ?? NO_RECORD,
      },
      offer: { id: r.offerId, title: r.title, description: r.description, status: offerStatus },
      double_booked: r.doubleBooked ?? null,
      professional: professionalSummary(r),
      no_show_allowed: !r.noShowReported && noShowRefusal(r, today) === null,
      pharmacy: { id: r.pharmacyId, name: r.pharmacyName },
    };
  });
}

/** What the owner reads of her professional file (decision 093): the policy's last day, and her declared ECM credits. */
function professionalSummary(r: {
  insuranceExpiresOn: string | null;
  ecmPeriodStart: number | null;
  ecmCredits: number | null;
}): TProfessionalSummary {
  return {
    insurance_valid_until: r.insuranceExpiresOn,
    ecm:
      r.ecmPeriodStart == null
        ? null
        : { period: ecmPeriodLabel(r.ecmPeriodStart), credits: r.ecmCredits, required: ECM.creditsPerPeriod },
  };
}

/** The applicant's albo entry as an owner sees it: verified or not, and the Ordine and number only when verified. */
function publicAlboEntry(r: { alboStatus: string | null; ordineProvincia: string; numeroIscrizioneAlbo: string }) {
  const verified = r.alboStatus === 'verified';
  return {
    albo_verified: verified,
    ordine_provincia: verified ? r.ordineProvincia : '',
    numero_iscrizione_albo: verified ? r.numeroIscrizioneAlbo : '',
  };
}

/**
 * How many applications to these pharmacies' offers (or to one of them) each status has, in one query: a count per
 * status of the (offer_id, submitted_at, id, status) index's entries, as the list's total is.
 */
export async function countReceivedApplications(
  db: TDb,
  pharmacyIds: number[],
  { offer_id, albo_verified }: TReceivedCountsQuery,
): Promise<TReceivedCounts> {
  const rows = await db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(receivedFilter(pharmacyIds, { offerId: offer_id, alboVerified: albo_verified }))
    .groupBy(applications.status);
  const byStatus = Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, 0])) as Record<TApplicationStatus, number>;
  for (const row of rows) byStatus[row.status] = Number(row.n);
  return { total: Object.values(byStatus).reduce((sum, n) => sum + n, 0), by_status: byStatus };
}
