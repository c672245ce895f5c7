import { LIMITS, MESSAGES } from '@farmaponte/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { users } from '../../db/schema';
import { createOffer, DEFAULT_PASSWORD, makeCvPdf, ownerProfile, pharmacistProfile } from '../../factories';

const t = useTestApp();

const offerPayload = {
  title: 'Turno di sabato',
  description: 'Banco e dispensazione.',
  salary: '20 €/ora',
  date_from: null,
  date_to: null,
};

/**
 * Registers through POST /api/user/register/ as a person does, and logs in as a session that began before the address
 * had to be confirmed to log in (decision 054): logging in confirmed, then taking the confirmation back.
 */
async function register(role: 'farmacista' | 'titolare', email: string) {
  const profile = role === 'farmacista' ? pharmacistProfile() : ownerProfile();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/register/',
    payload: { username: email, password: DEFAULT_PASSWORD, profile: { ...profile, userRole: role, privacyPolicyConsent: true } },
  });
  expect(response.statusCode, response.body).toBe(201);
  await t.database.db.execute(sql`update users set email_verified_at = now() where email = ${email}`);
  const tokens = await login(t.app, email, DEFAULT_PASSWORD);
  await t.database.db.execute(sql`update users set email_verified_at = null where email = ${email}`);
  return { email, headers: bearer(tokens.access) };
}

/** The token of the newest confirmation link mailed to this address (the outbox sent to the test's SMTP server). */
async function linkTokenFor(email: string): Promise<string> {
  await t.app.outbox.runOnce();
  const mail = t.smtp.lastTo(email);
  const match = mail?.text.match(/http:\/\/farmaponte\.test\/conferma-email\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no confirmation link mailed to ${email}`);
  return match[1];
}

const verify = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/user/verify-email/', payload: { token } });
const resend = (headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/user/verify-email/resend/', ...(headers ? { headers } : {}) });
const details = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/details/', headers })).json();
const apply = (headers: Record<string, string>, offerId: number) =>
  t.app.inject({ method: 'POST', url: '/api/candidature/', headers, payload: { offer_id: offerId } });

describe('the confirmation mail of a registration', () => {
  it('is sent with a link that confirms the address once, without login', async () => {
    const pharmacist = await register('farmacista', 'nuova@example.it');
    expect(await details(pharmacist.headers)).toMatchObject({ email_verified: false });
    const token = await linkTokenFor('nuova@example.it');
    expect(t.smtp.lastTo('nuova@example.it')?.text).toContain(`entro ${LIMITS.emailConfirmationTtlHours} ore`);

    const confirmed = await verify(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: MESSAGES.emailConfirmed });
    expect(await details(pharmacist.headers)).toMatchObject({ email_verified: true });

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'email_link_used', message: MESSAGES.emailLinkUsed });
  });

  it('refuses an unknown, a malformed and an expired link with 400 and changes nothing', async () => {
    await register('farmacista', 'lenta@example.it');
    const token = await linkTokenFor('lenta@example.it');
    expect((await verify('non-un-token')).json()).toMatchObject({
      code: 'email_link_invalid',
      message: MESSAGES.emailLinkInvalid,
    });
    expect((await verify('')).statusCode).toBe(400);
    expect((await verify(42)).statusCode).toBe(400);

    t.clock.advance(LIMITS.emailConfirmationTtlHours * 60 * 60 * 1000 + 1000);
    const late = await verify(token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'email_link_expired', message: MESSAGES.emailLinkExpired });
    // Still unconfirmed (the session's access token has expired by now: the row says it), so it does not log in.
    const [row] = await t.database.db
      .select({ at: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, 'lenta@example.it'));
    expect(row).toEqual({ at: null });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/token/',
          payload: { username: 'lenta@example.it', password: DEFAULT_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('two uses of one link at once: one 200, one 400, never 500', async () => {
    await register('titolare', 'doppio@example.it');
    const token = await linkTokenFor('doppio@example.it');
    const answers = await Promise.all([verify(token), verify(token), verify(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((a) => a.statusCode === 400).map((a) => a.json().code)).toEqual(['email_link_used', 'email_link_used']);
  });
});

describe('POST /api/user/verify-email/resend/', () => {
  it('needs a login (401) and tells a confirmed user there is nothing to do (409, no mail)', async () => {
    expect((await resend()).statusCode).toBe(401);
    const confirmed = await signedIn(t.app, 'farmacista');
    const answer = await resend(confirmed.headers);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'email_already_verified', message: MESSAGES.emailAlreadyConfirmed });
    await t.app.outbox.runOnce();
    expect(t.smtp.lastTo(confirmed.user.email)).toBeUndefined();
  });

  it('mails a new link that replaces the older ones, a few times an hour (429 with Retry-After)', async () => {
    const pharmacist = await register('farmacista', 'ripeti@example.it');
    const first = await linkTokenFor('ripeti@example.it');
    const sent = await resend(pharmacist.headers);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: MESSAGES.emailConfirmationSent });
    const second = await linkTokenFor('ripeti@example.it');
    expect(second).not.toBe(first);
    expect((await verify(first)).json()).toMatchObject({ code: 'email_link_invalid' });

    for (let i = 1; i < LIMITS.emailConfirmationResendsPerHour; i++)
      expect((await resend(pharmacist.headers)).statusCode).toBe(200);
    const refused = await resend(pharmacist.headers);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'email_resend_limit', message: MESSAGES.emailResendLimit(60) });

    // The newest link still works; the one mailed before the last resends does not.
    const newest = await linkTokenFor('ripeti@example.it');
    expect((await verify(second)).statusCode).toBe(400);
    expect((await verify(newest)).statusCode).toBe(200);
    // Confirmed, the answer is that (409), not the wait.
    expect((await resend(pharmacist.headers)).statusCode).toBe(409);
  });
});

describe('applying and publishing need a confirmed address', () => {
  async function unconfirmed(role: 'farmacista' | 'titolare'): Promise<TSignedIn> {
    return signedIn(t.app, role, { verified: false });
  }

  it('a pharmacist may log in, save the profile, upload a CV and search, but applies only once confirmed', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const { id: offerId } = await createOffer(t.app.db, owner.user.id);
    const pharmacist = await unconfirmed('farmacista');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/details/',
      headers: pharmacist.headers,
      payload: { profile: pharmacistProfile() },
    });
    expect(saved.statusCode).toBe(200);
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/user/details/',
      headers: pharmacist.headers,
      payload: { pdf_file: (await makeCvPdf()).toString('base64') },
    });
    expect(upload.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/offers/?region=Lombardia', headers: pharmacist.headers })).statusCode,
    ).toBe(200);

    const refused = await apply(pharmacist.headers, offerId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'email_not_verified', message: MESSAGES.emailNotVerified });

    // Confirmed within the session cache's few seconds: the next apply is taken at once.
    await resend(pharmacist.headers);
    expect((await verify(await linkTokenFor(pharmacist.user.email))).statusCode).toBe(200);
    expect((await apply(pharmacist.headers, offerId)).statusCode).toBe(201);
  });

  it('an owner publishes and reopens only once confirmed', async () => {
    const owner = await unconfirmed('titolare');
    const create = () =>
      t.app.inject({ method: 'POST', url: '/api/offers/create/', headers: owner.headers, payload: offerPayload });
    const refused = await create();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'email_not_verified' });

    const closed = await createOffer(t.app.db, owner.user.id, { closedAt: new Date() });
    const reopen = () => t.app.inject({ method: 'POST', url: `/api/offers/${closed.id}/reopen/`, headers: owner.headers });
    expect((await reopen()).json()).toMatchObject({ code: 'email_not_verified' });

    await resend(owner.headers);
    expect((await verify(await linkTokenFor(owner.user.email))).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(201);
    expect((await reopen()).statusCode).toBe(200);
  });

  it('leaves the wrong role and the logged-out as they were (403, 401)', async () => {
    const pharmacist = await unconfirmed('farmacista');
    const owner = await unconfirmed('titolare');
    expect(
      (
        await t.app.inject({ method: 'POST', url: '/api/offers/create/', headers: pharmacist.headers, payload: offerPayload })
      ).json(),
    ).toMatchObject({ code: 'forbidden' });
    expect((await apply(owner.headers, 1)).json()).toMatchObject({ code: 'forbidden' });
    expect((await t.app.inject({ method: 'POST', url: '/api/candidature/', payload: { offer_id: 1 } })).statusCode).toBe(401);
  });
});
