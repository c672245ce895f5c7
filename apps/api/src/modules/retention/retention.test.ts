/**
 * Retention that runs by itself (decision 068): the daily job warns the accounts and CVs past their line and no others,
 * erases exactly those due, keeps what a login, the keep link or a new CV kept, never erases an admin, and prunes read
 * notifications and old mails. Time is the test clock; the default periods (24 months, 30 days' warning).
 */
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, buildOtherInstance, buildTestApp, login, rowsOf, signedIn, useTestApp } from '../../../test/helpers';
import { cvFilePieces, cvFiles, mailOutbox, notifications, retentionNotices, users } from '../../db/schema';
import {
  createAdmin,
  createApplication,
  createOffer,
  createOwner,
  createPharmacist,
  giveCv,
  makeCvPdf,
  organisationOf,
  pharmacistProfile,
} from '../../factories';
import { createAccount } from '../account';
import type { TRetentionRound } from './job';
import { addMonths, deleteStaleCvs, eraseInactiveAccounts, type TRoundDeps, warnInactiveAccounts, warnStaleCvs } from './service';

const t = useTestApp();
const others: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((app) => app.close()));
});

const DAY_MS = 86_400_000;
const now = () => t.clock.now;
/** `days` days after the point `months` months before now. */
const monthsAgoPlus = (months: number, days: number) => new Date(addMonths(now(), -months).getTime() + days * DAY_MS);

async function setActive(userId: number, at: Date) {
  await t.app.db.update(users).set({ lastActiveAt: at }).where(eq(users.id, userId));
}
async function setCvTime(userId: number, uploadedAt: Date, keptAt: Date | null = null) {
  await t.app.db.update(cvFiles).set({ uploadedAt, keptAt }).where(eq(cvFiles.userId, userId));
}
const runJob = () => t.app.jobs.run('retention');
async function exists(userId: number) {
  return (await t.app.db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length === 1;
}
async function notices() {
  const rows = await t.app.db
    .select({ userId: retentionNotices.userId, kind: retentionNotices.kind, erasesAt: retentionNotices.erasesAt })
    .from(retentionNotices)
    .orderBy(retentionNotices.userId, retentionNotices.kind);
  return rows.map((r) => ({ ...r, erasesAt: r.erasesAt.toISOString() }));
}
/** The keep token of the last warning mailed to the user. */
async function keepToken(userId: number): Promise<string> {
  const rows = await t.app.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .orderBy(mailOutbox.id);
  const token = rows.at(-1)?.text.match(/\/conserva\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no warning mailed to user ${userId}`);
  return token;
}
const keep = (token: string) => t.app.inject({ method: 'POST', url: '/api/retention/keep/', payload: { token } });
const zero = {
  erasedAccounts: 0,
  warnedAccounts: 0,
  deletedCvs: 0,
  warnedCvs: 0,
  notifications: 0,
  mails: 0,
  tokens: 0,
  contracts: 0,
  invoices: 0,
};

describe('the retention job: accounts', () => {
  it('warns exactly the accounts past the line (never an admin), by mail with a keep link, once', async () => {
    const past = await createPharmacist(t.app.db);
    const notYet = await createPharmacist(t.app.db);
    const longGone = await createOwner(t.app.db);
    const admin = await createAdmin(t.app.db);
    await setActive(past.id, monthsAgoPlus(24, 29));
    await setActive(notYet.id, monthsAgoPlus(24, 31));
    await setActive(longGone.id, monthsAgoPlus(36, 0));
    await setActive(admin.id, monthsAgoPlus(60, 0));

    expect(await runJob()).toEqual({ ...zero, warnedAccounts: 2 });
    const in30Days = new Date(now().getTime() + 30 * DAY_MS).toISOString();
    expect(await notices()).toEqual([
      { userId: past.id, kind: 'account', erasesAt: in30Days },
      { userId: longGone.id, kind: 'account', erasesAt: in30Days },
    ]);
    const [mail] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.userId, past.id));
    expect(mail?.to).toBe(past.email);
    expect(mail?.subject).toMatch(/il tuo account verrà cancellato il \d\d\/\d\d\/\d{4}/);
    expect(mail?.text).toContain('http://farmaponte.test/conserva?token=');
    expect(mail?.text).toContain('candidature');
    // The mail goes out through the outbox like any other.
    await t.app.outbox.runOnce();
    expect(t.smtp.lastTo(past.email)?.text).toContain('/conserva?token=');

    expect(await runJob()).toEqual(zero);
    expect(await t.app.db.select().from(mailOutbox)).toHaveLength(2);
  });

  it('never warns a pharmacy an organisation added, which has no login of its own to lapse', async () => {
    const owner = await createOwner(t.app.db);
    const organisationId = await organisationOf(t.app.db, owner.id);
    const added = await createAccount(t.app.db, {
      email: 'farmacia-aggiunta@farmacie.invalid',
      password: '',
      role: 'titolare',
      organisationId,
      emailConfirmed: true,
      profile: { name: 'Gruppo', surname: '', denominazione_farmacia: 'Farmacia del Borgo', comune_farmacia: 'Torino' },
    });
    await setActive(added.id, monthsAgoPlus(36, 0));
    await setActive(owner.id, monthsAgoPlus(36, 0));
    expect(await runJob()).toEqual({ ...zero, warnedAccounts: 1 });
    expect((await notices()).map((n) => n.userId)).toEqual([owner.id]);
  });

  it('erases exactly the accounts due, with what they own, and leaves everyone else and their data', async () => {
    const pharmacist = await createPharmacist(t.app.db);
    const owner = await createOwner(t.app.db);
    const activeOwner = await createOwner(t.app.db);
    const activePharmacist = await createPharmacist(t.app.db);
    const admin = await createAdmin(t.app.db);
    const keptOffer = await createOffer(t.app.db, activeOwner.id);
    const goneOffer = await createOffer(t.app.db, owner.id);
    await createApplication(t.app.db, keptOffer.id, pharmacist.id);
    await createApplication(t.app.db, keptOffer.id, activePharmacist.id);
    await createApplication(t.app.db, goneOffer.id, activePharmacist.id);
    await setActive(pharmacist.id, monthsAgoPlus(30, 0));
    await setActive(owner.id, monthsAgoPlus(24, 10));
    await setActive(admin.id, monthsAgoPlus(60, 0));
    expect(await runJob()).toEqual({ ...zero, warnedAccounts: 2 });
    // An admin's notice (e.g. an account made admin after its warning) is dropped, never acted on.
    await t.app.db.insert(retentionNotices).values({
      userId: admin.id,
      kind: 'account',
      warnedAt: now(),
      erasesAt: new Date(now().getTime() + 30 * DAY_MS),
    });

    t.clock.advance(30 * DAY_MS - 60_000);
    expect(await runJob()).toEqual(zero);
    t.clock.advance(60_000);
    expect(await runJob()).toEqual({ ...zero, erasedAccounts: 2 });
    expect(await Promise.all([pharmacist, owner].map((u) => exists(u.id)))).toEqual([false, false]);
    expect(await Promise.all([activeOwner, activePharmacist, admin].map((u) => exists(u.id)))).toEqual([true, true, true]);
    const applications = rowsOf<{ offer_id: number; farmacista_id: number }>(
      await t.app.db.execute(sql`select offer_id, farmacista_id from applications order by offer_id, farmacista_id`),
    );
    expect(applications).toEqual([{ offer_id: keptOffer.id, farmacista_id: activePharmacist.id }]);
    expect(await notices()).toEqual([]);
    // The next round has nothing to do; the admin is not warned again either.
    expect(await runJob()).toEqual(zero);
  });

  it('keeps a user who logs in during the warning, and warns again only after a new full term', async () => {
    const user = await createPharmacist(t.app.db);
    await setActive(user.id, monthsAgoPlus(25, 0));
    expect(await runJob()).toEqual({ ...zero, warnedAccounts: 1 });

    t.clock.advance(10 * DAY_MS);
    await login(t.app, user.email, user.password);
    const loggedInAt = now();
    expect(await notices()).toEqual([]);

    t.clock.advance(25 * DAY_MS);
    expect(await runJob()).toEqual(zero);
    expect(await exists(user.id)).toBe(true);

    // The new term: warned 30 days before 24 months from the login, not a day sooner.
    const newLine = new Date(addMonths(loggedInAt, 24).getTime() - 30 * DAY_MS);
    t.clock.now = new Date(newLine.getTime() - 60_000);
    // The keep link of the warning the login answered, long expired, is pruned.
    expect(await runJob()).toEqual({ ...zero, tokens: 1 });
    t.clock.now = new Date(newLine.getTime() + 60_000);
    expect(await runJob()).toEqual({ ...zero, warnedAccounts: 1 });
  });

  it('counts the second step of a login as the login', async () => {
    const user = await signedIn(t.app, 'farmacista');
    // The second step turned on for this user: its secret and enablement as the two-factor module writes them.
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa/setup/',
      headers: user.headers,
      payload: { password: user.user.password },
    });
    const { secret } = setup.json() as { secret: string };
    const code = () =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
        timestamp: now().getTime(),
      });
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa/enable/',
      headers: user.headers,
      payload: { code: code(), password: user.user.password },
    });
    expect(enabled.statusCode).toBe(200);
    await setActive(user.user.id, monthsAgoPlus(25, 0));
    expect(await runJob()).toEqual({ ...zero, warnedAccounts: 1 });

    t.clock.advance(60_000);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: user.user.email, password: user.user.password },
    });
    expect(first.statusCode).toBe(202);
    expect(first.json().code).toBe('second_step_required');
    // The password alone is not a login: the warning stands.
    expect(await notices()).toHaveLength(1);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/token/2fa/',
      payload: { challenge: first.json().challenge, code: code() },
    });
    expect(second.statusCode).toBe(200);
    expect(await notices()).toEqual([]);
    const [row] = await t.app.db.select({ at: users.lastActiveAt }).from(users).where(eq(users.id, user.user.id));
    expect(row?.at.toISOString()).toBe(now().toISOString());
  });

  it('counts a session refresh as activity, written at most once a day, and drops the warning it answered', async () => {
    const user = await signedIn(t.app, 'titolare');
    const refresh = async (token: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
      expect(response.statusCode).toBe(200);
      return response.json().refresh as string;
    };
    const lastActive = async () =>
      (await t.app.db.select({ at: users.lastActiveAt }).from(users).where(eq(users.id, user.user.id)))[0]?.at.toISOString();

    await setActive(user.user.id, monthsAgoPlus(25, 0));
    expect(await runJob()).toEqual({ ...zero, warnedAccounts: 1 });
    t.clock.advance(DAY_MS);
    const refreshedAt = now().toISOString();
    let token = await refresh(user.refresh);
    expect(await lastActive()).toBe(refreshedAt);
    t.clock.advance(DAY_MS - 60_000);
    token = await refresh(token);
    expect(await lastActive()).toBe(refreshedAt);
    t.clock.advance(120_000);
    await refresh(token);
    expect(await lastActive()).toBe(now().toISOString());

    t.clock.advance(30 * DAY_MS);
    expect(await runJob()).toEqual(zero);
    expect(await exists(user.user.id)).toBe(true);
    expect(await notices()).toEqual([]);
  });
});

describe('the keep link', () => {
  it('tells what it keeps (GET changes nothing), keeps once (POST), and restarts the term', async () => {
    const user = await createPharmacist(t.app.db);
    await setActive(user.id, monthsAgoPlus(26, 0));
    await runJob();
    const token = await keepToken(user.id);

    const asked = await t.app.inject({ method: 'GET', url: `/api/retention/keep/?token=${token}` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ kind: 'account', erases_at: new Date(now().getTime() + 30 * DAY_MS).toISOString() });
    expect(await notices()).toHaveLength(1);

    t.clock.advance(5 * DAY_MS);
    const kept = await keep(token);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ kind: 'account', message: 'Fatto: il tuo account resta attivo e non verrà cancellato.' });
    expect(await notices()).toEqual([]);

    const again = await keep(token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'retention_link_invalid', message: expect.stringContaining('già stato usato') });
    expect((await t.app.inject({ method: 'GET', url: `/api/retention/keep/?token=${token}` })).statusCode).toBe(404);

    t.clock.advance(40 * DAY_MS);
    expect(await runJob()).toEqual(zero);
    expect(await exists(user.id)).toBe(true);
  });

  it('ends with its notice: a login or a new CV answered it, and it keeps nothing, not even a later warning', async () => {
    const user = await createPharmacist(t.app.db);
    await giveCv(t.app.db, user.id);
    await setActive(user.id, monthsAgoPlus(26, 0));
    await runJob();
    const first = await keepToken(user.id);
    t.clock.advance(DAY_MS);
    await login(t.app, user.email, user.password);
    expect((await keep(first)).json()).toMatchObject({ code: 'retention_link_invalid' });

    // Inactive for the term again, warned again: the new mail's link keeps, the old one still does not.
    t.clock.advance(DAY_MS);
    await setActive(user.id, monthsAgoPlus(26, 0));
    await runJob();
    const second = await keepToken(user.id);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: `/api/retention/keep/?token=${first}` })).statusCode).toBe(404);
    expect((await keep(first)).statusCode).toBe(404);
    expect(await notices()).toHaveLength(1);
    expect((await keep(second)).statusCode).toBe(200);

    // The CV's warning, answered by a new upload: its link keeps nothing.
    await setCvTime(user.id, monthsAgoPlus(30, 0));
    await runJob();
    const cvLink = await keepToken(user.id);
    expect((await notices()).map((n) => n.kind)).toEqual(['cv']);
    const again = await login(t.app, user.email, user.password);
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/user/details/',
      headers: bearer(again.access),
      payload: { pdf_file: (await makeCvPdf()).toString('base64') },
    });
    expect(upload.statusCode).toBe(200);
    expect((await keep(cvLink)).json()).toMatchObject({ code: 'retention_link_invalid' });
  });

  it('answers 404 to an unknown token and 400 to a missing or oversized one, in Italian', async () => {
    const unknown = await keep('nessuno-lo-conosce');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('retention_link_invalid');
    for (const payload of [{}, { token: '' }, { token: 'x'.repeat(201) }, { token: 42 }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/retention/keep/', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/link/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/retention/keep/' })).statusCode).toBe(400);
  });

  it('is limited per address like the other links with a token', async () => {
    await t.app.close();
    Object.assign(t, await buildTestApp({ AUTH_MAX_PER_IP: '3' }));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await keep('x')).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

describe('the retention job: CVs', () => {
  it('warns the CVs not updated for the term, deletes them when due unless kept or replaced, and touches nothing else', async () => {
    const pharmacist = async () => {
      const user = await createPharmacist(t.app.db);
      await giveCv(t.app.db, user.id);
      return user;
    };
    const stale = await pharmacist();
    const replaced = await pharmacist();
    const keptOne = await pharmacist();
    const fresh = await pharmacist();
    const recentlyKept = await pharmacist();
    await setCvTime(stale.id, monthsAgoPlus(24, 29));
    await setCvTime(replaced.id, monthsAgoPlus(30, 0));
    await setCvTime(keptOne.id, monthsAgoPlus(30, 0));
    await setCvTime(fresh.id, monthsAgoPlus(24, 31));
    await setCvTime(recentlyKept.id, monthsAgoPlus(40, 0), monthsAgoPlus(12, 0));

    expect(await runJob()).toEqual({ ...zero, warnedCvs: 3 });
    expect((await notices()).map((n) => [n.userId, n.kind])).toEqual([
      [stale.id, 'cv'],
      [replaced.id, 'cv'],
      [keptOne.id, 'cv'],
    ]);
    const [mail] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.userId, stale.id));
    expect(mail?.subject).toMatch(/il tuo CV verrà cancellato/);

    // A new upload keeps the CV (the warning goes); the keep link keeps the other.
    t.clock.advance(DAY_MS);
    const session = await login(t.app, replaced.email, replaced.password);
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/user/details/',
      headers: bearer(session.access),
      payload: { pdf_file: (await makeCvPdf()).toString('base64') },
    });
    expect(upload.statusCode).toBe(200);
    const kept = await keep(await keepToken(keptOne.id));
    expect(kept.json()).toEqual({ kind: 'cv', message: 'Fatto: il tuo CV resta salvato e non verrà cancellato.' });
    expect((await notices()).map((n) => n.userId)).toEqual([stale.id]);

    // A month on, the stale CV goes; the fresh one has crossed its line meanwhile and is warned.
    t.clock.advance(30 * DAY_MS);
    expect(await runJob()).toEqual({ ...zero, deletedCvs: 1, warnedCvs: 1 });
    const cvs = await t.app.db.select({ userId: cvFiles.userId }).from(cvFiles).orderBy(cvFiles.userId);
    expect(cvs.map((c) => c.userId)).toEqual([replaced.id, keptOne.id, fresh.id, recentlyKept.id]);
    const pieces = await t.app.db
      .select({ userId: cvFilePieces.userId })
      .from(cvFilePieces)
      .where(eq(cvFilePieces.userId, stale.id));
    expect(pieces).toEqual([]);
    // The account stays: only the CV went.
    expect(await exists(stale.id)).toBe(true);
    expect((await notices()).map((n) => [n.userId, n.kind])).toEqual([[fresh.id, 'cv']]);
  });

  it("does not warn the CV of an account already warned: the account's erasure takes it", async () => {
    const user = await createPharmacist(t.app.db);
    await giveCv(t.app.db, user.id);
    await setCvTime(user.id, monthsAgoPlus(30, 0));
    await setActive(user.id, monthsAgoPlus(30, 0));
    expect(await runJob()).toEqual({ ...zero, warnedAccounts: 1 });
    expect((await notices()).map((n) => n.kind)).toEqual(['account']);
  });
});

describe('the retention job: notifications and mails', () => {
  it('deletes read notifications past 12 months and mails sent or given up past 30 days; keeps the rest', async () => {
    const user = await createPharmacist(t.app.db);
    const note = (createdAt: Date, readAt: Date | null, title: string) => ({
      userId: user.id,
      type: 'application_seen',
      title,
      body: '',
      link: '/',
      createdAt,
      readAt,
    });
    await t.app.db
      .insert(notifications)
      .values([
        note(monthsAgoPlus(13, 0), monthsAgoPlus(13, 0), 'old read'),
        note(monthsAgoPlus(13, 0), null, 'old unread'),
        note(monthsAgoPlus(12, 1), monthsAgoPlus(12, 1), 'recent read'),
        note(monthsAgoPlus(12, -1), now(), 'old read yesterday'),
      ]);
    const daysAgo = (days: number) => new Date(now().getTime() - days * DAY_MS);
    const mail = (subject: string, at: { sentAt?: Date; failedAt?: Date; createdAt: Date }) => ({
      userId: user.id,
      to: user.email,
      subject,
      text: '',
      html: '',
      ...at,
    });
    await t.app.db
      .insert(mailOutbox)
      .values([
        mail('sent long ago', { createdAt: daysAgo(40), sentAt: daysAgo(31) }),
        mail('failed long ago', { createdAt: daysAgo(40), failedAt: daysAgo(31) }),
        mail('sent recently', { createdAt: daysAgo(40), sentAt: daysAgo(29) }),
        mail('failed recently', { createdAt: daysAgo(40), failedAt: daysAgo(29) }),
        mail('still waiting', { createdAt: daysAgo(40) }),
      ]);
    expect(await runJob()).toEqual({ ...zero, notifications: 2, mails: 2 });
    const titles = await t.app.db.select({ title: notifications.title }).from(notifications).orderBy(notifications.id);
    expect(titles.map((n) => n.title)).toEqual(['old unread', 'recent read']);
    const subjects = await t.app.db.select({ subject: mailOutbox.subject }).from(mailOutbox).orderBy(mailOutbox.id);
    expect(subjects.map((m) => m.subject)).toEqual(['sent recently', 'failed recently', 'still waiting']);
    expect(await runJob()).toEqual(zero);
  });
});

describe('the retention job: spent links', () => {
  it('prunes expired reset and keep links, which answer as before; e-mail links stay, used or expired, with their answers', async () => {
    const user = await createPharmacist(t.app.db);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password/', payload: { email: user.email } });
    await setActive(user.id, monthsAgoPlus(30, 0));
    await runJob();
    const keepLink = await keepToken(user.id);
    await login(t.app, user.email, user.password);
    const register = async (email: string) => {
      const profile = { ...pharmacistProfile(), userRole: 'farmacista', privacyPolicyConsent: true };
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/user/register/',
        payload: { username: email, password: 'password-nuova', profile },
      });
      expect(answer.statusCode).toBe(201);
    };
    await register('usato@example.it');
    await register('scaduto@example.it');
    await t.app.outbox.runOnce();
    const linkTo = (email: string, path: string) =>
      t.smtp.received
        .filter((mail) => mail.to.includes(email))
        .map((mail) => mail.text.match(new RegExp(`/${path}/([A-Za-z0-9_-]+)`))?.[1])
        .find(Boolean) ?? '';
    const reset = linkTo(user.email, 'reset-password');
    const verify = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/verify-email/', payload: { token: linkTo(email, 'conferma-email') } });
    expect((await verify('usato@example.it')).statusCode).toBe(200);

    const answers = async () => [
      (
        await t.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { token: reset, password: 'altra-password' } })
      ).json(),
      (await keep(keepLink)).json(),
      (await verify('usato@example.it')).json(),
      (await verify('scaduto@example.it')).json(),
    ];
    t.clock.advance(3 * DAY_MS);
    const before = await answers();
    expect(before.map((answer) => answer.code)).toEqual([
      'invalid_reset_token',
      'retention_link_invalid',
      'email_link_used',
      'email_link_expired',
    ]);

    t.clock.advance(90 * DAY_MS);
    expect(await runJob()).toMatchObject({ erasedAccounts: 0, tokens: 2 });
    expect(await answers()).toEqual(before);
    expect(await runJob()).toMatchObject({ tokens: 0 });
  });
});

describe('the retention periods', () => {
  it('answers the configured periods without a login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/privacy/retention/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      contact_days: 90,
      account_inactivity_months: 24,
      cv_months: 24,
      warning_days: 30,
      read_notification_months: 12,
      sent_mail_days: 30,
      audit_days: 730,
    });
  });
});

describe('retention races: no 500, no error', () => {
  it('the job erasing a user while the user logs in: either the login wins and the account stays, or it is gone (401)', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const user = await createPharmacist(t.app.db);
      await setActive(user.id, monthsAgoPlus(30, 0));
      await runJob();
      t.clock.advance(31 * DAY_MS);
      const [answer, round_] = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/token/', payload: { username: user.email, password: user.password } }),
        runJob(),
      ]);
      const there = await exists(user.id);
      expect(round_).not.toBeNull();
      if (answer.statusCode === 200) expect(there).toBe(true);
      else {
        expect(answer.statusCode).toBe(401);
        expect(there).toBe(false);
      }
      outcomes.push(`${answer.statusCode}`);
      t.clock.now = new Date();
    }
    expect(outcomes.filter((s) => !['200', '401'].includes(s))).toEqual([]);
  });

  it('the job erasing a user while the keep link is pressed: kept (200) and there, or gone (404)', async () => {
    for (let round = 0; round < 8; round++) {
      const user = await createPharmacist(t.app.db);
      await setActive(user.id, monthsAgoPlus(30, 0));
      await runJob();
      const token = await keepToken(user.id);
      t.clock.advance(31 * DAY_MS);
      const [answer] = await Promise.all([keep(token), runJob()]);
      expect([200, 404]).toContain(answer.statusCode);
      expect(await exists(user.id)).toBe(answer.statusCode === 200);
      t.clock.now = new Date();
    }
  });

  it('two presses of one keep link at once: one keeps (200), the other finds it used (404), never 500', async () => {
    for (let round = 0; round < 4; round++) {
      const user = await createPharmacist(t.app.db);
      await giveCv(t.app.db, user.id);
      await setCvTime(user.id, monthsAgoPlus(30, 0));
      await setActive(user.id, monthsAgoPlus(round % 2 ? 30 : 0, 0));
      await runJob();
      const token = await keepToken(user.id);
      const answers = await Promise.all([keep(token), keep(token), keep(token)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404]);
      expect(answers.filter((a) => a.statusCode === 404).map((a) => a.json().code)).toEqual([
        'retention_link_invalid',
        'retention_link_invalid',
      ]);
      // The account's link in one round, the CV's in the other: that notice went, once.
      const kind = round % 2 ? 'account' : 'cv';
      expect(answers.find((a) => a.statusCode === 200)?.json().kind).toBe(kind);
      expect((await notices()).filter((n) => n.userId === user.id && n.kind === kind)).toEqual([]);
    }
  });

  it('two instances running the job at once, and each step run twice at once: warned once, erased once, no error', async () => {
    const other = await buildOtherInstance(t);
    others.push(other);
    const people = await Promise.all(Array.from({ length: 6 }, () => createPharmacist(t.app.db)));
    for (const u of people) await setActive(u.id, monthsAgoPlus(30, 0));
    const both = async () => {
      const rounds = await Promise.all([
        t.app.jobs.run<TRetentionRound>('retention'),
        other.jobs.run<TRetentionRound>('retention'),
      ]);
      return rounds.reduce((sum, r) => sum + (r ? r.warnedAccounts + r.erasedAccounts : 0), 0);
    };
    expect(await both()).toBe(6);
    expect(await t.app.db.select().from(mailOutbox)).toHaveLength(6);
    t.clock.advance(31 * DAY_MS);
    expect(await both()).toBe(6);
    expect(await t.app.db.select().from(users).where(eq(users.role, 'farmacista'))).toEqual([]);

    // Without the runner's lock, each step is still safe to run twice at once.
    const erased: number[] = [];
    t.app.events.afterCommit(['user.erased'], (events) => erased.push(...events.map((event) => event.userId)));
    const deps: TRoundDeps = { db: t.app.db, settings: t.config, publicUrl: () => 'http://x', events: t.app.events };
    const more = await Promise.all(Array.from({ length: 6 }, () => createPharmacist(t.app.db)));
    for (const u of more) {
      await setActive(u.id, monthsAgoPlus(30, 0));
      await giveCv(t.app.db, u.id);
      await setCvTime(u.id, monthsAgoPlus(30, 0));
    }
    const twice = async (step: typeof warnInactiveAccounts) => {
      const [a, b] = await Promise.all([step(deps, now()), step(deps, now())]);
      return a + b;
    };
    expect(await twice(warnInactiveAccounts)).toBe(6);
    // Three of them keep the account: their CVs are warned instead.
    for (const u of more.slice(0, 3)) expect((await keep(await keepToken(u.id))).statusCode).toBe(200);
    expect(await twice(warnStaleCvs)).toBe(3);
    t.clock.advance(31 * DAY_MS);
    expect(await twice(eraseInactiveAccounts)).toBe(3);
    expect(await twice(deleteStaleCvs)).toBe(3);
    expect(erased.sort()).toEqual(
      more
        .slice(3)
        .map((u) => u.id)
        .sort(),
    );
    expect(await t.app.db.select().from(cvFiles)).toEqual([]);
    expect(await notices()).toEqual([]);
  });
});
