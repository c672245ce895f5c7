import { MESSAGES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { bearer, buildTestApp, confirmFromMail, login, signedIn, useTestApp } from '../../../test/helpers';
import { createPharmacist, DEFAULT_PASSWORD, pharmacistProfile } from '../../factories';
import { createJwt } from '../../lib/jwt';

const t = useTestApp();

const registration = (overrides: Record<string, unknown> = {}, profile: Record<string, unknown> = {}) => ({
  username: 'nuova.farmacista@example.it',
  password: 'password-sicura',
  profile: { ...pharmacistProfile(), userRole: 'farmacista', privacyPolicyConsent: true, ...profile },
  ...overrides,
});

describe('POST /api/user/register/', () => {
  it('registers a pharmacist who, once the address is confirmed, logs in and reads their profile', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/register/', payload: registration() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      username: 'nuova.farmacista@example.it',
      role: 'farmacista',
      message: MESSAGES.registered,
    });
    await confirmFromMail(t, 'nuova.farmacista@example.it');

    const { access } = await login(t.app, 'Nuova.Farmacista@example.it', 'password-sicura');
    const details = await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: bearer(access) });
    expect(details.json()).toMatchObject({
      username: 'nuova.farmacista@example.it',
      role: 'farmacista',
      profile: { name: 'Giulia', numero_iscrizione_albo: '12345', comune: 'Milano', pdf_file: null },
    });
    expect(details.body).not.toContain('password');
  });

  it('registers an owner, keeping only the owner fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      payload: registration(
        { username: 'titolare@example.it' },
        {
          userRole: 'titolare',
          denominazione_farmacia: 'Farmacia Centrale',
          indirizzo_farmacia: 'Via Roma 1',
          partita_iva: '12345678903',
          comune_farmacia: 'bergamo',
        },
      ),
    });
    expect(response.statusCode).toBe(201);
    await confirmFromMail(t, 'titolare@example.it');
    const { access } = await login(t.app, 'titolare@example.it', 'password-sicura');
    const { profile } = (await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: bearer(access) })).json();
    expect(profile).toMatchObject({
      userRole: 'titolare',
      denominazione_farmacia: 'Farmacia Centrale',
      comune_farmacia: 'Bergamo',
    });
    expect(profile.numero_iscrizione_albo).toBe('');
  });

  it.each([
    ['a missing name', registration({}, { name: '' }), MESSAGES.requiredFields],
    ['a missing e-mail', registration({ username: '' }), MESSAGES.requiredFields],
    ['a missing role', registration({}, { userRole: '' }), MESSAGES.requiredFields],
    ['an empty body', {}, MESSAGES.requiredFields],
    ['a malformed e-mail', registration({ username: 'non-una-email' }), MESSAGES.invalidEmail],
    ['a short password', registration({ password: 'corta' }), MESSAGES.passwordTooShort],
    ['terms not accepted', registration({}, { privacyPolicyConsent: false }), MESSAGES.acceptTerms],
    ['the admin role', registration({}, { userRole: 'admin' }), MESSAGES.invalidRole],
    ['a phone with letters', registration({}, { telephone: '333-abc' }), MESSAGES.invalidPhone],
    ['a minor', registration({}, { dob: '2015-01-01' }), MESSAGES.invalidDob],
    ['an impossible date of birth', registration({}, { dob: '1990-02-30' }), MESSAGES.invalidDob],
    ['an unknown region', registration({}, { regione_residenza: 'Atlantide' }), MESSAGES.invalidRegion],
    ['a province of another region', registration({}, { provincia_residenza: 'RM' }), MESSAGES.invalidProvince],
    ['an unknown comune', registration({}, { comune: 'Gotham' }), MESSAGES.invalidComune],
  ])('refuses %s with the Italian message and creates nothing', async (_, payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/register/', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const attempt = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'nuova.farmacista@example.it', password: 'password-sicura' },
    });
    expect(attempt.statusCode).toBe(401);
  });

  it('names every missing field, so the form can mark each one', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      payload: registration({ password: '' }, { name: '', telephone: '' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: MESSAGES.requiredFields,
      fields: {
        password: MESSAGES.requiredFields,
        'profile.name': MESSAGES.requiredFields,
        'profile.telephone': MESSAGES.requiredFields,
      },
    });
    expect(Object.keys(response.json().fields)).toEqual(['password', 'profile.name', 'profile.telephone']);
  });

  it('answers 413 with an Italian message to a body over 64 KB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      payload: registration({}, { via: 'x'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(MESSAGES.bodyTooLarge);
  });

  it('answers 400, not 500, to malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.invalidInput);
  });
});

describe('POST /api/token/', () => {
  it('returns an access and a refresh token for the right password', async () => {
    const user = await createPharmacist(t.database.db);
    const tokens = await login(t.app, user.email, user.password);
    expect(tokens.access.split('.')).toHaveLength(3);
    expect(tokens.refresh).not.toBe(tokens.access);
  });

  it('answers 401 with message and detail for a wrong password or an unknown e-mail', async () => {
    const user = await createPharmacist(t.database.db);
    for (const payload of [
      { username: user.email, password: 'sbagliata' },
      { username: 'nessuno@example.it', password: DEFAULT_PASSWORD },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/token/', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: MESSAGES.loginFailed, detail: MESSAGES.loginFailed });
    }
  });

  it('locks an account after 5 failed logins (429), even for the right password, until the window passes', async () => {
    const user = await createPharmacist(t.database.db);
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { username: user.email, password: 'sbagliata' },
      });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: user.email, password: user.password },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MESSAGES.tooManyRequests);

    // Another account from the same address is not affected: a pharmacy's staff share one IP.
    const colleague = await createPharmacist(t.database.db);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/token/',
          payload: { username: colleague.email, password: colleague.password },
        })
      ).statusCode,
    ).toBe(200);

    t.clock.advance(16 * 60 * 1000);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/token/', payload: { username: user.email, password: user.password } }))
        .statusCode,
    ).toBe(200);
  });

  it('limits one IP once it passes the generous per-address budget', async () => {
    await t.app.close();
    Object.assign(t, await buildTestApp({ AUTH_MAX_PER_IP: '3' }));
    const user = await createPharmacist(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { username: user.email, password: user.password },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('POST /api/token/refresh/', () => {
  it('rotates: the new pair works, the old refresh token is refused, and its reuse revokes the whole chain', async () => {
    const { user, ...first } = await signedIn(t.app, 'farmacista');
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });

    const second = await refresh(first.refresh);
    expect(second.statusCode).toBe(200);
    const pair = second.json() as { access: string; refresh: string };
    expect((await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: bearer(pair.access) })).statusCode).toBe(200);

    // Someone replays the first token: refused, and the chain it belongs to dies with it.
    const replay = await refresh(first.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(MESSAGES.sessionExpired);
    expect((await refresh(pair.refresh)).statusCode).toBe(401);

    // A separate login (another device) is a separate chain and keeps working.
    const other = await login(t.app, user.email, user.password);
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it('refuses an expired refresh token, an access token and garbage', async () => {
    const tokens = await signedIn(t.app, 'farmacista');
    for (const token of [tokens.access, 'garbage', '']) {
      const r = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
      expect(r.statusCode, token).toBe(token ? 401 : 400);
    }
    t.clock.advance(8 * 24 * 3600 * 1000);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: tokens.refresh } })).statusCode,
    ).toBe(401);
  });

  it('logout revokes the chain of that session', async () => {
    const tokens = await signedIn(t.app, 'farmacista');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/token/revoke/', payload: { refresh: tokens.refresh } })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: tokens.refresh } })).statusCode,
    ).toBe(401);
  });
});

describe('access tokens', () => {
  it('expire after 15 minutes (401)', async () => {
    const { access } = await signedIn(t.app, 'farmacista');
    t.clock.advance(16 * 60 * 1000);
    const response = await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: bearer(access) });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.notAuthenticated);
  });

  it('expire after 15 minutes even when they were accepted a moment before, and a copy with its payload changed is refused', async () => {
    const { access } = await signedIn(t.app, 'farmacista');
    const call = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/details/', headers: bearer(token) });
    expect((await call(access)).statusCode).toBe(200);
    const [header, payload, signature] = access.split('.');
    const escalated = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), role: 'admin' }),
    ).toString('base64url');
    expect((await call(`${header}.${escalated}.${signature}`)).statusCode).toBe(401);
    t.clock.advance(14 * 60 * 1000);
    expect((await call(access)).statusCode).toBe(200);
    t.clock.advance(2 * 60 * 1000);
    expect((await call(access)).statusCode).toBe(401);
  });

  it('are refused when signed with another key', async () => {
    const { user } = await signedIn(t.app, 'farmacista');
    const forged = await createJwt('another-secret-that-is-long-enough-for-hs256', () => t.clock.now).signAccess({
      userId: user.id,
      role: 'farmacista',
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: bearer(forged) });
    expect(response.statusCode).toBe(401);
  });

  it('are refused when the payload is changed (role raised to admin) under the original signature', async () => {
    const { access } = await signedIn(t.app, 'farmacista');
    const [header, payload, signature] = access.split('.');
    const escalated = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), role: 'admin' }),
    ).toString('base64url');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/details/',
      headers: bearer(`${header}.${escalated}.${signature}`),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    return t.app.inject({ method: 'POST', url: '/api/forgot-password/', payload: { email } });
  }
  async function resetWith(token: string, password: string) {
    return t.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { token, password } });
  }
  async function linkIn(email: string): Promise<string> {
    await t.app.outbox.runOnce();
    const mail = t.smtp.lastTo(email);
    const match = mail?.text.match(/http:\/\/farmaponte\.test\/reset-password\/([A-Za-z0-9_-]+)/);
    if (!match?.[1]) throw new Error(`no reset link mailed to ${email}`);
    return match[1];
  }

  it('mails a link; the token sets a new password once, logs every session out, and cannot be used again', async () => {
    const { user, ...session } = await signedIn(t.app, 'titolare');
    const response = await requestReset(user.email);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.forgotSent);
    const token = await linkIn(user.email);

    const reset = await resetWith(token, 'nuova-password');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(MESSAGES.resetDone);
    await login(t.app, user.email, 'nuova-password');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/token/', payload: { username: user.email, password: user.password } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: session.refresh } })).statusCode,
    ).toBe(401);

    const again = await resetWith(token, 'terza-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.resetInvalidToken);
  });

  it('refuses a link older than one hour', async () => {
    const user = await createPharmacist(t.database.db);
    await requestReset(user.email);
    const token = await linkIn(user.email);
    t.clock.advance(61 * 60 * 1000);
    const reset = await resetWith(token, 'nuova-password');
    expect(reset.statusCode).toBe(400);
    await login(t.app, user.email, user.password);
  });

  it('refuses a short new password and an unknown token, changing nothing', async () => {
    const user = await createPharmacist(t.database.db);
    await requestReset(user.email);
    const token = await linkIn(user.email);
    const short = await resetWith(token, 'corta');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(MESSAGES.passwordTooShort);
    const unknown = await resetWith('x'.repeat(43), 'nuova-password');
    expect(unknown.json().message).toBe(MESSAGES.resetInvalidToken);
    await login(t.app, user.email, user.password);
  });

  it('two uses of one link at once: one sets its password (200), the other is refused (400), never 500', async () => {
    const user = await createPharmacist(t.database.db);
    await requestReset(user.email);
    const token = await linkIn(user.email);
    const answers = await Promise.all([resetWith(token, 'password-prima'), resetWith(token, 'password-seconda')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)?.json().message).toBe(MESSAGES.resetInvalidToken);
    // The password is the one of the use that won, and only that one.
    const logins = await Promise.all(
      ['password-prima', 'password-seconda'].map(
        async (password) =>
          (await t.app.inject({ method: 'POST', url: '/api/token/', payload: { username: user.email, password } })).statusCode,
      ),
    );
    expect(logins).toEqual(answers.map((a) => (a.statusCode === 200 ? 200 : 401)));
  });

  it('answers 400 for a malformed e-mail, and 429 after 5 requests for one account', async () => {
    const malformed = await requestReset('non-email');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MESSAGES.invalidEmail);

    const user = await createPharmacist(t.database.db);
    for (let i = 0; i < 5; i++) expect((await requestReset(user.email)).statusCode).toBe(200);
    const limited = await requestReset(user.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MESSAGES.tooManyRequests);
    await t.app.outbox.runOnce();
    expect(t.smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(5);
  });
});
