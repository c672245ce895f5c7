/**
 * Access tokens end with their session (decision 019): logout, logout everywhere, a password reset and an account
 * deletion make the old access token answer 401 at once on the instance that did it, and on every other instance
 * within the session cache's few seconds.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildOtherInstance, login, signedIn, useTestApp } from '../../../test/helpers';
import { SESSION_USER_TTL_MS } from '../../lib/session-user-cache';

const t = useTestApp();
let other: FastifyInstance;
beforeEach(async () => {
  other = await buildOtherInstance(t);
});
afterEach(async () => {
  await other.close();
});

const details = (app: FastifyInstance, access: string) =>
  app.inject({ method: 'GET', url: '/api/user/details/', headers: bearer(access) }).then((r) => r.statusCode);

/** The token's answer on this instance now, and on the other instance now and once its cache window has passed. */
async function answersAfterTheEnd(access: string) {
  const here = await details(t.app, access);
  const otherAtOnce = await details(other, access);
  t.clock.advance(SESSION_USER_TTL_MS);
  return { here, otherAtOnce, otherWithinSeconds: await details(other, access) };
}

describe('access tokens end with their session', () => {
  it('logout ends that session’s access token, on this instance at once and on the others within seconds', async () => {
    const { user, ...phone } = await signedIn(t.app, 'farmacista');
    const laptop = await login(t.app, user.email, user.password);
    // Both instances have seen the token work, so the other one holds it in its cache.
    expect([await details(t.app, phone.access), await details(other, phone.access)]).toEqual([200, 200]);

    const logout = await t.app.inject({ method: 'POST', url: '/api/token/revoke/', payload: { refresh: phone.refresh } });
    expect(logout.statusCode).toBe(204);
    expect((await answersAfterTheEnd(phone.access)).here).toBe(401);
    expect(await details(other, phone.access)).toBe(401);
    // The laptop's session is another one and goes on.
    expect([await details(t.app, laptop.access), await details(other, laptop.access)]).toEqual([200, 200]);
  });

  it('logout everywhere ends every session of the user, other users keep theirs', async () => {
    const { user, ...phone } = await signedIn(t.app, 'titolare');
    const laptop = await login(t.app, user.email, user.password);
    const colleague = await signedIn(t.app, 'titolare');
    for (const access of [phone.access, laptop.access]) expect(await details(other, access)).toBe(200);

    const everywhere = await t.app.inject({ method: 'POST', url: '/api/token/revoke-all/', headers: bearer(laptop.access) });
    expect(everywhere.statusCode).toBe(204);
    expect(await details(t.app, phone.access)).toBe(401);
    t.clock.advance(SESSION_USER_TTL_MS);
    for (const access of [phone.access, laptop.access]) {
      expect(await details(t.app, access)).toBe(401);
      expect(await details(other, access)).toBe(401);
    }
    const refresh = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: phone.refresh } });
    expect(refresh.statusCode).toBe(401);
    expect(await details(other, colleague.access)).toBe(200);
    // And the user can simply log in again.
    expect(await details(other, (await login(t.app, user.email, user.password)).access)).toBe(200);
  });

  it('logout everywhere needs a valid session (401)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/token/revoke-all/' })).statusCode).toBe(401);
    const { refresh } = await signedIn(t.app, 'farmacista');
    // A refresh token is not an access token.
    expect((await t.app.inject({ method: 'POST', url: '/api/token/revoke-all/', headers: bearer(refresh) })).statusCode).toBe(
      401,
    );
  });

  it('a password reset ends every access token of the user', async () => {
    const { user, access } = await signedIn(t.app, 'farmacista');
    expect(await details(other, access)).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password/', payload: { email: user.email } });
    await t.app.outbox.runOnce();
    const token = t.smtp.lastTo(user.email)?.text.match(/reset-password\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { token, password: 'nuova-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await answersAfterTheEnd(access)).toMatchObject({ here: 401, otherWithinSeconds: 401 });
  });

  it('reusing a rotated refresh token ends the access tokens of that session too', async () => {
    const first = await signedIn(t.app, 'farmacista');
    const rotated = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: first.refresh } });
    const pair = rotated.json() as { access: string };
    expect(await details(t.app, pair.access)).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: first.refresh } });
    t.clock.advance(SESSION_USER_TTL_MS);
    expect([await details(t.app, first.access), await details(t.app, pair.access)]).toEqual([401, 401]);
  });

  it('deleting the account ends its access tokens on every instance within seconds', async () => {
    const { access, headers } = await signedIn(t.app, 'titolare');
    expect(await details(other, access)).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers })).statusCode).toBe(204);
    expect(await answersAfterTheEnd(access)).toMatchObject({ here: 401, otherWithinSeconds: 401 });
  });
});
