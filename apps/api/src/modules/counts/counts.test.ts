/** GET /api/user/counts/ (decision 096): what waits for each person, and for nobody else. */
import { daysFromNow } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { signedIn, signedInAgain, type TSignedIn, useTestApp } from '../../../test/helpers';
import { messages } from '../../db/schema';
import { createApplication, createInvitation, createOffer, setApplicationStatus } from '../../factories';

const t = useTestApp();

const counts = (who?: TSignedIn) => t.app.inject({ method: 'GET', url: '/api/user/counts/', headers: who?.headers });

/** A message on the application's thread, unread unless `readAt`. */
async function message(applicationId: number, authorId: number, recipientId: number, readAt: Date | null = null) {
  await t.database.db.insert(messages).values({ applicationId, authorId, recipientId, body: 'Ciao', readAt });
}

describe('what waits for a person', () => {
  it("counts a pharmacist's live invitations and unread messages, not the expired, answered or read ones", async () => {
    const owner = await signedIn(t.app, 'titolare');
    const sara = await signedIn(t.app, 'farmacista');
    const day = daysFromNow(3, t.clock.now);
    const offer = await createOffer(t.database.db, owner.user.id, { dateFrom: day, dateTo: day });
    const other = await createOffer(t.database.db, owner.user.id, { dateFrom: day, dateTo: day });
    const third = await createOffer(t.database.db, owner.user.id, { dateFrom: day, dateTo: day });
    expect((await counts(sara)).json()).toEqual({ invitations: 0, applications: 0, messages: 0 });

    await createInvitation(t.database.db, offer, sara.user.id, { createdAt: t.clock.now });
    await createInvitation(t.database.db, other, sara.user.id, { createdAt: t.clock.now, status: 'declined' });
    await createInvitation(t.database.db, third, sara.user.id, {
      createdAt: t.clock.now,
      expiresAt: new Date(t.clock.now.getTime() - 1000),
    });
    const application = await createApplication(t.database.db, other.id, sara.user.id);
    await message(application.id, owner.user.id, sara.user.id);
    await message(application.id, owner.user.id, sara.user.id, t.clock.now);
    // Her own message waits for the owner, not for her.
    await message(application.id, sara.user.id, owner.user.id);

    const answer = await counts(sara);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ invitations: 1, applications: 0, messages: 1 });

    // The invitation's time runs out: nothing left to answer.
    t.clock.advance(4 * 24 * 60 * 60 * 1000);
    expect((await counts(await signedInAgain(t.app, sara))).json()).toMatchObject({ invitations: 0 });
  });

  it("counts the applications waiting for the pharmacy's decision, sent or seen, and its unread messages", async () => {
    const owner = await signedIn(t.app, 'titolare');
    const [anna, bice, carla] = await Promise.all([
      signedIn(t.app, 'farmacista'),
      signedIn(t.app, 'farmacista'),
      signedIn(t.app, 'farmacista'),
    ]);
    const offer = await createOffer(t.database.db, owner.user.id, { title: 'Sabato' });
    const sent = await createApplication(t.database.db, offer.id, anna.user.id);
    const seen = await createApplication(t.database.db, offer.id, bice.user.id);
    await setApplicationStatus(t.database.db, { id: seen.id, offerId: offer.id }, 'seen');
    const decided = await createApplication(t.database.db, offer.id, carla.user.id);
    await setApplicationStatus(t.database.db, { id: decided.id, offerId: offer.id }, 'rejected');
    await message(sent.id, anna.user.id, owner.user.id);

    expect((await counts(owner)).json()).toEqual({ invitations: 0, applications: 2, messages: 1 });

    await setApplicationStatus(t.database.db, { id: sent.id, offerId: offer.id }, 'accepted');
    expect((await counts(owner)).json()).toMatchObject({ applications: 1 });
  });

  it("never counts another person's: another pharmacy's applications, another pharmacist's invitations", async () => {
    const owner = await signedIn(t.app, 'titolare');
    const otherOwner = await signedIn(t.app, 'titolare');
    const sara = await signedIn(t.app, 'farmacista');
    const marta = await signedIn(t.app, 'farmacista');
    const day = daysFromNow(3, t.clock.now);
    const offer = await createOffer(t.database.db, owner.user.id, { dateFrom: day, dateTo: day });
    const application = await createApplication(t.database.db, offer.id, sara.user.id);
    await createInvitation(t.database.db, offer, sara.user.id, { createdAt: t.clock.now });
    await message(application.id, owner.user.id, sara.user.id);

    expect((await counts(otherOwner)).json()).toEqual({ invitations: 0, applications: 0, messages: 0 });
    expect((await counts(marta)).json()).toEqual({ invitations: 0, applications: 0, messages: 0 });
  });

  it('answers 401 without a session and 403 to an admin', async () => {
    expect((await counts()).statusCode).toBe(401);
    const admin = await signedIn(t.app, 'admin');
    expect((await counts(admin)).statusCode).toBe(403);
  });

  it("answers 404 for a pharmacy outside an owner's reach and 400 for a malformed X-Farmacia, never a 500", async () => {
    const owner = await signedIn(t.app, 'titolare');
    const otherOwner = await signedIn(t.app, 'titolare');
    const asked = (value: string) =>
      t.app.inject({ method: 'GET', url: '/api/user/counts/', headers: { ...owner.headers, 'x-farmacia': value } });
    expect((await asked(String(otherOwner.user.id))).statusCode).toBe(404);
    expect((await asked('abc')).statusCode).toBe(400);
    expect((await asked(String(owner.user.id))).statusCode).toBe(200);
  });
});
