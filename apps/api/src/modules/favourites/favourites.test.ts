/** 'I miei farmacisti' (docs/rules.md#invitations): an owner keeps the pharmacists who applied to them or worked for them. */
import { daysFromNow, INVITATION_MESSAGES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { bearer, login, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { createApplication, createOffer, setApplicationStatus } from '../../factories';

const t = useTestApp();

type TWho = TSignedIn | undefined;
const call = {
  list: (who: TWho) => t.app.inject({ method: 'GET', url: '/api/favourites/', headers: who?.headers }),
  add: (who: TWho, id: number | string) => t.app.inject({ method: 'PUT', url: `/api/favourites/${id}/`, headers: who?.headers }),
  remove: (who: TWho, id: number) => t.app.inject({ method: 'DELETE', url: `/api/favourites/${id}/`, headers: who?.headers }),
};

/** The same owner logged in again: after the clock moves, the access token has expired. */
async function signedInAgain(who: TSignedIn): Promise<TSignedIn> {
  const tokens = await login(t.app, who.user.email, who.user.password);
  return { ...who, ...tokens, headers: bearer(tokens.access) };
}

describe('favourite pharmacists', () => {
  it('adds someone who worked for the owner, lists them with their last shift, and removes them', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const sara = await signedIn(t.app, 'farmacista', { profile: { name: 'Sara', surname: 'Gallo' } });
    const day = daysFromNow(2, t.clock.now);
    const offer = await createOffer(t.database.db, owner.user.id, { title: 'Sabato', dateFrom: day, dateTo: day });
    const application = await createApplication(t.database.db, offer.id, sara.user.id);
    await setApplicationStatus(t.database.db, { id: application.id, offerId: offer.id }, 'accepted');

    const added = await call.add(owner, sara.user.id);
    expect(added.statusCode).toBe(200);
    // Twice is once.
    expect((await call.add(owner, sara.user.id)).statusCode).toBe(200);
    const list = await call.list(owner);
    expect(list.json()).toEqual([
      {
        pharmacist: {
          id: sara.user.id,
          name: 'Sara',
          surname: 'Gallo',
          titolo: 'Laurea magistrale in Farmacia',
          comune: 'Milano',
          contact_hidden: null,
          albo_verified: true,
          rating: { count: 0, average: null },
          reliability: { completed: 0, late: 0, very_late: 0, no_show: 0, percentage: null },
        },
        added_at: expect.any(String),
        last_application: {
          offer_id: offer.id,
          title: 'Sabato',
          date_from: day,
          date_to: day,
          status: 'accepted',
          submitted_at: expect.any(String),
        },
      },
    ]);
    expect((await call.remove(owner, sara.user.id)).statusCode).toBe(204);
    expect((await call.list(owner)).json()).toEqual([]);
    const gone = await call.remove(owner, sara.user.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('favourite_not_found');
  });

  it('shows their comune only while one of their applications to the owner shows its contact data', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const sara = await signedIn(t.app, 'farmacista', {
      profile: { regione_residenza: 'Abruzzo', provincia_residenza: 'AQ', comune: 'Roccaraso' },
    });
    const day = daysFromNow(2, t.clock.now);
    const first = await createOffer(t.database.db, owner.user.id, { title: 'Sabato', dateFrom: day, dateTo: day });
    const application = await createApplication(t.database.db, first.id, sara.user.id);
    expect((await call.add(owner, sara.user.id)).json().pharmacist).toMatchObject({ comune: 'Roccaraso', contact_hidden: null });

    // Rejected: her residence is no longer the owner's to see, in the list as in the received applications.
    await setApplicationStatus(t.database.db, { id: application.id, offerId: first.id }, 'rejected');
    const hidden = await call.list(owner);
    expect(hidden.json()[0].pharmacist).toMatchObject({ comune: null, contact_hidden: 'application_closed' });
    expect(hidden.body).not.toContain('Roccaraso');

    // A new application that waits for an answer shows it again, until its offer's term has passed.
    const second = await createOffer(t.database.db, owner.user.id, { title: 'Domenica', dateFrom: day, dateTo: day });
    await createApplication(t.database.db, second.id, sara.user.id);
    expect((await call.list(owner)).json()[0].pharmacist).toMatchObject({ comune: 'Roccaraso', contact_hidden: null });
    t.clock.advance((2 + t.config.CONTACT_RETENTION_DAYS + 1) * 24 * 60 * 60 * 1000);
    const later = await call.list(await signedInAgain(owner));
    expect(later.json()[0].pharmacist).toMatchObject({ comune: null, contact_hidden: 'period_ended' });
  });

  it('refuses someone who never applied to the owner (404), other roles (403) and nobody (401)', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const other = await signedIn(t.app, 'titolare');
    const sara = await signedIn(t.app, 'farmacista');
    // She applied to another owner's offer only.
    await createApplication(t.database.db, (await createOffer(t.database.db, other.user.id)).id, sara.user.id);
    for (const id of [sara.user.id, other.user.id, 987654]) {
      const refused = await call.add(owner, id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'favourite_not_allowed', message: INVITATION_MESSAGES.favouriteNotAllowed });
    }
    expect((await call.add(owner, 'lei')).statusCode).toBe(400);
    expect((await call.add(other, sara.user.id)).statusCode).toBe(200);
    // One owner's favourites are theirs alone.
    expect((await call.list(owner)).json()).toEqual([]);
    for (const who of [sara, await signedIn(t.app, 'admin')]) {
      expect((await call.list(who)).statusCode).toBe(403);
      expect((await call.add(who, sara.user.id)).statusCode).toBe(403);
      expect((await call.remove(who, sara.user.id)).statusCode).toBe(403);
    }
    expect((await call.list(undefined)).statusCode).toBe(401);
  });
});
