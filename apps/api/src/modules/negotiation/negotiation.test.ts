import {
  NOTIFICATION_TEXT,
  PAY_MESSAGES,
  type TNegotiation,
  type TReceivedApplication,
  type TSentApplication,
  ZDataExportSchema,
} from '@farmaponte/shared';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { login, useTestApp } from '../../../test/helpers';
import { MAX_HOURLY, MAX_TRAVEL, negotiationCalls, negotiationScenario, OFFERED } from '../../../test/negotiation';
import { applications, auditLog, invitations, notifications, payProposals } from '../../db/schema';
import { createApplication, createInvitation, createStaffMember, organisationOf, setApplicationStatus } from '../../factories';

const t = useTestApp();
const call = negotiationCalls(t);

const noticesOf = (userId: number, type: 'proposal_received' | 'proposal_decided' | 'counter_decided') =>
  t.database.db
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
    .orderBy(notifications.id);

const proposalRows = (applicationId: number) =>
  t.database.db.select().from(payProposals).where(eq(payProposals.applicationId, applicationId)).orderBy(payProposals.round);

const auditOf = (applicationId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'proposal.decide'), eq(auditLog.targetId, String(applicationId))));

const agreedOf = async (applicationId: number) => {
  const [row] = await t.database.db
    .select({ hourly: applications.agreedHourly, travel: applications.agreedTravel })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row;
};

describe('a negotiation from the application to the acceptance', () => {
  it('her proposal with the application, the pharmacy counters once, she accepts: the agreed terms are the counter’s', async () => {
    const s = await negotiationScenario(t);
    const anna = await s.pharmacist('Anna');
    const applied = await call.apply(anna, s.offer.id, { hourly_pay: 25, travel_amount: 30, reason: 'Vengo da Asti' });
    expect(applied.statusCode).toBe(201);
    const id = applied.json().id as number;

    // The pharmacy is told, in the app and by mail with her words; its list shows the waiting proposal.
    expect(await noticesOf(s.owner.user.id, 'proposal_received')).toEqual([
      NOTIFICATION_TEXT.proposal_received('Anna Neri', 'Turno sabato'),
    ]);
    await t.app.outbox.runOnce();
    expect(t.smtp.lastTo(s.owner.user.email)?.text).toContain('Vengo da Asti');
    const [row] = (await call.received(s.owner)).json() as TReceivedApplication[];
    expect(row).toMatchObject({
      negotiation: { status: 'in_attesa', round: 1, hourly_pay: 25, travel_amount: 30 },
      agreed: { hourly_pay: null, travel_amount: null },
    });

    // No acceptance while terms of pay wait for an answer.
    const early = await call.acceptApplication(s.owner, id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'proposal_pending', message: PAY_MESSAGES.proposalPending });

    const countered = await call.decide(s.owner, id, {
      decision: 'counter',
      hourly_pay: 23,
      travel_amount: 20,
      reason: 'Fino a 23',
    });
    expect(countered.statusCode).toBe(200);
    expect(countered.json().message).toBe(PAY_MESSAGES.counterSent);
    const again = await call.decide(s.owner, id, { decision: 'counter', hourly_pay: 24 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('counter_already_made');
    expect((await call.decide(s.owner, id, { decision: 'accept' })).json().code).toBe('proposal_already_decided');
    expect(await noticesOf(anna.user.id, 'proposal_decided')).toEqual([
      NOTIFICATION_TEXT.proposal_decided('Farmacia Centrale', 'Turno sabato', 'counter'),
    ]);
    const [mine] = (await call.mine(anna)).json() as TSentApplication[];
    expect(mine?.negotiation).toEqual({ status: 'in_attesa', round: 2, hourly_pay: 23, travel_amount: 20 });
    expect((await call.acceptApplication(s.owner, id)).json().code).toBe('proposal_pending');

    const accepted = await call.answerCounter(anna, id, { decision: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe(PAY_MESSAGES.counterAccepted);
    expect((await call.answerCounter(anna, id, { decision: 'decline' })).json().code).toBe('proposal_already_decided');
    expect(await noticesOf(s.owner.user.id, 'counter_decided')).toEqual([
      NOTIFICATION_TEXT.counter_decided('Anna Neri', 'Turno sabato', true),
    ]);

    // Both sides read the same history; the counter names who wrote it.
    const hers = (await call.negotiation(anna, id)).json() as TNegotiation;
    expect((await call.negotiation(s.owner, id)).json()).toEqual(hers);
    expect(hers).toMatchObject({
      negotiable: true,
      max_hourly: MAX_HOURLY,
      max_travel: MAX_TRAVEL,
      agreed: { hourly_pay: 23, travel_amount: 20 },
      proposals: [
        {
          round: 1,
          author: 'farmacista',
          by: null,
          hourly_pay: 25,
          travel_amount: 30,
          reason: 'Vengo da Asti',
          status: 'controproposta',
        },
        {
          round: 2,
          author: 'titolare',
          by: 'Carla Rossi',
          hourly_pay: 23,
          travel_amount: 20,
          reason: 'Fino a 23',
          status: 'accettata',
        },
      ],
    });

    const hired = await call.acceptApplication(s.owner, id);
    expect(hired.statusCode).toBe(200);
    expect(hired.json()).toMatchObject({
      status: 'accepted',
      negotiation: { status: 'accettata', round: 2 },
      agreed: { hourly_pay: 23, travel_amount: 20 },
    });
    // The pharmacy's step is in its audit log, with who took it.
    const audit = await auditOf(id);
    expect(audit).toMatchObject([
      {
        actorId: s.owner.user.id,
        targetUserId: anna.user.id,
        targetId: String(id),
        details: { decision: 'counter', hourly_pay: 23 },
      },
    ]);
    // Her data export carries the agreed terms and both steps.
    const exported = await t.app.inject({ method: 'GET', url: '/api/user/export/', headers: anna.headers });
    const data = ZDataExportSchema.parse(JSON.parse(new TextDecoder().decode(unzipSync(exported.rawPayload)['dati.json'])));
    expect(data.applications[0]).toMatchObject({
      agreed: { hourly_pay: 23, travel_amount: 20 },
      proposals: [
        { round: 1, status: 'controproposta' },
        { round: 2, status: 'accettata', by: 'Carla Rossi' },
      ],
    });
  });

  it('on a waiting application: one proposal accepted; another declined with a reason; a counter declined', async () => {
    const s = await negotiationScenario(t);
    const [anna, bea, cloe] = [await s.pharmacist('Anna'), await s.pharmacist('Bea'), await s.pharmacist('Cloe')];
    const [a, b, c] = [
      await createApplication(t.database.db, s.offer.id, anna.user.id),
      await createApplication(t.database.db, s.offer.id, bea.user.id),
      await createApplication(t.database.db, s.offer.id, cloe.user.id),
    ];

    const proposed = await call.propose(anna, a.id, { hourly_pay: 24 });
    expect(proposed.statusCode).toBe(201);
    expect(proposed.json().message).toBe(PAY_MESSAGES.proposalSent);
    expect((await call.propose(anna, a.id, { hourly_pay: 22 })).json().code).toBe('proposal_already_made');
    expect((await call.decide(s.owner, a.id, { decision: 'accept' })).json().message).toBe(PAY_MESSAGES.proposalAccepted);
    // Travel she did not propose stays the offer's (null).
    expect(await agreedOf(a.id)).toEqual({ hourly: 24, travel: null });
    expect((await call.decide(s.owner, a.id, { decision: 'decline', reason: 'No' })).json().code).toBe(
      'proposal_already_decided',
    );
    expect(await noticesOf(anna.user.id, 'proposal_decided')).toEqual([
      NOTIFICATION_TEXT.proposal_decided('Farmacia Centrale', 'Turno sabato', 'accept'),
    ]);

    await call.propose(bea, b.id, { travel_amount: 15, reason: 'Treno' });
    const noReason = await call.decide(s.owner, b.id, { decision: 'decline' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: PAY_MESSAGES.declineNeedsReason });
    const declined = await call.decide(s.owner, b.id, { decision: 'decline', reason: 'Il budget è chiuso' });
    expect(declined.json().message).toBe(PAY_MESSAGES.proposalDeclined);
    expect(await agreedOf(b.id)).toEqual({ hourly: null, travel: null });
    expect(((await call.negotiation(bea, b.id)).json() as TNegotiation).proposals).toMatchObject([
      { status: 'rifiutata', decision_reason: 'Il budget è chiuso' },
    ]);
    expect(await noticesOf(bea.user.id, 'proposal_decided')).toEqual([
      NOTIFICATION_TEXT.proposal_decided('Farmacia Centrale', 'Turno sabato', 'decline'),
    ]);

    await call.propose(cloe, c.id, { hourly_pay: 26 });
    await call.decide(s.owner, c.id, { decision: 'counter', hourly_pay: 22 });
    const refused = await call.answerCounter(cloe, c.id, { decision: 'decline' });
    expect(refused.json().message).toBe(PAY_MESSAGES.counterDeclined);
    expect(await agreedOf(c.id)).toEqual({ hourly: null, travel: null });
    expect((await proposalRows(c.id)).map((p) => p.status)).toEqual(['controproposta', 'rifiutata']);
    expect(await noticesOf(s.owner.user.id, 'counter_decided')).toEqual([
      NOTIFICATION_TEXT.counter_decided('Cloe Neri', 'Turno sabato', false),
    ]);
    // A declined proposal waits for nothing: the pharmacy may accept the application on the offer's terms.
    expect((await call.acceptApplication(s.owner, b.id)).json()).toMatchObject({
      status: 'accepted',
      agreed: { hourly_pay: null },
    });
  });

  it('answering an invitation with a proposal: the invitation is accepted, her application waits with it', async () => {
    const s = await negotiationScenario(t);
    const anna = await s.pharmacist('Anna');
    const invitation = await createInvitation(t.database.db, s.offer, anna.user.id);
    const accept = (body: object) =>
      t.app.inject({ method: 'POST', url: `/api/invitations/${invitation.id}/accept/`, headers: anna.headers, payload: body });
    const tooHigh = await accept({ proposal: { hourly_pay: 30 } });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toMatchObject({
      code: 'proposal_out_of_bounds',
      fields: { 'proposal.hourly_pay': PAY_MESSAGES.proposalAboveBound(MAX_HOURLY) },
    });
    const answered = await accept({ proposal: { hourly_pay: 24 } });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'accepted' });
    const [application] = await t.database.db.select().from(applications).where(eq(applications.offerId, s.offer.id));
    expect(application?.status).toBe('sent');
    const [stored] = await t.database.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(stored?.applicationId).toBe(application?.id);
    expect((await proposalRows(application?.id ?? 0)).map((p) => [p.round, p.hourlyPay, p.status])).toEqual([
      [1, 24, 'in_attesa'],
    ]);
    expect(await noticesOf(s.owner.user.id, 'proposal_received')).toHaveLength(1);
  });
});

describe('the bounds', () => {
  it('above the maximum, travel not negotiated, a counter out of range: 400 proposal_out_of_bounds, nothing written', async () => {
    const s = await negotiationScenario(t);
    const anna = await s.pharmacist('Anna');
    const above = await call.apply(anna, s.offer.id, { hourly_pay: MAX_HOURLY + 0.5 });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({
      code: 'proposal_out_of_bounds',
      message: PAY_MESSAGES.proposalAboveBound(MAX_HOURLY),
      fields: { 'proposal.hourly_pay': PAY_MESSAGES.proposalAboveBound(MAX_HOURLY) },
    });
    const travel = await call.apply(anna, s.offer.id, { travel_amount: MAX_TRAVEL + 1 });
    expect(travel.json().fields).toEqual({ 'proposal.travel_amount': PAY_MESSAGES.proposalTravelAboveBound(MAX_TRAVEL) });
    const empty = await call.apply(anna, s.offer.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(PAY_MESSAGES.proposalEmpty);
    // Refused with its application: she has applied to nothing.
    expect(await t.database.db.select().from(applications).where(eq(applications.offerId, s.offer.id))).toEqual([]);

    // An offer that does not negotiate travel, and one that does not negotiate at all.
    const hourlyOnly = await negotiationScenario(t, { maxTravel: null });
    const noTravel = await call.apply(anna, hourlyOnly.offer.id, { hourly_pay: 22, travel_amount: 10 });
    expect(noTravel.json()).toMatchObject({ code: 'proposal_out_of_bounds', message: PAY_MESSAGES.travelNotNegotiable });
    const fixed = await negotiationScenario(t, { maxHourly: null, maxTravel: null });
    const refused = await call.apply(anna, fixed.offer.id, { hourly_pay: 22 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'not_negotiable', message: PAY_MESSAGES.notNegotiable });
    const waiting = await createApplication(t.database.db, fixed.offer.id, anna.user.id);
    expect((await call.propose(anna, waiting.id, { hourly_pay: 22 })).json().code).toBe('not_negotiable');

    // Her proposal of 25 €/h and 30 € against 20 €/h offered: the counter stays between 20 and 25, travel at most 30.
    const { id } = (await call.apply(anna, s.offer.id, { hourly_pay: 25, travel_amount: 30 })).json();
    for (const [counter, field, message] of [
      [{ hourly_pay: 19.5 }, 'hourly_pay', PAY_MESSAGES.counterOutOfBounds(OFFERED, 25)],
      [{ hourly_pay: 25.5 }, 'hourly_pay', PAY_MESSAGES.counterOutOfBounds(OFFERED, 25)],
      [{ travel_amount: 31 }, 'travel_amount', PAY_MESSAGES.counterTravelOutOfBounds],
    ] as const) {
      const answer = await call.decide(s.owner, id, { decision: 'counter', ...counter });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'proposal_out_of_bounds', fields: { [field]: message } });
    }
    expect((await proposalRows(id)).map((p) => p.status)).toEqual(['in_attesa']);
    // Within the range, both ends included.
    expect((await call.decide(s.owner, id, { decision: 'counter', hourly_pay: 25, travel_amount: 30 })).statusCode).toBe(200);

    // She proposed no travel: the counter's travel stays within the offer's travel bound.
    const bea = await s.pharmacist('Bea');
    const other = (await call.apply(bea, s.offer.id, { hourly_pay: 22 })).json().id as number;
    const overTravel = await call.decide(s.owner, other, { decision: 'counter', travel_amount: MAX_TRAVEL + 5 });
    expect(overTravel.json().fields).toEqual({ travel_amount: PAY_MESSAGES.proposalTravelAboveBound(MAX_TRAVEL) });
  });
});

describe('expiry and the application’s state', () => {
  it('a proposal waiting when the offer closes reads scaduta and takes no decision (410); an answered application takes no proposal (409)', async () => {
    const s = await negotiationScenario(t);
    const [anna, bea] = [await s.pharmacist('Anna'), await s.pharmacist('Bea')];
    const { id } = (await call.apply(anna, s.offer.id, { hourly_pay: 24 })).json();
    const rejected = await createApplication(t.database.db, s.offer.id, bea.user.id);
    await setApplicationStatus(t.database.db, { id: rejected.id, offerId: s.offer.id }, 'rejected');
    const late = await call.propose(bea, rejected.id, { hourly_pay: 22 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'application_not_waiting', message: PAY_MESSAGES.applicationNotWaiting });

    const closed = await t.app.inject({ method: 'POST', url: `/api/offers/${s.offer.id}/close/`, headers: s.owner.headers });
    expect(closed.statusCode).toBe(200);
    expect(((await call.negotiation(anna, id)).json() as TNegotiation).proposals).toMatchObject([{ status: 'scaduta' }]);
    expect(((await call.mine(anna)).json() as TSentApplication[])[0]?.negotiation?.status).toBe('scaduta');
    const received = (await call.received(s.owner)).json() as TReceivedApplication[];
    expect(received.find((r) => r.id === id)?.negotiation?.status).toBe('scaduta');
    const decision = await call.decide(s.owner, id, { decision: 'accept' });
    expect(decision.statusCode).toBe(410);
    expect(decision.json()).toMatchObject({ code: 'proposal_expired', message: PAY_MESSAGES.proposalExpired });
    expect(await agreedOf(id)).toEqual({ hourly: null, travel: null });
  });
});

describe('who may take each step', () => {
  it('someone else’s application is 404, consultazione 403, anonymous 401, the wrong side 403; a responsabile decides, named', async () => {
    const s = await negotiationScenario(t);
    const anna = await s.pharmacist('Anna');
    const { id } = (await call.apply(anna, s.offer.id, { hourly_pay: 25 })).json();
    const stranger = await s.pharmacist('Eva');
    const otherOwner = (await negotiationScenario(t)).owner;
    const organisationId = await organisationOf(t.database.db, s.owner.user.id);
    const member = async (role: 'consultazione' | 'responsabile', name: string) => {
      const user = await createStaffMember(t.database.db, organisationId, role, [s.owner.user.id], { name, surname: 'Verdi' });
      return { headers: { authorization: `Bearer ${(await login(t.app, user.email, user.password)).access}` }, id: user.id };
    };
    const [reader, manager] = [await member('consultazione', 'Rita'), await member('responsabile', 'Paolo')];
    const counter = { decision: 'counter', hourly_pay: 22 };

    for (const answer of [
      await call.propose(stranger, id, { hourly_pay: 21 }),
      await call.answerCounter(stranger, id, { decision: 'accept' }),
      await call.negotiation(stranger, id),
      await call.decide(otherOwner, id, counter),
      await call.negotiation(otherOwner, id),
    ])
      expect(answer.statusCode).toBe(404);
    const readOnly = await call.decide(reader, id, counter);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().code).toBe('read_only_member');
    expect((await call.negotiation(reader, id)).statusCode).toBe(200);
    for (const answer of [
      await call.decide(anna, id, counter),
      await call.propose(s.owner, id, { hourly_pay: 21 }),
      await call.answerCounter(s.owner, id, { decision: 'accept' }),
    ])
      expect(answer.statusCode).toBe(403);
    for (const answer of [
      await call.propose(undefined, id, { hourly_pay: 21 }),
      await call.decide(undefined, id, counter),
      await call.answerCounter(undefined, id, { decision: 'accept' }),
      await call.negotiation(undefined, id),
    ])
      expect(answer.statusCode).toBe(401);
    expect((await proposalRows(id)).map((p) => p.status)).toEqual(['in_attesa']);

    expect((await call.decide(manager, id, counter)).statusCode).toBe(200);
    expect(((await call.negotiation(anna, id)).json() as TNegotiation).proposals[1]).toMatchObject({ by: 'Paolo Verdi' });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ actorId: manager.id, details: { decision: 'counter', pharmacy_id: s.owner.user.id } });
  });
});
