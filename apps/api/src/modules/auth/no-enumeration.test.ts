/**
 * No answer tells a stranger who has an account (decision 054): forgot-password and registration answer a known and an
 * unknown address alike, field by field, and only the mailbox learns which it was; an address not yet confirmed does
 * not log in, so registering and then logging in tells nothing either.
 */
import { MESSAGES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { login, rowsOf, useTestApp } from '../../../test/helpers';
import { createPharmacist, pharmacistProfile } from '../../factories';

const t = useTestApp();

const registration = (username: string, password = 'password-estranea') => ({
  username,
  password,
  profile: { ...pharmacistProfile(), userRole: 'farmacista', privacyPolicyConsent: true },
});
const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/user/register/', payload });
const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/forgot-password/', payload: { email } });
const tryLogin = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/', payload: { username, password } });

/** What a caller sees of an answer: the status, the headers (but the clock and the per-IP count, which every request moves), the body. */
function seen(response: Awaited<ReturnType<typeof register>>) {
  const { date: _date, 'x-request-id': _id, 'x-ratelimit-remaining': _left, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.json() };
}

async function mailsTo(email: string) {
  await t.app.outbox.runOnce();
  return t.smtp.received.filter((mail) => mail.to.includes(email));
}

async function userCount(): Promise<number> {
  const [row] = rowsOf<{ count: number }>(await t.database.db.execute('select count(*)::int as count from users'));
  return row?.count ?? -1;
}

describe('POST /api/forgot-password/', () => {
  it('answers a known and an unknown address alike; only the account gets the link', async () => {
    const user = await createPharmacist(t.database.db, { email: 'giulia@example.it' });
    const known = await forgot('Giulia@example.it');
    const unknown = await forgot('nessuno@example.it');
    expect(seen(known)).toEqual(seen(unknown));
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: MESSAGES.forgotSent });

    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toHaveLength(0);
    expect(mail?.text).toMatch(/http:\/\/farmaponte\.test\/reset-password\/[A-Za-z0-9_-]{43}/);
    expect(await mailsTo('nessuno@example.it')).toHaveLength(0);
  });

  it('limits an unknown address like a known one', async () => {
    for (let i = 0; i < 5; i++) expect((await forgot('nessuno@example.it')).statusCode).toBe(200);
    const limited = await forgot('nessuno@example.it');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MESSAGES.tooManyRequests);
  });

  it('refuses a malformed address with the Italian message (400)', async () => {
    const malformed = await forgot('non-una-email');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MESSAGES.invalidEmail);
  });
});

describe('POST /api/user/register/ with a taken address', () => {
  it('answers like a new address, changes nothing, and mails the owner how to log in or reset the password', async () => {
    const owner = await createPharmacist(t.database.db, { email: 'giulia@example.it' });
    const before = await userCount();
    const taken = await register(registration('GIULIA@example.it'));
    const fresh = await register(registration('marina@example.it'));
    expect(taken.statusCode).toBe(201);
    expect(seen(taken)).toEqual({ ...seen(fresh), body: { ...seen(fresh).body, username: 'giulia@example.it' } });
    expect(taken.json()).toEqual({ username: 'giulia@example.it', role: 'farmacista', message: MESSAGES.registered });
    expect(Object.keys(taken.json())).toEqual(Object.keys(fresh.json()));
    expect(taken.body).not.toMatch(/access|refresh|"id"/);
    expect(await userCount()).toBe(before + 1);

    // The existing account is untouched: its password logs in, the stranger's does not.
    await login(t.app, owner.email, owner.password);
    expect((await tryLogin(owner.email, 'password-estranea')).statusCode).toBe(401);

    const [warning, ...more] = await mailsTo(owner.email);
    expect(more).toHaveLength(0);
    expect(warning?.text).toContain('ha provato a registrarsi su Farmaponte con questo indirizzo');
    expect(warning?.text).toContain('http://farmaponte.test/login');
    expect(warning?.text).toContain('http://farmaponte.test/forgot-password');
    expect(warning?.text).not.toContain('/conferma-email/');
    // The new address got its confirmation link, and nothing else.
    const [confirmation, ...others] = await mailsTo('marina@example.it');
    expect(others).toHaveLength(0);
    expect(confirmation?.text).toMatch(/http:\/\/farmaponte\.test\/conferma-email\//);
  });

  it('mails a new confirmation link when the account there is not confirmed yet', async () => {
    await register(registration('lenta@example.it', 'password-mia'));
    const first = (await mailsTo('lenta@example.it'))[0]?.text.match(/conferma-email\/([A-Za-z0-9_-]+)/)?.[1];
    expect((await register(registration('lenta@example.it', 'altra-password'))).statusCode).toBe(201);
    const mails = await mailsTo('lenta@example.it');
    expect(mails).toHaveLength(2);
    const second = mails[1]?.text.match(/conferma-email\/([A-Za-z0-9_-]+)/)?.[1];
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/verify-email/', payload: { token: second } })).statusCode).toBe(
      200,
    );
    // The first registration's password, not the second's.
    await login(t.app, 'lenta@example.it', 'password-mia');
    expect((await tryLogin('lenta@example.it', 'altra-password')).statusCode).toBe(401);
  });

  it('still refuses bad input of a taken address with the Italian message (400)', async () => {
    await createPharmacist(t.database.db, { email: 'giulia@example.it' });
    const response = await register({ ...registration('giulia@example.it'), password: 'corta' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.passwordTooShort);
    expect(await mailsTo('giulia@example.it')).toHaveLength(0);
  });
});

describe('logging in before the address is confirmed', () => {
  it('is refused like a wrong password, and works once the link is opened', async () => {
    await register(registration('nuova@example.it', 'password-mia'));
    const early = await tryLogin('nuova@example.it', 'password-mia');
    const wrong = await tryLogin('nuova@example.it', 'password-sbagliata');
    const nobody = await tryLogin('nessuno@example.it', 'password-mia');
    expect(early.statusCode).toBe(401);
    expect(seen(early)).toEqual(seen(wrong));
    expect(seen(early)).toEqual(seen(nobody));
    expect(early.json()).toMatchObject({ code: 'invalid_credentials', message: MESSAGES.loginFailed });

    const token = (await mailsTo('nuova@example.it'))[0]?.text.match(/conferma-email\/([A-Za-z0-9_-]+)/)?.[1];
    expect((await t.app.inject({ method: 'POST', url: '/api/user/verify-email/', payload: { token } })).statusCode).toBe(200);
    await login(t.app, 'nuova@example.it', 'password-mia');
  });

  it('a password reset from the mail confirms the address too', async () => {
    await register(registration('nuova@example.it', 'password-mia'));
    await forgot('nuova@example.it');
    const mails = await mailsTo('nuova@example.it');
    const token = mails.at(-1)?.text.match(/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { token, password: 'password-nuova' },
    });
    expect(reset.statusCode).toBe(200);
    await login(t.app, 'nuova@example.it', 'password-nuova');
  });
});

describe('races', () => {
  it('two registrations of one new address at once: both 201 alike, one account, no 500', async () => {
    const before = await userCount();
    const answers = await Promise.all([
      register(registration('doppia@example.it', 'password-prima')),
      register(registration('doppia@example.it', 'password-seconda')),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect(await userCount()).toBe(before + 1);
    // The account that won got a link, then a newer one from the registration that found it (an unconfirmed account).
    expect(await mailsTo('doppia@example.it')).toHaveLength(2);
  });

  it('a reset request racing the account deletion answers 200 or 401, never 500', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await createPharmacist(t.database.db);
      const { access } = await login(t.app, user.email, user.password);
      const answers = await Promise.all([
        forgot(user.email),
        t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: { authorization: `Bearer ${access}` } }),
        forgot(user.email),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 204, 200]);
    }
  });
});
