/**
 * Two-step login (decision 063): a user turns it on with a code from the secret the setup showed (computed here with
 * the same library an authenticator app follows), then every login needs the password and a code; ten recovery codes
 * stand in for the app, once each. Codes outside one step of now, or of a step already used, are refused.
 */
import { MESSAGES } from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { bearer, buildTestApp, rowsOf, signedIn, type TSignedIn, type TTestApp, useTestApp } from '../../../test/helpers';
import { createAdmin } from '../../factories';

const t = useTestApp();
const STEP_MS = 30_000;

/** The code an authenticator app shows for this secret at this time. */
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at.getTime() });
const shifted = (at: Date, ms: number) => new Date(at.getTime() + ms);

function post(app: TTestApp['app'], url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) {
  return app.inject({ method: 'POST', url, payload, headers, remoteAddress });
}

/** Turns the second step on for this user: answers the secret and the recovery codes. */
async function turnOn(app: TTestApp['app'], who: TSignedIn, now: () => Date) {
  const setup = await post(app, '/api/user/2fa/setup/', { password: who.user.password }, who.headers);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await post(
    app,
    '/api/user/2fa/enable/',
    { code: codeAt(secret, now()), password: who.user.password },
    who.headers,
  );
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** The password step: with the second step on, a 202 with the challenge (not an error: the password was right). */
async function challengeFor(app: TTestApp['app'], who: TSignedIn, remoteAddress?: string) {
  const answer = await post(app, '/api/token/', { username: who.user.email, password: who.user.password }, {}, remoteAddress);
  expect(answer.statusCode).toBe(202);
  expect(Object.keys(answer.json()).sort()).toEqual(['challenge', 'code', 'message']);
  const body = answer.json() as { code: string; challenge: string; message: string };
  expect(body.code).toBe('second_step_required');
  expect(body.message).toBe(MESSAGES.secondStepRequired);
  return body.challenge;
}

const secondStep = (app: TTestApp['app'], challenge: string, code: string, remoteAddress?: string) =>
  post(app, '/api/token/2fa/', { challenge, code }, {}, remoteAddress);

async function countRows(table: string, userId: number): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await t.app.db.execute(sql.raw(`select count(*)::int as n from ${table} where user_id = ${Number(userId)}`)),
  );
  return Number(rows[0]?.n ?? 0);
}

describe('turning the second step on', () => {
  it('setup, a code from the app, ten recovery codes; then the password alone gives no tokens, the code does', async () => {
    const who = await signedIn(t.app, 'farmacista');
    const before = await t.app.inject({ method: 'GET', url: '/api/user/2fa/', headers: who.headers });
    expect(before.json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const setup = await post(t.app, '/api/user/2fa/setup/', { password: who.user.password }, who.headers);
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json() as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/Farmaponte:/);
    expect(uri).toContain(`secret=${secret}`);
    // The secret is kept sealed, never as the app reads it.
    const stored = rowsOf<{ secret: string }>(
      await t.app.db.execute(sql`select secret from two_factor where user_id = ${who.user.id}`),
    );
    expect(stored[0]?.secret).not.toContain(secret);

    const enabled = await post(
      t.app,
      '/api/user/2fa/enable/',
      { code: codeAt(secret, t.clock.now), password: who.user.password },
      who.headers,
    );
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes, message } = enabled.json() as { recoveryCodes: string[]; message: string };
    expect(message).toBe(MESSAGES.secondStepEnabled);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code.replace(/-/g, '').length).toBeGreaterThanOrEqual(10);
    const hashes = rowsOf<{ code_hash: string }>(
      await t.app.db.execute(sql`select code_hash from two_factor_recovery_codes where user_id = ${who.user.id}`),
    );
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]);
    const after = await t.app.inject({ method: 'GET', url: '/api/user/2fa/', headers: who.headers });
    expect(after.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    t.clock.advance(STEP_MS);
    const challenge = await challengeFor(t.app, who);
    const tokens = await secondStep(t.app, challenge, codeAt(secret, t.clock.now));
    expect(tokens.statusCode).toBe(200);
    const pair = tokens.json() as { access: string; refresh: string };
    const me = await t.app.inject({ method: 'GET', url: '/api/user/2fa/', headers: bearer(pair.access) });
    expect(me.statusCode).toBe(200);
    // The session refreshes as any other.
    const refreshed = await post(t.app, '/api/token/refresh/', { refresh: pair.refresh });
    expect(refreshed.statusCode).toBe(200);
    const again = await post(t.app, '/api/token/refresh/', { refresh: (refreshed.json() as { refresh: string }).refresh });
    expect(again.statusCode).toBe(200);
  });

  it('enable without a setup is refused, and so is a wrong code; setup or enable when on answers 409', async () => {
    const who = await signedIn(t.app, 'titolare');
    const early = await post(t.app, '/api/user/2fa/enable/', { code: '123456', password: who.user.password }, who.headers);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'second_step_not_set_up', message: MESSAGES.secondStepNotSetUp });

    const { secret } = (await post(t.app, '/api/user/2fa/setup/', { password: who.user.password }, who.headers)).json() as {
      secret: string;
    };
    const wrong = codeAt(secret, shifted(t.clock.now, 5 * STEP_MS));
    const refused = await post(t.app, '/api/user/2fa/enable/', { code: wrong, password: who.user.password }, who.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_second_step_code', fields: { code: MESSAGES.secondStepCodeWrong } });
    const blank = await post(t.app, '/api/user/2fa/enable/', { code: '  ', password: who.user.password }, who.headers);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(MESSAGES.secondStepCodeRequired);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/2fa/', headers: who.headers })).json().enabled).toBe(false);
    // Still off: logging in needs the password only.
    expect((await post(t.app, '/api/token/', { username: who.user.email, password: who.user.password })).statusCode).toBe(200);

    expect(
      (
        await post(
          t.app,
          '/api/user/2fa/enable/',
          { code: codeAt(secret, t.clock.now), password: who.user.password },
          who.headers,
        )
      ).statusCode,
    ).toBe(200);
    t.clock.advance(STEP_MS);
    const twice = await post(
      t.app,
      '/api/user/2fa/enable/',
      { code: codeAt(secret, t.clock.now), password: who.user.password },
      who.headers,
    );
    expect(twice.statusCode).toBe(409);
    const resetup = await post(t.app, '/api/user/2fa/setup/', { password: who.user.password }, who.headers);
    expect(resetup.statusCode).toBe(409);
    expect(resetup.json().code).toBe('second_step_already_on');
  });

  it('anonymous callers get 401 on every route of the second step', async () => {
    for (const url of ['/api/user/2fa/setup/', '/api/user/2fa/enable/', '/api/user/2fa/disable/'])
      expect((await post(t.app, url, { code: '123456', password: 'x' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/2fa/' })).statusCode).toBe(401);
    const unknown = await secondStep(t.app, 'not-a-challenge', '123456');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'invalid_challenge', message: MESSAGES.secondStepChallengeExpired });
  });

  it('two enables at once: one turns it on, the other answers 409, and there is exactly one set of recovery codes', async () => {
    for (const other of [0, -STEP_MS, STEP_MS]) {
      const who = await signedIn(t.app, 'farmacista');
      const { secret } = (await post(t.app, '/api/user/2fa/setup/', { password: who.user.password }, who.headers)).json() as {
        secret: string;
      };
      const answers = await Promise.all([
        post(t.app, '/api/user/2fa/enable/', { code: codeAt(secret, t.clock.now), password: who.user.password }, who.headers),
        post(
          t.app,
          '/api/user/2fa/enable/',
          { code: codeAt(secret, shifted(t.clock.now, other)), password: who.user.password },
          who.headers,
        ),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.statusCode === 200);
      const codes = (winner?.json() as { recoveryCodes: string[] } | undefined)?.recoveryCodes ?? [];
      expect(codes).toHaveLength(10);
      expect(await countRows('two_factor_recovery_codes', who.user.id)).toBe(10);
      // The codes stored are the ones answered: one of them logs in.
      t.clock.advance(STEP_MS);
      const challenge = await challengeFor(t.app, who);
      expect((await secondStep(t.app, challenge, codes[3] ?? '')).statusCode).toBe(200);
    }
  });
});

describe('logging in with the second step', () => {
  async function onWithFreshSteps(role: 'farmacista' | 'titolare' = 'farmacista') {
    const who = await signedIn(t.app, role);
    const on = await turnOn(t.app, who, () => t.clock.now);
    // Past the step the enable used.
    t.clock.advance(5 * STEP_MS);
    return { who, ...on };
  }

  it('a code of the step before or after is accepted; two steps away is not', async () => {
    const { who, secret } = await onWithFreshSteps();
    for (const offset of [-2 * STEP_MS, 2 * STEP_MS]) {
      const challenge = await challengeFor(t.app, who);
      const far = await secondStep(t.app, challenge, codeAt(secret, shifted(t.clock.now, offset)));
      expect(far.statusCode).toBe(401);
      expect(far.json()).toMatchObject({ code: 'second_step_failed', message: MESSAGES.secondStepCodeWrong });
    }
    const behind = await secondStep(t.app, await challengeFor(t.app, who), codeAt(secret, shifted(t.clock.now, -STEP_MS)));
    expect(behind.statusCode).toBe(200);
    const ahead = await secondStep(t.app, await challengeFor(t.app, who), codeAt(secret, shifted(t.clock.now, STEP_MS)));
    expect(ahead.statusCode).toBe(200);
  });

  it('a code is never accepted twice: the same step on a second login is refused, the next step passes', async () => {
    const { who, secret } = await onWithFreshSteps();
    const code = codeAt(secret, t.clock.now);
    expect((await secondStep(t.app, await challengeFor(t.app, who), code)).statusCode).toBe(200);
    const replay = await secondStep(t.app, await challengeFor(t.app, who), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('second_step_failed');
    // Nor is an earlier step, once a later one was used.
    const challenge = await challengeFor(t.app, who);
    expect((await secondStep(t.app, challenge, codeAt(secret, shifted(t.clock.now, -STEP_MS)))).statusCode).toBe(401);
    t.clock.advance(STEP_MS);
    expect((await secondStep(t.app, challenge, codeAt(secret, t.clock.now))).statusCode).toBe(200);
  });

  it('a wrong code leaves the challenge for another try; a used one and an expired one are refused', async () => {
    const { who, secret } = await onWithFreshSteps();
    const challenge = await challengeFor(t.app, who);
    const wrong = await secondStep(t.app, challenge, codeAt(secret, shifted(t.clock.now, 10 * STEP_MS)));
    expect(wrong.statusCode).toBe(401);
    expect((await secondStep(t.app, challenge, codeAt(secret, t.clock.now))).statusCode).toBe(200);
    t.clock.advance(STEP_MS);
    const used = await secondStep(t.app, challenge, codeAt(secret, t.clock.now));
    expect(used.statusCode).toBe(401);
    expect(used.json()).toMatchObject({ code: 'invalid_challenge', message: MESSAGES.secondStepChallengeExpired });

    const late = await challengeFor(t.app, who);
    t.clock.advance(5 * 60_000 + 1_000);
    const expired = await secondStep(t.app, late, codeAt(secret, t.clock.now));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('invalid_challenge');
    // The code that challenge did not take still logs in with a new one.
    expect((await secondStep(t.app, await challengeFor(t.app, who), codeAt(secret, t.clock.now))).statusCode).toBe(200);
  });

  it('an account suspended between its password and its code gets no session: 403 account_suspended', async () => {
    const { who, secret } = await onWithFreshSteps('titolare');
    const challenge = await challengeFor(t.app, who);
    const admin = await signedIn(t.app, 'admin');
    const suspend = await post(t.app, `/api/admin/users/${who.user.id}/suspend/`, { reason: 'Offerte false' }, admin.headers);
    expect(suspend.statusCode).toBe(200);
    const answer = await secondStep(t.app, challenge, codeAt(secret, t.clock.now));
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'account_suspended', message: MESSAGES.accountSuspended });
    expect(answer.json()).not.toHaveProperty('access');
  });

  it("another user's code does not answer a challenge", async () => {
    const { who } = await onWithFreshSteps();
    const other = await onWithFreshSteps('titolare');
    const challenge = await challengeFor(t.app, who);
    expect((await secondStep(t.app, challenge, codeAt(other.secret, t.clock.now))).statusCode).toBe(401);
    expect((await secondStep(t.app, challenge, other.recoveryCodes[0] ?? '')).statusCode).toBe(401);
  });

  it('codes are limited like logins: five wrong ones from an address, then 429 with Retry-After, even for the right code', async () => {
    const { who, secret } = await onWithFreshSteps();
    const attacker = '203.0.113.9';
    const challenge = await challengeFor(t.app, who, attacker);
    for (let i = 0; i < 5; i++) {
      const wrong = await secondStep(t.app, challenge, String(100000 + i), attacker);
      expect(wrong.statusCode).toBe(401);
    }
    const limited = await secondStep(t.app, challenge, codeAt(secret, t.clock.now), attacker);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MESSAGES.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The owner, from their own address, still logs in.
    const home = '198.51.100.20';
    expect((await secondStep(t.app, await challengeFor(t.app, who, home), codeAt(secret, t.clock.now), home)).statusCode).toBe(
      200,
    );
  });

  it('a recovery code logs in once, typed in any case and with spaces; then it is spent', async () => {
    const { who, recoveryCodes } = await onWithFreshSteps();
    const code = recoveryCodes[0] ?? '';
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    expect((await secondStep(t.app, await challengeFor(t.app, who), typed)).statusCode).toBe(200);
    const again = await secondStep(t.app, await challengeFor(t.app, who), code);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('second_step_failed');
    const status = await t.app.inject({ method: 'GET', url: '/api/user/2fa/', headers: who.headers });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('two uses of one challenge at once: one gets the tokens, the other 401', async () => {
    const { who, secret, recoveryCodes } = await onWithFreshSteps();
    const challenge = await challengeFor(t.app, who);
    const answers = await Promise.all([
      secondStep(t.app, challenge, codeAt(secret, t.clock.now)),
      secondStep(t.app, challenge, recoveryCodes[1] ?? ''),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    // The refused one spent nothing: its recovery code, or its step, is still good.
    expect(await countRows('refresh_tokens', who.user.id)).toBe(2);
  });
});

describe('turning the second step off', () => {
  it('needs the password and a code (a recovery code will do); then the password alone logs in again', async () => {
    const who = await signedIn(t.app, 'farmacista');
    const { secret, recoveryCodes } = await turnOn(t.app, who, () => t.clock.now);
    t.clock.advance(STEP_MS);
    const wrongPassword = await post(
      t.app,
      '/api/user/2fa/disable/',
      { password: 'not-the-password', code: codeAt(secret, t.clock.now) },
      who.headers,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({
      code: 'invalid_password',
      fields: { password: MESSAGES.secondStepWrongPassword },
    });
    const wrongCode = await post(t.app, '/api/user/2fa/disable/', { password: who.user.password, code: '000000' }, who.headers);
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().code).toBe('invalid_second_step_code');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/2fa/', headers: who.headers })).json().enabled).toBe(true);

    const off = await post(t.app, '/api/user/2fa/disable/', { password: who.user.password, code: recoveryCodes[5] }, who.headers);
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(MESSAGES.secondStepDisabled);
    expect(await countRows('two_factor', who.user.id)).toBe(0);
    expect(await countRows('two_factor_recovery_codes', who.user.id)).toBe(0);
    expect((await post(t.app, '/api/token/', { username: who.user.email, password: who.user.password })).statusCode).toBe(200);
    const twice = await post(
      t.app,
      '/api/user/2fa/disable/',
      { password: who.user.password, code: recoveryCodes[6] },
      who.headers,
    );
    expect(twice.statusCode).toBe(409);
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  it('an admin without the second step logs in, but every admin route answers 403 until it is on', async () => {
    const strict = await buildTestApp({ REQUIRE_ADMIN_2FA: 'true' });
    try {
      const admin = await signedIn(strict.app, 'admin');
      const refused = await strict.app.inject({ method: 'GET', url: '/api/users/all/', headers: admin.headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'second_step_setup_required', message: MESSAGES.secondStepSetupRequired });
      const status = await strict.app.inject({ method: 'GET', url: '/api/user/2fa/', headers: admin.headers });
      expect(status.json()).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
      // Others are not concerned.
      const owner = await signedIn(strict.app, 'titolare');
      expect((await strict.app.inject({ method: 'GET', url: '/api/user/2fa/', headers: owner.headers })).json().required).toBe(
        false,
      );
      expect((await strict.app.inject({ method: 'GET', url: '/api/users/all/', headers: owner.headers })).statusCode).toBe(403);

      await turnOn(strict.app, admin, () => strict.clock.now);
      expect((await strict.app.inject({ method: 'GET', url: '/api/users/all/', headers: admin.headers })).statusCode).toBe(200);
    } finally {
      await strict.app.close();
    }
  });

  it('off (the default): an admin without the second step uses the admin routes, and is told it is not on', async () => {
    const admin = await createAdmin(t.app.db);
    const tokens = (await post(t.app, '/api/token/', { username: admin.email, password: admin.password })).json() as {
      access: string;
    };
    expect((await t.app.inject({ method: 'GET', url: '/api/users/all/', headers: bearer(tokens.access) })).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/api/user/2fa/', headers: bearer(tokens.access) });
    expect(status.json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
  });
});

describe('a session alone cannot take the second step over', () => {
  it('setup and enable ask for the password: a stolen access token gets no secret and binds no authenticator', async () => {
    const victim = await signedIn(t.app, 'farmacista');
    // The attacker holds only the victim's access token.
    const noPassword = await post(t.app, '/api/user/2fa/setup/', {}, victim.headers);
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields).toEqual({ password: MESSAGES.requiredFields });
    const guessed = await post(t.app, '/api/user/2fa/setup/', { password: 'Indovinata2026!' }, victim.headers);
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json()).toMatchObject({ code: 'invalid_password', fields: { password: MESSAGES.secondStepWrongPassword } });
    expect(await countRows('two_factor', victim.user.id)).toBe(0);

    // A setup the victim started (with the password) cannot be confirmed by someone who read the token and the key.
    const { secret } = (await post(t.app, '/api/user/2fa/setup/', { password: victim.user.password }, victim.headers)).json() as {
      secret: string;
    };
    const takeover = await post(
      t.app,
      '/api/user/2fa/enable/',
      { code: codeAt(secret, t.clock.now), password: 'Indovinata2026!' },
      victim.headers,
    );
    expect(takeover.statusCode).toBe(400);
    expect(takeover.json().code).toBe('invalid_password');
    const withoutPassword = await post(t.app, '/api/user/2fa/enable/', { code: codeAt(secret, t.clock.now) }, victim.headers);
    expect(withoutPassword.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/2fa/', headers: victim.headers })).json().enabled).toBe(false);
    // The password alone still logs the victim in: nothing was bound.
    expect((await post(t.app, '/api/token/', { username: victim.user.email, password: victim.user.password })).statusCode).toBe(
      200,
    );
  });

  it('wrong passwords count like failed logins: the sixth try from one address is 429', async () => {
    const victim = await signedIn(t.app, 'titolare');
    for (let i = 0; i < 5; i += 1)
      expect(
        (await post(t.app, '/api/user/2fa/setup/', { password: `wrong-${i}` }, victim.headers, '203.0.113.9')).statusCode,
      ).toBe(400);
    const locked = await post(t.app, '/api/user/2fa/setup/', { password: victim.user.password }, victim.headers, '203.0.113.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it("every change mails the account's address, with what to do if it was not them", async () => {
    const who = await signedIn(t.app, 'farmacista');
    const { secret } = await turnOn(t.app, who, () => t.clock.now);
    await t.app.outbox.runOnce();
    const on = t.smtp.lastTo(who.user.email);
    expect(on?.text).toContain("è stato attivato l'accesso in due passaggi del tuo account");
    expect(on?.text).toContain('Non sei stato tu?');
    expect(on?.text).toContain('http://farmaponte.test/forgot-password');

    t.clock.advance(STEP_MS);
    const off = await post(
      t.app,
      '/api/user/2fa/disable/',
      { password: who.user.password, code: codeAt(secret, t.clock.now) },
      who.headers,
    );
    expect(off.statusCode).toBe(200);
    await t.app.outbox.runOnce();
    const offMail = t.smtp.lastTo(who.user.email);
    expect(offMail?.text).toContain("è stato disattivato l'accesso in due passaggi del tuo account");
    expect(offMail?.text).toContain('Non sei stato tu?');
  });
});

describe("the admin's procedure for a lost phone and lost recovery codes", () => {
  const reset = (id: number, headers: Record<string, string>, reason = 'Documento e selfie verificati via e-mail il 28/11') =>
    post(t.app, `/api/admin/users/${id}/2fa/reset/`, { reason }, headers);

  it('turns it off, ends every session, mails the person and writes the reason to the audit log', async () => {
    const admin = await signedIn(t.app, 'admin');
    const who = await signedIn(t.app, 'titolare');
    await turnOn(t.app, who, () => t.clock.now);
    const details = await t.app.inject({ method: 'GET', url: `/api/users/${who.user.id}/details/`, headers: admin.headers });
    expect(details.json().second_step_enabled).toBe(true);

    const answer = await reset(who.user.id, admin.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe(MESSAGES.secondStepReset);
    expect(await countRows('two_factor', who.user.id)).toBe(0);
    expect(await countRows('two_factor_recovery_codes', who.user.id)).toBe(0);
    // Every session ended: the old access token and the old refresh token are refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: who.headers })).statusCode).toBe(401);
    expect((await post(t.app, '/api/token/refresh/', { refresh: who.refresh })).statusCode).toBe(401);
    // The password alone logs in again.
    expect((await post(t.app, '/api/token/', { username: who.user.email, password: who.user.password })).statusCode).toBe(200);

    await t.app.outbox.runOnce();
    const mail = t.smtp.lastTo(who.user.email);
    expect(mail?.text).toContain("l'assistenza ha disattivato l'accesso in due passaggi del tuo account");
    expect(mail?.text).toContain('Non sei stato tu?');

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit/?action=user.second_step_reset&target_user=${who.user.id}`,
      headers: admin.headers,
    });
    expect(audit.json().results).toEqual([
      expect.objectContaining({
        actor: { id: admin.user.id, email: admin.user.email },
        action: 'user.second_step_reset',
        details: { reason: 'Documento e selfie verificati via e-mail il 28/11' },
      }),
    ]);
  });

  it('refuses the wrong users, oneself, an unknown id, an account without it and an empty reason, changing nothing', async () => {
    const admin = await signedIn(t.app, 'admin');
    const who = await signedIn(t.app, 'farmacista');
    await turnOn(t.app, who, () => t.clock.now);
    const owner = await signedIn(t.app, 'titolare');

    expect((await post(t.app, `/api/admin/users/${who.user.id}/2fa/reset/`, { reason: 'x' })).statusCode).toBe(401);
    expect((await reset(who.user.id, owner.headers)).statusCode).toBe(403);
    expect((await reset(who.user.id, who.headers)).statusCode).toBe(403);
    expect((await reset(999_999, admin.headers)).statusCode).toBe(404);
    expect((await reset(owner.user.id, admin.headers)).json()).toMatchObject({ code: 'second_step_not_on' });
    const blank = await reset(who.user.id, admin.headers, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(MESSAGES.secondStepResetReasonRequired);

    await turnOn(t.app, admin, () => t.clock.now);
    const own = await reset(admin.user.id, admin.headers);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'cannot_reset_own_second_step', message: MESSAGES.secondStepResetOwn });

    expect(await countRows('two_factor', who.user.id)).toBe(1);
    expect(await countRows('two_factor', admin.user.id)).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: who.headers })).statusCode).toBe(200);
  });
});
