/**
 * What is read of a negotiation (decision 094): its steps with `scaduta` computed at read (a proposal still waiting when
 * its offer stopped being open), its latest step for the lists (one subquery per row, on the unique index of
 * application and round), and whether one waits for an answer.
 */
import {
  type TAgreedTerms,
  type TNegotiation,
  type TNegotiationSummary,
  type TProposal,
  type TProposalStatus,
  todayInItaly,
} from '@farmaponte/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, payProposals } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { openOfferCondition } from '../offers';
import { negotiationTerms } from './bounds';

/**
 * The latest step of the row's application as JSON (null: none), for a select on `applications`; its status as stored,
 * which negotiationSummary turns into `scaduta` when the offer is not open.
 */
export function latestProposalSql() {
  return sql<TNegotiationSummary>`(select json_build_object('status', ${payProposals.status}, 'round', ${payProposals.round}, 'hourly_pay', ${payProposals.hourlyPay}, 'travel_amount', ${payProposals.travelAmount}) from ${payProposals} where ${payProposals.applicationId} = ${applications.id} order by ${payProposals.round} desc limit 1)`;
}

/** A list row's latest step as answered: `scaduta` while waiting on an offer that is no longer open. */
export function negotiationSummary(latest: TNegotiationSummary | null | undefined, offerOpen: boolean): TNegotiationSummary {
  if (!latest) return null;
  return latest.status === 'in_attesa' && !offerOpen ? { ...latest, status: 'scaduta' } : latest;
}

/** The agreed terms of a row (null fields: the offer's). */
export const agreedTerms = (row: { agreedHourly: number | null; agreedTravel: number | null }): TAgreedTerms => ({
  hourly_pay: row.agreedHourly,
  travel_amount: row.agreedTravel,
});

/** Whether a step of the application's negotiation waits for an answer (the acceptance waits for it: 409). */
export async function hasPendingProposal(db: TDb, applicationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payProposals.id })
    .from(payProposals)
    .where(and(eq(payProposals.applicationId, applicationId), eq(payProposals.status, 'in_attesa')))
    .limit(1);
  return row !== undefined;
}

/** The steps of these applications' negotiations, oldest first, as both sides read them at `now`. */
export async function proposalsOf(db: TDb, applicationIds: number[], now: Date): Promise<Map<number, TProposal[]>> {
  const byApplication = new Map<number, TProposal[]>();
  if (!applicationIds.length) return byApplication;
  const rows = await db
    .select({
      id: payProposals.id,
      applicationId: payProposals.applicationId,
      round: payProposals.round,
      author: payProposals.author,
      actorName: payProposals.actorName,
      hourlyPay: payProposals.hourlyPay,
      travelAmount: payProposals.travelAmount,
      reason: payProposals.reason,
      status: sql<TProposalStatus>`case when ${payProposals.status} = 'in_attesa' and not (${openOfferCondition(todayInItaly(now))}) then 'scaduta' else ${payProposals.status} end`,
      createdAt: payProposals.createdAt,
      decidedAt: payProposals.decidedAt,
      decisionReason: payProposals.decisionReason,
    })
    .from(payProposals)
    .innerJoin(applications, eq(applications.id, payProposals.applicationId))
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(inArray(payProposals.applicationId, applicationIds))
    .orderBy(asc(payProposals.applicationId), asc(payProposals.round));
  for (const row of rows) {
    const steps = byApplication.get(row.applicationId) ?? [];
    steps.push({
      id: row.id,
      round: row.round,
      author: row.author,
      // Her proposal is hers; a counter names the pharmacy's person who wrote it.
      by: row.author === 'titolare' ? row.actorName : null,
      hourly_pay: row.hourlyPay,
      travel_amount: row.travelAmount,
      reason: row.reason,
      status: row.status,
      created_at: row.createdAt.toISOString(),
      decided_at: row.decidedAt?.toISOString() ?? null,
      decision_reason: row.decisionReason,
    });
    byApplication.set(row.applicationId, steps);
  }
  return byApplication;
}

/**
 * GET /api/applications/{id}/negotiation/: the same for both sides, the pharmacist (her own application) or the
 * pharmacy (an application to its offer); 404 for anyone else's.
 */
export async function negotiationOf(
  db: TDb,
  who: { farmacistaId: number } | { ownerId: number },
  applicationId: number,
  now: Date,
): Promise<TNegotiation> {
  const [row] = await db
    .select({
      legalForm: applications.legalForm,
      agreedHourly: applications.agreedHourly,
      agreedTravel: applications.agreedTravel,
      hourlyPay: offers.hourlyPay,
      feeHourly: offers.feeHourly,
      negotiationMaxHourly: offers.negotiationMaxHourly,
      negotiationMaxTravel: offers.negotiationMaxTravel,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(
      and(
        eq(applications.id, applicationId),
        'ownerId' in who ? eq(offers.ownerId, who.ownerId) : eq(applications.farmacistaId, who.farmacistaId),
      ),
    );
  if (!row) throw notFound();
  const terms = negotiationTerms(row, row.legalForm);
  return {
    negotiable: terms.maxHourly != null,
    max_hourly: terms.maxHourly,
    max_travel: terms.maxHourly == null ? null : terms.maxTravel,
    proposals: (await proposalsOf(db, [applicationId], now)).get(applicationId) ?? [],
    agreed: agreedTerms(row),
  };
}
