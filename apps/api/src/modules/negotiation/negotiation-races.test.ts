/**
 * Steps of a negotiation at the same moment (decision 094, docs/architecture.md lock order): each takes the offer, then
 * the application, then its proposals, so they take turns. One wins, the other is a clear 409, never a 500, nothing is
 * written twice, and an application is never accepted while terms of pay wait. Meant for PostgreSQL, where the
 * requests truly overlap; PGlite runs them one after the other.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { negotiableOffer, negotiationCalls, negotiationScenario } from '../../../test/negotiation';
import { applications, auditLog, notifications, payProposals } from '../../db/schema';
import { createApplication } from '../../factories';

const t = useTestApp();
const call = negotiationCalls(t);
const ROUNDS = 4;

const codes = (answers: { statusCode: number; json(): { code?: string } }[]) =>
  answers.map((a) => (a.statusCode < 300 ? a.statusCode : `${a.statusCode} ${a.json().code}`)).sort();

const proposalsOf = (applicationId: number) =>
  t.database.db.select().from(payProposals).where(eq(payProposals.applicationId, applicationId)).orderBy(payProposals.round);

const noticesOf = (userId: number, type: 'proposal_received' | 'proposal_decided') =>
  t.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

describe('a negotiation’s steps at once', () => {
  it('two decisions on one proposal: one 200, the other 409; one audit entry, one notice, the agreed terms of the winner', async () => {
    const s = await negotiationScenario(t);
    const people = await Promise.all(['Ada', 'Bea', 'Cloe', 'Dora'].map((name) => s.pharmacist(name)));
    for (const [round, pharmacist] of people.slice(0, ROUNDS).entries()) {
      const { id } = await createApplication(t.database.db, s.offer.id, pharmacist.user.id);
      expect((await call.propose(pharmacist, id, { hourly_pay: 25 })).statusCode).toBe(201);
      const decisions = [{ decision: 'accept' }, { decision: 'decline', reason: 'No' }];
      if (round % 2) decisions.reverse();
      const answers = await Promise.all(decisions.map((body) => call.decide(s.owner, id, body)));
      expect(codes(answers)).toEqual([200, '409 proposal_already_decided']);
      const won = decisions[answers.findIndex((a) => a.statusCode === 200)]?.decision;
      const [proposal] = await proposalsOf(id);
      expect(proposal?.status).toBe(won === 'accept' ? 'accettata' : 'rifiutata');
      const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
      expect(row?.agreedHourly).toBe(won === 'accept' ? 25 : null);
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'proposal.decide'), eq(auditLog.targetId, String(id))));
      expect(audit).toHaveLength(1);
      expect(await noticesOf(pharmacist.user.id, 'proposal_decided')).toHaveLength(1);
    }
  });

  it('two proposals on one application: one 201, the other 409 proposal_already_made; one row, one notice', async () => {
    const s = await negotiationScenario(t);
    const ada = await s.pharmacist('Ada');
    const ids: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const offer = await negotiableOffer(t, s.owner.user.id);
      const { id } = await createApplication(t.database.db, offer.id, ada.user.id);
      ids.push(id);
      const answers = await Promise.all([
        call.propose(ada, id, { hourly_pay: 24 }),
        call.propose(ada, id, { hourly_pay: 25, travel_amount: 10 }),
      ]);
      expect(codes(answers)).toEqual([201, '409 proposal_already_made']);
      expect(await proposalsOf(id)).toHaveLength(1);
    }
    expect(await noticesOf(s.owner.user.id, 'proposal_received')).toHaveLength(ROUNDS);
    expect(await t.database.db.select().from(payProposals).where(inArray(payProposals.applicationId, ids))).toHaveLength(ROUNDS);
  });

  it('the pharmacy’s decision on the proposal against its acceptance of the application: never accepted with terms waiting', async () => {
    const s = await negotiationScenario(t);
    // One pharmacist a round: one booked on a round's offer would be double booked on the next (the same days).
    const people = await Promise.all(['Ada', 'Bea', 'Cloe', 'Dora'].map((name) => s.pharmacist(name)));
    for (const pharmacist of people.slice(0, ROUNDS)) {
      const offer = await negotiableOffer(t, s.owner.user.id);
      const { id } = await createApplication(t.database.db, offer.id, pharmacist.user.id);
      await call.propose(pharmacist, id, { hourly_pay: 24 });
      const [decision, acceptance] = await Promise.all([
        call.decide(s.owner, id, { decision: 'accept' }),
        call.acceptApplication(s.owner, id),
      ]);
      expect(decision.statusCode).toBe(200);
      // The acceptance came first and found the proposal waiting, or came second and accepted on the agreed terms.
      expect([200, '409 proposal_pending']).toContain(codes([acceptance])[0]);
      const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
      expect(row?.status).toBe(acceptance.statusCode === 200 ? 'accepted' : 'sent');
      expect(row?.agreedHourly).toBe(24);
      expect((await proposalsOf(id)).map((p) => p.status)).toEqual(['accettata']);
    }
  });
});
