/**
 * Acceptances at the same moment (docs/architecture.md, lock order): the pharmacist's user row, then the offer, then
 * the applications, then the invitations. One wins, the other is a clear 409, never a 500, and the counts agree after.
 * On PostgreSQL these requests really run at once; on PGlite one after the other.
 */
import { daysFromNow } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls } from '../../../test/hiring-loop';
import { applications, offers } from '../../db/schema';
import { createApplication, createInvitation, createOffer, giveCv } from '../../factories';

const t = useTestApp();
const call = hiringCalls(t);
const ROUNDS = 5;

async function pharmacist(name: string) {
  const signed = await signedIn(t.app, 'farmacista', { profile: { name } });
  await giveCv(t.database.db, signed.user.id);
  return signed;
}

const accept = (who: TSignedIn, invitationId: number) =>
  t.app.inject({ method: 'POST', url: `/api/invitations/${invitationId}/accept/`, headers: who.headers });

async function acceptedOn(offerId: number) {
  const [offer] = await t.database.db.select().from(offers).where(eq(offers.id, offerId));
  const rows = await t.database.db.select().from(applications).where(eq(applications.offerId, offerId));
  return { count: offer?.acceptedCount, accepted: rows.filter((r) => r.status === 'accepted').length };
}

const codes = (answers: { statusCode: number; json(): { code?: string } }[]) =>
  answers.map((a) => (a.statusCode === 200 ? 200 : `${a.statusCode} ${a.json().code}`)).sort();

describe('the last place', () => {
  it('an invitation accepted while the owner accepts an applicant: one 200, the other 409 offer_filled', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const [invited, applicant] = [await pharmacist('Ivo'), await pharmacist('Ada')];
    for (let round = 0; round < ROUNDS; round++) {
      const offer = await createOffer(t.database.db, owner.user.id, { positions: 1 });
      const invitation = await createInvitation(t.database.db, offer, invited.user.id);
      const application = await createApplication(t.database.db, offer.id, applicant.user.id);
      const answers = await Promise.all([
        accept(invited, invitation.id),
        call.decide(owner, application.id, { decision: 'accepted' }),
      ]);
      expect(codes(answers)).toEqual([200, '409 offer_filled']);
      expect(await acceptedOn(offer.id)).toEqual({ count: 1, accepted: 1 });
    }
  });

  it('two invitations accepted at once for the last place: one 200, the other 409 offer_filled', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const [first, second] = [await pharmacist('Ivo'), await pharmacist('Eva')];
    for (let round = 0; round < ROUNDS; round++) {
      const offer = await createOffer(t.database.db, owner.user.id, { positions: 1 });
      const invitations = [
        await createInvitation(t.database.db, offer, first.user.id),
        await createInvitation(t.database.db, offer, second.user.id),
      ];
      const answers = await Promise.all([accept(first, invitations[0]?.id ?? 0), accept(second, invitations[1]?.id ?? 0)]);
      expect(codes(answers)).toEqual([200, '409 offer_filled']);
      expect(await acceptedOn(offer.id)).toEqual({ count: 1, accepted: 1 });
    }
  });
});

describe('one pharmacist, two overlapping shifts', () => {
  it('two owners accept her at once: one 200, the other 409 double_booked', async () => {
    const [north, south] = [await signedIn(t.app, 'titolare'), await signedIn(t.app, 'titolare')];
    for (let round = 0; round < ROUNDS; round++) {
      const sara = await pharmacist(`Sara ${round}`);
      const day = daysFromNow(3 + round, t.clock.now);
      const shift = { dateFrom: day, dateTo: day, startTime: '09:00', endTime: '13:00' };
      const [a, b] = [
        await createOffer(t.database.db, north.user.id, shift),
        await createOffer(t.database.db, south.user.id, { ...shift, startTime: '12:00', endTime: '16:00' }),
      ];
      const [atA, atB] = [
        await createApplication(t.database.db, a.id, sara.user.id),
        await createApplication(t.database.db, b.id, sara.user.id),
      ];
      const answers = await Promise.all([
        call.decide(north, atA.id, { decision: 'accepted' }),
        call.decide(south, atB.id, { decision: 'accepted' }),
      ]);
      // The first acceptance withdraws her other application for the same hours (decision 083): the second finds it
      // withdrawn, or, had it been decided first, finds her booked.
      expect([
        [200, '409 application_withdrawn'],
        [200, '409 double_booked'],
      ]).toContainEqual(codes(answers));
      const rows = await t.database.db.select().from(applications).where(eq(applications.farmacistaId, sara.user.id));
      expect(rows.filter((r) => r.status === 'accepted')).toHaveLength(1);
      expect(rows.filter((r) => r.status === 'sent' || r.status === 'seen')).toHaveLength(0);
    }
  });

  it('an owner accepts her while she accepts an invitation for the same hours: one 200, the other 409 double_booked', async () => {
    const [north, south] = [await signedIn(t.app, 'titolare'), await signedIn(t.app, 'titolare')];
    for (let round = 0; round < ROUNDS; round++) {
      const sara = await pharmacist(`Sara ${round}`);
      const day = daysFromNow(3 + round, t.clock.now);
      const [a, b] = [
        await createOffer(t.database.db, north.user.id, { dateFrom: day, dateTo: day }),
        await createOffer(t.database.db, south.user.id, { dateFrom: day, dateTo: day }),
      ];
      const application = await createApplication(t.database.db, a.id, sara.user.id);
      const invitation = await createInvitation(t.database.db, b, sara.user.id);
      const answers = await Promise.all([
        call.decide(north, application.id, { decision: 'accepted' }),
        accept(sara, invitation.id),
      ]);
      // The invitation first withdraws her waiting application (the owner's decision then finds it withdrawn); the
      // owner first leaves her booked (the invitation is then refused).
      expect([
        [200, '409 application_withdrawn'],
        [200, '409 double_booked'],
      ]).toContainEqual(codes(answers));
    }
  });
});
