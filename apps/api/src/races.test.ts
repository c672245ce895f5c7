/**
 * Races between requests (docs/rules.md#errors): applying while the owner deletes the offer, writing while the same user
 * deletes the account, a deleted user's token on another instance. They answer 401 or 404, never 500.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildOtherInstance, signedIn, useTestApp } from '../test/helpers';
import { createApplication, createOffer, giveCv, makeCvPdf, pharmacistProfile } from './factories';
import { SESSION_USER_TTL_MS } from './lib/session-user-cache';

const t = useTestApp();
const others: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((app) => app.close()));
});

const offerPayload = {
  title: 'Turno di sabato',
  description: 'Banco e dispensazione.',
  salary: '',
  date_from: null,
  date_to: null,
};

describe('races answer 401 or 404, never 500', () => {
  it('applying while the owner deletes the offer: the application is made (201) or the offer is gone (404)', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const pharmacists = await Promise.all(Array.from({ length: 4 }, () => signedIn(t.app, 'farmacista')));
    await Promise.all(pharmacists.map((p) => giveCv(t.app.db, p.user.id)));
    const statuses: number[] = [];
    for (let round = 0; round < 15; round++) {
      const { id } = await createOffer(t.app.db, owner.user.id);
      const answers = await Promise.all([
        ...pharmacists.map((p) =>
          t.app.inject({ method: 'POST', url: '/api/candidature/', headers: p.headers, payload: { offer_id: id } }),
        ),
        t.app.inject({ method: 'DELETE', url: `/api/offers/${id}/delete/`, headers: owner.headers }),
      ]);
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses.filter((s) => ![201, 204, 404].includes(s))).toEqual([]);
  });

  it('writes while the same user deletes the account: each write is done or answers 401, never 500', async () => {
    const pdf_file = (await makeCvPdf()).toString('base64');
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const pharmacist = await signedIn(t.app, 'farmacista');
      const owner = await signedIn(t.app, 'titolare');
      const write = (headers: Record<string, string>, method: 'PUT' | 'POST', url: string, payload: object) =>
        t.app.inject({ method, url, headers, payload });
      const answers = await Promise.all([
        write(pharmacist.headers, 'PUT', '/api/user/details/', { pdf_file }),
        write(pharmacist.headers, 'PUT', '/api/user/details/', { profile: pharmacistProfile() }),
        write(pharmacist.headers, 'PUT', '/api/profile-descrizione/', { descrizione: 'Disponibile nei weekend' }),
        t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: pharmacist.headers }),
        ...Array.from({ length: 3 }, () => write(owner.headers, 'POST', '/api/offers/create/', offerPayload)),
        write(owner.headers, 'PUT', '/api/profile-descrizione/', { descrizione: 'Farmacia in centro' }),
        t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: owner.headers }),
      ]);
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses.filter((s) => ![200, 201, 204, 401, 404].includes(s))).toEqual([]);
  });

  it('logins, refreshes and reset requests while the account is deleted: done, 401 or 404, never 500', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 8; round++) {
      const { user, refresh, headers } = await signedIn(t.app, round % 2 ? 'titolare' : 'farmacista');
      const answers = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/token/', payload: { username: user.email, password: user.password } }),
        t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } }),
        t.app.inject({ method: 'POST', url: '/api/forgot-password/', payload: { email: user.email } }),
        t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers }),
        t.app.inject({ method: 'POST', url: '/api/token/', payload: { username: user.email, password: user.password } }),
      ]);
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses.filter((s) => ![200, 204, 401, 404].includes(s))).toEqual([]);
  });

  it("a deleted user's token on another instance: its writes answer 401 at once, and every request within seconds", async () => {
    const other = await buildOtherInstance(t);
    others.push(other);
    const pharmacist = await signedIn(t.app, 'farmacista');
    const owner = await signedIn(t.app, 'titolare');
    // The other instance has seen both users a moment ago, so its session cache still says they exist.
    for (const user of [pharmacist, owner])
      expect((await other.inject({ method: 'GET', url: '/api/user/details/', headers: user.headers })).statusCode).toBe(200);
    for (const user of [pharmacist, owner])
      expect((await t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: user.headers })).statusCode).toBe(204);

    const pdf_file = (await makeCvPdf()).toString('base64');
    const attempts = () => [
      other.inject({ method: 'PUT', url: '/api/user/details/', headers: pharmacist.headers, payload: { pdf_file } }),
      other.inject({
        method: 'PUT',
        url: '/api/user/details/',
        headers: pharmacist.headers,
        payload: { profile: pharmacistProfile() },
      }),
      other.inject({
        method: 'PUT',
        url: '/api/profile-descrizione/',
        headers: pharmacist.headers,
        payload: { descrizione: 'x' },
      }),
      other.inject({ method: 'POST', url: '/api/offers/create/', headers: owner.headers, payload: offerPayload }),
      other.inject({ method: 'GET', url: '/api/user/details/', headers: pharmacist.headers }),
      other.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers }),
    ];
    const within = (await Promise.all(attempts())).map((a) => a.statusCode);
    expect(within.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(within.filter((s) => s >= 500)).toEqual([]);

    t.clock.advance(SESSION_USER_TTL_MS);
    expect((await Promise.all(attempts())).map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
  });

  // Account deletion cascades into offers and applications: it takes the user's row, then the offers in id order, as
  // every other write does (docs/architecture.md, lock order), so it waits for them or they for it.
  it('an owner deletes the account while applicants withdraw and the owner decides: done, 401 or 404, never 500', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => signedIn(t.app, 'farmacista')));
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const owner = await signedIn(t.app, 'titolare');
      const offerIds = [(await createOffer(t.app.db, owner.user.id, { positions: 2 })).id];
      offerIds.push((await createOffer(t.app.db, owner.user.id, { positions: 2 })).id);
      const applicationIds: number[] = [];
      for (const offerId of offerIds)
        for (const p of people) applicationIds.push((await createApplication(t.app.db, offerId, p.user.id)).id);
      const answers = await Promise.all([
        ...applicationIds.map((id, i) =>
          i % 3 === 0
            ? t.app.inject({ method: 'POST', url: `/api/candidature/${id}/withdraw/`, headers: people[i % 6]?.headers })
            : t.app.inject({
                method: 'POST',
                url: `/api/titolare/candidatures/${id}/decision/`,
                headers: owner.headers,
                payload: { decision: 'accepted' },
              }),
        ),
        t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: owner.headers }),
      ]);
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses.filter((s) => ![200, 204, 401, 404, 409].includes(s))).toEqual([]);
  });

  it('a pharmacist deletes the account while owners decide on their applications: done, 401 or 404, never 500', async () => {
    const owners = await Promise.all(Array.from({ length: 3 }, () => signedIn(t.app, 'titolare')));
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const people = await Promise.all(Array.from({ length: 3 }, () => signedIn(t.app, 'farmacista')));
      const decisions = [];
      for (const owner of owners) {
        const { id: offerId } = await createOffer(t.app.db, owner.user.id, { positions: 1 });
        for (const p of people) decisions.push({ owner, id: (await createApplication(t.app.db, offerId, p.user.id)).id });
      }
      const answers = await Promise.all([
        ...decisions.map(({ owner, id }) =>
          t.app.inject({
            method: 'POST',
            url: `/api/titolare/candidatures/${id}/decision/`,
            headers: owner.headers,
            payload: { decision: 'accepted' },
          }),
        ),
        ...people.map((p) => t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: p.headers })),
      ]);
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses.filter((s) => ![200, 204, 401, 404, 409].includes(s))).toEqual([]);
  });

  it('the admin moves a pharmacy while its owner deletes the account: done or 404, never 500', async () => {
    const admin = await signedIn(t.app, 'admin');
    const statuses: number[] = [];
    for (let round = 0; round < 8; round++) {
      const owner = await signedIn(t.app, 'titolare');
      for (let i = 0; i < 3; i++) await createOffer(t.app.db, owner.user.id);
      const answers = await Promise.all([
        ...[45.1, 45.2, 45.3].map((lat) =>
          t.app.inject({
            method: 'POST',
            url: '/api/users/update_location/',
            headers: admin.headers,
            payload: { userId: owner.user.id, lat, lng: 9.1 },
          }),
        ),
        t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: owner.headers }),
      ]);
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses.filter((s) => ![200, 204, 404].includes(s))).toEqual([]);
  });

  it('password resets while the account is deleted: done, refused (400) or gone (401, 404), never 500', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 8; round++) {
      const { user, refresh, headers } = await signedIn(t.app, round % 2 ? 'titolare' : 'farmacista');
      await t.app.inject({ method: 'POST', url: '/api/forgot-password/', payload: { email: user.email } });
      await t.app.outbox.runOnce();
      const token = t.smtp.lastTo(user.email)?.text.match(/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
      expect(token).toBeDefined();
      const reset = () =>
        t.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { token, password: 'Nuova-password-2026' } });
      const answers = await Promise.all([
        reset(),
        t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } }),
        t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers }),
        reset(),
      ]);
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses.filter((s) => ![200, 204, 400, 401, 404].includes(s))).toEqual([]);
  });
});
