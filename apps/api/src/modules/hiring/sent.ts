/**
 * What a pharmacist sent (docs/rules.md#applications): her applications, newest first, each with its offer and the
 * negotiation's latest step (decision 094).
 */
import { type TSentApplication, todayInItaly } from '@farmaponte/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, profiles } from '../../db/schema';
import { agreedTerms, latestProposalSql, negotiationSummary } from '../negotiation';
import { openOfferCondition, shownOfferColumns, toShownOffer } from '../offers';
import { historiesOf, stateOf } from './received';

/**
 * The applications a pharmacist has sent, newest first, each with its offer and whether that is still open; or one of
 * them (the answer of her withdrawal, read in its transaction).
 */
export async function listSentApplications(
  db: TDb,
  farmacistaId: number,
  now: Date,
  applicationId?: number,
): Promise<TSentApplication[]> {
  const rows = await db
    .select({
      id: applications.id,
      submittedAt: applications.submittedAt,
      status: applications.status,
      statusChangedAt: applications.statusChangedAt,
      message: applications.message,
      legalForm: applications.legalForm,
      offer: shownOfferColumns,
      isOpen: sql<boolean>`${openOfferCondition(todayInItaly(now))}`,
      latestProposal: latestProposalSql(),
      agreedHourly: applications.agreedHourly,
      agreedTravel: applications.agreedTravel,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(and(eq(applications.farmacistaId, farmacistaId), applicationId ? eq(applications.id, applicationId) : undefined))
    .orderBy(desc(applications.submittedAt), desc(applications.id));
  const histories = await historiesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    submitted_at: r.submittedAt.toISOString(),
    ...stateOf(r, histories),
    negotiation: negotiationSummary(r.latestProposal, Boolean(r.isOpen)),
    agreed: agreedTerms(r),
    offer: { ...toShownOffer(r.offer), is_open: Boolean(r.isOpen) },
  }));
}
