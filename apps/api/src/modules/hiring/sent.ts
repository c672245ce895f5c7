/**
 * What a pharmacist sent (docs/rules.md#applications): her applications, newest first, each with its offer and the
 * negotiation's latest step (decision 094).
 */
import { type TSentApplication, todayInItaly } from '@farmaponte/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, profiles } from '../../db/schema';
import { preparedRows } from '../../lib/prepared-rows';
import { agreedTerms, latestProposalSql, negotiationSummary } from '../negotiation';
import { openOfferCondition, shownOfferColumns, toShownOffer } from '../offers';
import { historiesOf, stateOf } from './received';

/**
 * The applications a pharmacist has sent, newest first, each with its offer and whether that is still open; or one of
 * them (the answer of her withdrawal, read in its transaction).
 */
/** The offer's columns, spread flat beside the application's (preparedRows takes flat selects), and their keys. */
const OFFER_KEYS = Object.keys(shownOfferColumns) as (keyof typeof shownOfferColumns)[];

/** The select of a pharmacist's applications, with placeholders: all of them, or one (`applicationId`). */
function sentQuery(db: TDb, one: boolean) {
  return db
    .select({
      ...shownOfferColumns,
      applicationId: applications.id,
      submittedAt: applications.submittedAt,
      status: applications.status,
      statusChangedAt: applications.statusChangedAt,
      message: applications.message,
      legalForm: applications.legalForm,
      isOpen: sql<boolean>`${openOfferCondition(sql.placeholder('today'))}`,
      latestProposal: latestProposalSql(),
      agreedHourly: applications.agreedHourly,
      agreedTravel: applications.agreedTravel,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(
      and(
        eq(applications.farmacistaId, sql.placeholder('farmacistaId')),
        one ? eq(applications.id, sql.placeholder('applicationId')) : undefined,
      ),
    )
    .orderBy(desc(applications.submittedAt), desc(applications.id));
}

export async function listSentApplications(
  db: TDb,
  farmacistaId: number,
  now: Date,
  applicationId?: number,
): Promise<TSentApplication[]> {
  const one = applicationId !== undefined && applicationId !== 0;
  const rows = await preparedRows(db, one ? 'sent_application' : 'sent_applications', () => sentQuery(db, one), {
    today: todayInItaly(now),
    farmacistaId,
    ...(one ? { applicationId } : {}),
  });
  const histories = await historiesOf(
    db,
    rows.map((r) => r.applicationId),
  );
  return rows.map((r) => {
    const offer = {} as Record<string, unknown>;
    for (const key of OFFER_KEYS) offer[key] = r[key];
    return {
      id: r.applicationId,
      submitted_at: r.submittedAt.toISOString(),
      ...stateOf(
        { id: r.applicationId, status: r.status, statusChangedAt: r.statusChangedAt, message: r.message, legalForm: r.legalForm },
        histories,
      ),
      negotiation: negotiationSummary(r.latestProposal, Boolean(r.isOpen)),
      agreed: agreedTerms(r),
      offer: { ...toShownOffer(offer as typeof r), is_open: Boolean(r.isOpen) },
    };
  });
}
