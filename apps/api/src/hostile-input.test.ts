/** Control characters in any field and ids no row can have: a clear 400 or 404, never a 500, and nothing written. */
import { MESSAGES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../test/helpers';

const t = useTestApp();
const NUL = '\u0000';
const BEYOND_INTEGER = 3_000_000_000;

describe('control characters', () => {
  it.each([
    ['POST', '/api/token/', { username: `a${NUL}@example.it`, password: 'password-sicura' }, 'username'],
    ['POST', '/api/forgot-password/', { email: `a${NUL}@example.it` }, 'email'],
    ['POST', '/api/reset-password/', { token: `x${NUL}`, password: 'password-sicura' }, 'token'],
    ['POST', '/api/user/verify-email/', { token: `x${NUL}` }, 'token'],
    [
      'POST',
      '/api/user/register/',
      { username: 'nul@example.it', password: 'password-sicura', profile: { name: `Ma${NUL}rio`, privacyPolicyConsent: true } },
      'profile.name',
    ],
  ] as const)('%s %s answers 400 naming the field, without a session', async (method, url, payload, field) => {
    const response = await t.app.inject({ method, url, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_characters', fields: { [field]: MESSAGES.invalidCharacters } });
  });

  it('refuses them in an offer, a profile and a description, and writes nothing', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const offer = { title: `Turno${NUL}`, description: 'Apertura festiva', date_from: null, date_to: null, salary: '20' };
    const created = await t.app.inject({ method: 'POST', url: '/api/offers/create/', headers: owner.headers, payload: offer });
    expect(created.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers })).json()).toEqual([]);

    const before = (await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: owner.headers })).json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/details/',
      headers: owner.headers,
      payload: { profile: { ...before.profile, via: `Via Roma\u001b[2J 1` } },
    });
    expect(saved.statusCode).toBe(400);
    const described = await t.app.inject({
      method: 'PUT',
      url: '/api/profile-descrizione/',
      headers: owner.headers,
      payload: { descrizione: `Ciao${NUL}` },
    });
    expect(described.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: owner.headers })).json()).toEqual(before);
  });

  it('refuses half of a UTF-16 pair standing alone, which is not text, and keeps whole pairs (emoji)', async () => {
    const admin = await signedIn(t.app, 'admin');
    const owner = await signedIn(t.app, 'titolare');
    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${owner.user.id}/suspend/`,
      headers: admin.headers,
      payload: { reason: 'Offerte false \ud800' },
    });
    expect(suspend.statusCode).toBe(400);
    expect(suspend.json()).toMatchObject({ code: 'invalid_characters' });
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers })).statusCode).toBe(200);
    const described = await t.app.inject({
      method: 'PUT',
      url: '/api/profile-descrizione/',
      headers: owner.headers,
      payload: { descrizione: 'Farmacia aperta 💊' },
    });
    expect(described.statusCode).toBe(200);
  });

  it('keeps line breaks and tabs, which people do type', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/profile-descrizione/',
      headers: owner.headers,
      payload: { descrizione: 'Riga uno\nRiga due\tcon tab' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('ids beyond the integer range', () => {
  it('are not found (404) for offers, applications and the admin', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const pharmacist = await signedIn(t.app, 'farmacista');
    const admin = await signedIn(t.app, 'admin');
    const offer = { title: 'Turno', description: 'Apertura festiva', date_from: null, date_to: null, salary: '20' };
    const calls = [
      { method: 'PUT', url: `/api/offers/${BEYOND_INTEGER}/update/`, headers: owner.headers, payload: offer },
      { method: 'DELETE', url: `/api/offers/${BEYOND_INTEGER}/delete/`, headers: owner.headers },
      { method: 'POST', url: '/api/candidature/', headers: pharmacist.headers, payload: { offer_id: BEYOND_INTEGER } },
      { method: 'GET', url: `/api/users/${BEYOND_INTEGER}/details/`, headers: admin.headers },
      { method: 'POST', url: '/api/users/get_location/', headers: admin.headers, payload: { userId: BEYOND_INTEGER } },
    ] as const;
    for (const call of calls) {
      const response = await t.app.inject(call);
      expect([call.url, response.statusCode]).toEqual([call.url, 404]);
      expect(response.json().code).toBe('not_found');
    }
  });
});

describe('paths the router cannot read', () => {
  it('answer in Italian without echoing the path: a malformed escape is 400, an endless id is 404', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const malformed = await t.app.inject({ method: 'DELETE', url: '/api/offers/%ff/delete/', headers: owner.headers });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: MESSAGES.invalidInput, code: 'bad_request' });
    const endless = await t.app.inject({
      method: 'DELETE',
      url: `/api/offers/${'9'.repeat(400)}/delete/`,
      headers: owner.headers,
    });
    expect(endless.statusCode).toBe(404);
    expect(endless.json()).toEqual({ message: MESSAGES.notFound, code: 'not_found' });
  });

  it('a file path with a NUL byte is refused as forbidden, in Italian', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/static/%00' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MESSAGES.forbidden, code: 'forbidden' });
  });
});
