/** Invitations (docs/rules.md#invitations): who may send, see and answer them, their limits and their expiry. */
import { daysFromNow, INVITATION_MESSAGES, LIMITS, MESSAGES } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { mailOutbox, notifications, offers, users } from '../../db/schema';
import {
  createApplication,
  createInvitation,
  createOffer,
  createPharmacist,
  giveAvailability,
  giveCv,
  setVerification,
} from '../../factories';
import { startOfItalianDay } from './expiry';

const t = useTestApp();
const HOUR = 60 * 60 * 1000;

type TWho = TSignedIn | undefined;
const call = {
  invite: (who: TWho, offerId: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/offers/${offerId}/invitations/`, headers: who?.headers, payload }),
  ofOffer: (who: TWho, offerId: number) =>
    t.app.inject({ method: 'GET', url: `/api/offers/${offerId}/invitations/`, headers: who?.headers }),
  mine: (who: TWho) => t.app.inject({ method: 'GET', url: '/api/invitations/mine/', headers: who?.headers }),
  accept: (who: TWho, id: number) =>
    t.app.inject({ method: 'POST', url: `/api/invitations/${id}/accept/`, headers: who?.headers }),
  decline: (who: TWho, id: number, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/invitations/${id}/decline/`, headers: who?.headers, payload }),
  sent: (who: TWho) => t.app.inject({ method: 'GET', url: '/api/candidature/mine/', headers: who?.headers }),
  received: (who: TWho) => t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: who?.headers }),
};

/**
 * The pharmacist shows in the owner's search of who is free (decision 083: whom an owner may invite): a visible
 * calendar from Torino, free every morning of the next three weeks.
 */
async function visibleFromTorino(pharmacistId: number, overrides: { comune?: string; visible?: boolean } = {}) {
  const days = Array.from({ length: 21 }, (_, i) => ({ date: daysFromNow(i + 1, t.clock.now), part: 'mattina' as const }));
  await giveAvailability(t.database.db, pharmacistId, { comune: 'Torino', days, ...overrides }, t.clock.now);
}

/** A verified owner in Torino with an offer four days ahead, and a pharmacist with a CV whom their search shows. */
async function scenario(offer: Parameters<typeof createOffer>[2] = {}) {
  const owner = await signedIn(t.app, 'titolare', {
    profile: { denominazione_farmacia: 'Farmacia del Ponte', comune_farmacia: 'Torino' },
  });
  const created = await createOffer(t.database.db, owner.user.id, {
    title: 'Turno di giovedì',
    dateFrom: daysFromNow(4, t.clock.now),
    dateTo: daysFromNow(4, t.clock.now),
    startTime: '08:00',
    endTime: '14:00',
    ...offer,
  });
  const pharmacist = await signedIn(t.app, 'farmacista', { profile: { name: 'Sara', surname: 'Gallo' } });
  await giveCv(t.database.db, pharmacist.user.id, 'Sara Gallo');
  await visibleFromTorino(pharmacist.user.id);
  return { owner, offer: created, pharmacist };
}

/** The same user logged in again: after the test clock moves, their access token has expired. */
async function again(who: TSignedIn): Promise<TSignedIn> {
  const tokens = await login(t.app, who.user.email, who.user.password);
  return { ...who, ...tokens, headers: bearer(tokens.access) };
}

async function notificationsOf(userId: number) {
  return t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
}

describe('inviting a pharmacist', () => {
  it('the owner invites with a message: the pharmacist is told and mailed, and both sides list it as sent', async () => {
    const s = await scenario();
    const sent = await call.invite(s.owner, s.offer.id, { pharmacist_id: s.pharmacist.user.id, message: 'Ci farebbe piacere!' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      status: 'sent',
      invited_by: 'owner',
      message: 'Ci farebbe piacere!',
      offer_id: s.offer.id,
      pharmacist: {
        id: s.pharmacist.user.id,
        name: 'Sara',
        surname: 'Gallo',
        albo_verified: true,
        rating: { count: 0, average: null },
        reliability: { completed: 0, late: 0, very_late: 0, no_show: 0, percentage: null },
      },
    });
    // Before they accept the owner sees no phone, residence nor CV.
    expect(Object.keys(sent.json().pharmacist).sort()).toEqual([
      'albo_verified',
      'id',
      'name',
      'rating',
      'reliability',
      'surname',
      'titolo',
    ]);
    const told = await notificationsOf(s.pharmacist.user.id);
    expect(told).toMatchObject([{ type: 'invitation_received', link: '/mie_candidature' }]);
    expect(told[0]?.body).toContain('Farmacia del Ponte');
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, s.pharmacist.user.id));
    expect(mails.map((m) => m.text).join()).toContain('Ci farebbe piacere!');

    const mine = await call.mine(s.pharmacist);
    expect(mine.json()).toMatchObject([
      {
        status: 'sent',
        message: 'Ci farebbe piacere!',
        offer: { id: s.offer.id, title: 'Turno di giovedì', denominazione_farmacia: 'Farmacia del Ponte', is_open: true },
      },
    ]);
    expect((await call.ofOffer(s.owner, s.offer.id)).json()).toMatchObject([{ status: 'sent', pharmacist: { name: 'Sara' } }]);
  });

  it("only the offer's verified owner invites: another owner 404, a pharmacist or an admin 403, nobody 401", async () => {
    const s = await scenario();
    const body = { pharmacist_id: s.pharmacist.user.id };
    const otherOwner = await signedIn(t.app, 'titolare');
    expect((await call.invite(otherOwner, s.offer.id, body)).statusCode).toBe(404);
    expect((await call.invite(s.pharmacist, s.offer.id, body)).statusCode).toBe(403);
    expect((await call.invite(await signedIn(t.app, 'admin'), s.offer.id, body)).statusCode).toBe(403);
    expect((await call.invite(undefined, s.offer.id, body)).statusCode).toBe(401);
    // An owner waiting for an admin's approval cannot invite yet.
    await setVerification(t.database.db, s.owner.user.id, 'pending');
    const waiting = await call.invite(s.owner, s.offer.id, body);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json()).toMatchObject({ code: 'owner_not_verified', message: INVITATION_MESSAGES.ownerNotVerified });
    // Nobody else may read the offer's invitations either.
    expect((await call.ofOffer(otherOwner, s.offer.id)).statusCode).toBe(404);
    expect((await call.ofOffer(s.pharmacist, s.offer.id)).statusCode).toBe(403);
    expect((await call.ofOffer(undefined, s.offer.id)).statusCode).toBe(401);
    expect((await call.mine(s.owner)).statusCode).toBe(403);
    expect(await notificationsOf(s.pharmacist.user.id)).toEqual([]);
  });

  it('invites only a pharmacist with a confirmed e-mail who is not suspended (404 otherwise)', async () => {
    const s = await scenario();
    const unconfirmed = await createPharmacist(t.database.db, { emailConfirmed: false });
    const suspended = await createPharmacist(t.database.db);
    await t.database.db.update(users).set({ suspendedAt: t.clock.now }).where(eq(users.id, suspended.id));
    const anOwner = await signedIn(t.app, 'titolare');
    for (const id of [unconfirmed.id, suspended.id, anOwner.user.id, 987654]) {
      const answer = await call.invite(s.owner, s.offer.id, { pharmacist_id: id });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'pharmacist_not_found' });
    }
    expect((await call.invite(s.owner, s.offer.id, { pharmacist_id: 'lei' })).statusCode).toBe(400);
    const tooLong = await call.invite(s.owner, s.offer.id, {
      pharmacist_id: s.pharmacist.user.id,
      message: 'x'.repeat(LIMITS.invitationMessageMaxLength + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(INVITATION_MESSAGES.messageTooLong);
  });

  it('only someone the owner may already see: the search of who is free, an applicant, a favourite; anyone else is 404 like an unknown id', async () => {
    const s = await scenario();
    const unknown = await call.invite(s.owner, s.offer.id, { pharmacist_id: 987654 });
    expect(unknown.statusCode).toBe(404);
    const stranger = await signedIn(t.app, 'farmacista', {
      profile: { name: 'Nina', surname: 'Riva', regione_residenza: 'Abruzzo', provincia_residenza: 'AQ', comune: 'Roccaraso' },
    });
    const tried = async () => call.invite(s.owner, s.offer.id, { pharmacist_id: stranger.user.id });
    // Registered, confirmed, but nowhere the owner can see her: the very answer of an id that names nobody.
    const hidden = await tried();
    expect({ status: hidden.statusCode, body: hidden.json() }).toEqual({ status: unknown.statusCode, body: unknown.json() });
    expect(hidden.body).not.toContain('Nina');
    expect(hidden.body).not.toContain('Roccaraso');
    // A calendar the owners cannot see, or one whose radius does not reach the pharmacy, shows her to nobody.
    await visibleFromTorino(stranger.user.id, { visible: false });
    expect((await tried()).statusCode).toBe(404);
    await visibleFromTorino(stranger.user.id, { comune: 'Bari' });
    expect((await tried()).statusCode).toBe(404);
    expect(await notificationsOf(stranger.user.id)).toEqual([]);
    // Shown by the search of who is free: invited, and the answer carries no residence.
    await visibleFromTorino(stranger.user.id);
    const invited = await tried();
    expect(invited.statusCode).toBe(201);
    expect(invited.body).not.toContain('Roccaraso');

    // Someone who applied to another of the owner's offers, and then a favourite, whatever their calendar.
    const applicant = await signedIn(t.app, 'farmacista');
    const other = await createOffer(t.database.db, s.owner.user.id, { title: 'Un altro turno' });
    const secondOffer = await createOffer(t.database.db, s.owner.user.id, { title: 'Turno di venerdì' });
    expect((await call.invite(s.owner, secondOffer.id, { pharmacist_id: applicant.user.id })).statusCode).toBe(404);
    await createApplication(t.database.db, other.id, applicant.user.id);
    expect((await call.invite(s.owner, secondOffer.id, { pharmacist_id: applicant.user.id })).statusCode).toBe(201);
    const favourite = await signedIn(t.app, 'farmacista');
    const old = await createOffer(t.database.db, s.owner.user.id, { title: 'Turno passato' });
    await createApplication(t.database.db, old.id, favourite.user.id);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/favourites/${favourite.user.id}/`, headers: s.owner.headers })).statusCode,
    ).toBe(200);
    // The offer that brought them together is deleted with its applications: the favourite remains.
    await t.database.db.delete(offers).where(eq(offers.id, old.id));
    expect((await call.invite(s.owner, secondOffer.id, { pharmacist_id: favourite.user.id })).statusCode).toBe(201);
  });

  it('once per offer and pharmacist (409 already_invited), and not someone who already applied (409 already_applied)', async () => {
    const s = await scenario();
    const body = { pharmacist_id: s.pharmacist.user.id };
    expect((await call.invite(s.owner, s.offer.id, body)).statusCode).toBe(201);
    // Declined or not, a second invitation to the same offer is refused.
    const again = await call.invite(s.owner, s.offer.id, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_invited', message: INVITATION_MESSAGES.alreadyInvited });
    const applicant = await signedIn(t.app, 'farmacista');
    await createApplication(t.database.db, s.offer.id, applicant.user.id);
    const applied = await call.invite(s.owner, s.offer.id, { pharmacist_id: applicant.user.id });
    expect(applied.statusCode).toBe(409);
    expect(applied.json()).toMatchObject({ code: 'already_applied', message: INVITATION_MESSAGES.alreadyApplied });
  });

  it('only to an open offer: a filled one is 409 offer_filled, a closed, hidden or past one 410 offer_not_open', async () => {
    const s = await scenario();
    const body = { pharmacist_id: s.pharmacist.user.id };
    const closed = await createOffer(t.database.db, s.owner.user.id, { closedAt: t.clock.now });
    const past = await createOffer(t.database.db, s.owner.user.id, {
      dateFrom: daysFromNow(-3, t.clock.now),
      dateTo: daysFromNow(-1, t.clock.now),
    });
    for (const offer of [closed, past]) {
      const answer = await call.invite(s.owner, offer.id, body);
      expect(answer.statusCode).toBe(410);
      expect(answer.json()).toMatchObject({ code: 'offer_not_open', message: INVITATION_MESSAGES.offerNotOpen });
    }
    await t.database.db.update(offers).set({ acceptedCount: 1 }).where(eq(offers.id, s.offer.id));
    const filled = await call.invite(s.owner, s.offer.id, body);
    expect(filled.statusCode).toBe(409);
    expect(filled.json()).toMatchObject({ code: 'offer_filled' });
  });
});

describe('the limits', () => {
  it(`at most ${LIMITS.invitationsOpenPerOffer} open invitations per offer: 429 with Retry-After until the first expires`, async () => {
    const s = await scenario({ dateFrom: daysFromNow(10, t.clock.now), dateTo: daysFromNow(10, t.clock.now) });
    const first = new Date(t.clock.now.getTime() - 10 * HOUR);
    for (let i = 0; i < LIMITS.invitationsOpenPerOffer; i++) {
      const p = await createPharmacist(t.database.db);
      await createInvitation(t.database.db, s.offer, p.id, { createdAt: i === 0 ? first : t.clock.now });
    }
    const refused = await call.invite(s.owner, s.offer.id, { pharmacist_id: s.pharmacist.user.id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('invitations_open_limit');
    // The oldest expires 72 hours after it was sent, 62 hours from now.
    expect(Number(refused.headers['retry-after'])).toBe(62 * 60 * 60);
    expect(refused.json().message).toBe(INVITATION_MESSAGES.openPerOfferLimit('62 ore'));
    t.clock.advance(62 * HOUR);
    expect((await call.invite(await again(s.owner), s.offer.id, { pharmacist_id: s.pharmacist.user.id })).statusCode).toBe(201);
  });

  it(`at most ${LIMITS.invitationsPerOwnerPerDay} a day per owner: 429 with Retry-After until the oldest is 24 hours old`, async () => {
    const s = await scenario();
    const other = await createPharmacist(t.database.db);
    const oldest = new Date(t.clock.now.getTime() - 20 * HOUR);
    for (let i = 0; i < LIMITS.invitationsPerOwnerPerDay; i++) {
      const offer = await createOffer(t.database.db, s.owner.user.id);
      await createInvitation(t.database.db, offer, other.id, { createdAt: i === 0 ? oldest : t.clock.now });
    }
    // The platform's own invitations do not count towards the owner's day.
    const auto = await createOffer(t.database.db, s.owner.user.id);
    await createInvitation(t.database.db, auto, s.pharmacist.user.id, { invitedBy: 'auto' });
    const refused = await call.invite(s.owner, s.offer.id, { pharmacist_id: s.pharmacist.user.id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('invitations_daily_limit');
    expect(Number(refused.headers['retry-after'])).toBe(4 * 60 * 60);
    expect(refused.json().message).toBe(INVITATION_MESSAGES.perOwnerPerDayLimit('4 ore'));
    t.clock.advance(4 * HOUR);
    expect((await call.invite(await again(s.owner), s.offer.id, { pharmacist_id: s.pharmacist.user.id })).statusCode).toBe(201);
  });
});

describe('expiry', () => {
  it('a sent invitation expires after 72 hours: listed as expired on both sides, and 410 invitation_expired to answer', async () => {
    const s = await scenario({ dateFrom: daysFromNow(10, t.clock.now), dateTo: daysFromNow(11, t.clock.now) });
    const { id } = (await call.invite(s.owner, s.offer.id, { pharmacist_id: s.pharmacist.user.id })).json();
    const [sent] = (await call.mine(s.pharmacist)).json();
    expect(new Date(sent.expires_at).getTime() - t.clock.now.getTime()).toBe(LIMITS.invitationTtlHours * HOUR);
    t.clock.advance(LIMITS.invitationTtlHours * HOUR - 1000);
    const pharmacist = await again(s.pharmacist);
    expect((await call.mine(pharmacist)).json()[0].status).toBe('sent');
    t.clock.advance(1000);
    expect((await call.mine(pharmacist)).json()[0].status).toBe('expired');
    expect((await call.ofOffer(await again(s.owner), s.offer.id)).json()[0].status).toBe('expired');
    for (const answer of [await call.accept(pharmacist, id), await call.decline(pharmacist, id)]) {
      expect(answer.statusCode).toBe(410);
      expect(answer.json()).toMatchObject({ code: 'invitation_expired', message: INVITATION_MESSAGES.invitationExpired });
    }
  });

  it("expires sooner at the start of the offer's first day in Italy; an offer already begun gives until its last day", async () => {
    const s = await scenario({ dateFrom: daysFromNow(1, t.clock.now), dateTo: daysFromNow(1, t.clock.now) });
    await call.invite(s.owner, s.offer.id, { pharmacist_id: s.pharmacist.user.id });
    const [tomorrow] = (await call.mine(s.pharmacist)).json();
    expect(tomorrow.expires_at).toBe(startOfItalianDay(daysFromNow(1, t.clock.now)).toISOString());
    // A week-long offer that began yesterday: the invitation may be answered until the end of its last day, or 72 hours.
    const running = await createOffer(t.database.db, s.owner.user.id, {
      dateFrom: daysFromNow(-1, t.clock.now),
      dateTo: daysFromNow(1, t.clock.now),
    });
    await call.invite(s.owner, running.id, { pharmacist_id: s.pharmacist.user.id });
    const started = (await call.mine(s.pharmacist)).json().find((i: { offer: { id: number } }) => i.offer.id === running.id);
    expect(started.status).toBe('sent');
    expect(started.expires_at).toBe(startOfItalianDay(daysFromNow(2, t.clock.now)).toISOString());
  });
});

describe('accepting', () => {
  it('makes an accepted application at once: the owner is told, the pharmacist mailed the shift, the place taken', async () => {
    const s = await scenario({ positions: 1 });
    const waiting = await signedIn(t.app, 'farmacista', { profile: { name: 'Ugo' } });
    await createApplication(t.database.db, s.offer.id, waiting.user.id);
    const { id } = (await call.invite(s.owner, s.offer.id, { pharmacist_id: s.pharmacist.user.id })).json();
    const accepted = await call.accept(s.pharmacist, id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', offer: { is_open: false } });
    const applicationId = accepted.json().application_id;
    expect((await call.sent(s.pharmacist)).json()).toMatchObject([{ id: applicationId, status: 'accepted' }]);
    // The offer filled: the applicant still waiting is answered, as when the owner accepts.
    const received = (await call.received(s.owner)).json() as { id: number; status: string; message: string | null }[];
    expect(received.find((a) => a.id === applicationId)?.status).toBe('accepted');
    expect(received.find((a) => a.id !== applicationId)).toMatchObject({
      status: 'rejected',
      message: MESSAGES.autoRejectFilled,
    });
    expect((await call.ofOffer(s.owner, s.offer.id)).json()).toMatchObject([
      { status: 'accepted', application_id: applicationId },
    ]);
    const ownerTold = await notificationsOf(s.owner.user.id);
    expect(ownerTold).toMatchObject([{ type: 'invitation_accepted', link: `/candidature?offer_id=${s.offer.id}` }]);
    expect(ownerTold[0]?.body).toContain('Sara Gallo');
    // The pharmacist chose it: no "your application was accepted", only the shift for their calendar.
    expect((await notificationsOf(s.pharmacist.user.id)).map((n) => n.type)).toEqual(['invitation_received']);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, s.pharmacist.user.id));
    expect(mails.find((m) => m.ics)?.ics).toContain('METHOD:REQUEST');
  });

  it('only the invited pharmacist answers: another pharmacist 404, the owner 403, nobody 401; a CV is needed (400)', async () => {
    const s = await scenario();
    const { id } = (await call.invite(s.owner, s.offer.id, { pharmacist_id: s.pharmacist.user.id })).json();
    const other = await signedIn(t.app, 'farmacista');
    await giveCv(t.database.db, other.user.id);
    for (const answer of [await call.accept(other, id), await call.decline(other, id), await call.accept(other, 987654)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe('invitation_not_found');
    }
    expect((await call.accept(s.owner, id)).statusCode).toBe(403);
    expect((await call.decline(s.owner, id)).statusCode).toBe(403);
    expect((await call.accept(undefined, id)).statusCode).toBe(401);
    expect((await call.mine(other)).json()).toEqual([]);

    const noCv = await signedIn(t.app, 'farmacista');
    await visibleFromTorino(noCv.user.id);
    const invited = (await call.invite(s.owner, s.offer.id, { pharmacist_id: noCv.user.id })).json();
    const refused = await call.accept(noCv, invited.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'cv_missing', message: MESSAGES.cvNotFound });
  });

  it('answering twice is 409 already_answered; a filled offer is 409 offer_filled, a closed one 410 offer_not_open', async () => {
    const s = await scenario({ positions: 1 });
    const { id } = (await call.invite(s.owner, s.offer.id, { pharmacist_id: s.pharmacist.user.id })).json();
    expect((await call.accept(s.pharmacist, id)).statusCode).toBe(200);
    for (const answer of [await call.accept(s.pharmacist, id), await call.decline(s.pharmacist, id)]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'already_answered', message: INVITATION_MESSAGES.alreadyAnswered });
    }

    const late = await signedIn(t.app, 'farmacista');
    await giveCv(t.database.db, late.user.id);
    const lateInvitation = await createInvitation(t.database.db, s.offer, late.user.id);
    const filled = await call.accept(late, lateInvitation.id);
    expect(filled.statusCode).toBe(409);
    expect(filled.json()).toMatchObject({ code: 'offer_filled', message: MESSAGES.applicationOfferFilled });

    const closing = await createOffer(t.database.db, s.owner.user.id);
    const toClosed = await createInvitation(t.database.db, closing, late.user.id);
    await t.app.inject({ method: 'POST', url: `/api/offers/${closing.id}/close/`, headers: s.owner.headers });
    const closed = await call.accept(late, toClosed.id);
    expect(closed.statusCode).toBe(410);
    expect(closed.json()).toMatchObject({ code: 'offer_not_open' });
    // Nothing was written by the refusals.
    expect((await call.sent(late)).json()).toEqual([]);
  });

  it('an application the pharmacist sent meanwhile becomes the accepted one', async () => {
    const s = await scenario();
    const { id } = (await call.invite(s.owner, s.offer.id, { pharmacist_id: s.pharmacist.user.id })).json();
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/candidature/',
      headers: s.pharmacist.headers,
      payload: { offer_id: s.offer.id },
    });
    expect(applied.statusCode).toBe(201);
    const accepted = await call.accept(s.pharmacist, id);
    expect(accepted.json().application_id).toBe(applied.json().id);
    expect((await call.sent(s.pharmacist)).json()).toMatchObject([{ id: applied.json().id, status: 'accepted' }]);
  });
});

describe('declining', () => {
  it('with an optional reason the owner reads; then it can no longer be accepted', async () => {
    const s = await scenario();
    const { id } = (await call.invite(s.owner, s.offer.id, { pharmacist_id: s.pharmacist.user.id })).json();
    const tooLong = await call.decline(s.pharmacist, id, { reason: 'x'.repeat(LIMITS.invitationDeclineReasonMaxLength + 1) });
    expect(tooLong.statusCode).toBe(400);
    const declined = await call.decline(s.pharmacist, id, { reason: 'Quel giorno sono in ferie.' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', decline_reason: 'Quel giorno sono in ferie.' });
    expect((await call.ofOffer(s.owner, s.offer.id)).json()).toMatchObject([
      { status: 'declined', decline_reason: 'Quel giorno sono in ferie.' },
    ]);
    expect(await notificationsOf(s.owner.user.id)).toMatchObject([{ type: 'invitation_declined' }]);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, s.owner.user.id));
    expect(mails[0]?.text).toContain('Messaggio del farmacista:\nQuel giorno sono in ferie.');
    expect((await call.accept(s.pharmacist, id)).statusCode).toBe(409);
  });
});
