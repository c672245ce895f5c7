/**
 * Reports, the admins' desk and suspensions (decision 062): who may do what, bad input, the quota, what a resolution
 * and a suspension change for the people involved, and the races (on PostgreSQL requests really run at once).
 */
import { LIMITS, MESSAGES } from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { createApplication, createOffer, createUser } from '../../factories';

const t = useTestApp();

const post = (url: string, headers: Record<string, string> | undefined, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

/** An owner with an open offer, a pharmacist who applied to it, and an admin. */
async function scene() {
  const owner = await signedIn(t.app, 'titolare');
  const pharmacist = await signedIn(t.app, 'farmacista');
  const admin = await signedIn(t.app, 'admin');
  const offer = await createOffer(t.app.db, owner.user.id, { title: 'Offerta troppo bella' });
  const application = await createApplication(t.app.db, offer.id, pharmacist.user.id);
  return { owner, pharmacist, admin, offer, application };
}

const reportOffer = (who: TSignedIn, offerId: number, extra: object = {}) =>
  post('/api/reports/', who.headers, { target_type: 'offer', target_id: offerId, reason: 'fake', ...extra });

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await t.app.db.execute(query))[0] as T;
}

describe('POST /api/reports/', () => {
  it('refuses an anonymous report (401)', async () => {
    const { offer } = await scene();
    const answer = await post('/api/reports/', undefined, { target_type: 'offer', target_id: offer.id, reason: 'fake' });
    expect(answer.statusCode).toBe(401);
  });

  it('files a report of an offer once: 201, then 409 while it is open', async () => {
    const { pharmacist, offer, owner } = await scene();
    const first = await reportOffer(pharmacist, offer.id, { details: 'Stipendio irreale' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: MESSAGES.reportSent });
    const again = await reportOffer(pharmacist, offer.id, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'report_duplicate', message: MESSAGES.reportDuplicate });
    const row = await one<{ target_user_id: number; details: string }>(sql`select target_user_id, details from reports`);
    expect(row).toEqual({ target_user_id: owner.user.id, details: 'Stipendio irreale' });
  });

  it('refuses bad input with an Italian message and writes nothing', async () => {
    const { pharmacist, offer } = await scene();
    const cases = [
      { target_type: 'pharmacy', target_id: offer.id, reason: 'fake' },
      { target_type: 'offer', target_id: offer.id, reason: 'boring' },
      { target_type: 'offer', target_id: 'abc', reason: 'fake' },
      { target_type: 'offer', target_id: offer.id, reason: 'other' },
      { target_type: 'offer', target_id: offer.id, reason: 'other', details: '   ' },
      { target_type: 'offer', target_id: offer.id, reason: 'spam', details: 'x'.repeat(LIMITS.reportDetailsMaxLength + 1) },
    ];
    for (const payload of cases) {
      const answer = await post('/api/reports/', pharmacist.headers, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const details = await post('/api/reports/', pharmacist.headers, {
      target_type: 'offer',
      target_id: offer.id,
      reason: 'other',
    });
    expect(details.json().fields.details).toBe(MESSAGES.reportDetailsRequired);
    expect(await one<{ n: number }>(sql`select count(*)::int as n from reports`)).toEqual({ n: 0 });
  });

  it('answers 404 for a missing offer and for one the reporter cannot see, 400 for their own', async () => {
    const { owner, pharmacist } = await scene();
    const waiting = await createOffer(t.app.db, owner.user.id, { publishedAt: null });
    expect((await reportOffer(pharmacist, 999_999)).statusCode).toBe(404);
    const unseen = await reportOffer(pharmacist, waiting.id);
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json().message).toBe(MESSAGES.reportTargetNotFound);
    const own = await reportOffer(owner, waiting.id);
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('report_self');
  });

  it('reports a user only across an application between the two, never oneself', async () => {
    const { owner, pharmacist } = await scene();
    const stranger = await signedIn(t.app, 'farmacista');
    const report = (who: TSignedIn, targetId: number) =>
      post('/api/reports/', who.headers, { target_type: 'user', target_id: targetId, reason: 'inappropriate' });
    expect((await report(owner, pharmacist.user.id)).statusCode).toBe(201);
    expect((await report(pharmacist, owner.user.id)).statusCode).toBe(201);
    expect((await report(stranger, owner.user.id)).statusCode).toBe(404);
    expect((await report(owner, stranger.user.id)).statusCode).toBe(404);
    expect((await report(owner, 999_999)).statusCode).toBe(404);
    expect((await report(owner, owner.user.id)).statusCode).toBe(400);
  });

  it(`allows ${LIMITS.reportsPerDay} reports a day per reporter, then 429 with Retry-After`, async () => {
    const { pharmacist, offer } = await scene();
    for (let i = 0; i < LIMITS.reportsPerDay; i++)
      expect([201, 409]).toContain((await reportOffer(pharmacist, offer.id)).statusCode);
    const refused = await reportOffer(pharmacist, offer.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'report_quota', message: MESSAGES.reportsPerDayLimit });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('two reports at once by one reporter on one target: one 201, one 409', async () => {
    const { pharmacist, offer } = await scene();
    const answers = await Promise.all([reportOffer(pharmacist, offer.id), reportOffer(pharmacist, offer.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('the admins desk', () => {
  it('refuses the desk and its actions to anonymous users (401) and to non-admins (403)', async () => {
    const { owner, pharmacist, offer } = await scene();
    const { json } = await reportOffer(pharmacist, offer.id);
    const reportId = json().id as number;
    const calls = [
      () => ['GET', '/api/admin/reports/', undefined] as const,
      () => ['POST', `/api/admin/reports/${reportId}/resolve/`, { action: 'dismiss', note: '' }] as const,
      () => ['POST', `/api/admin/users/${owner.user.id}/suspend/`, { reason: 'Truffa' }] as const,
      () => ['POST', `/api/admin/users/${owner.user.id}/reinstate/`, {}] as const,
    ];
    for (const call of calls) {
      const [method, url, payload] = call();
      expect((await t.app.inject({ method, url, payload })).statusCode, url).toBe(401);
      for (const who of [owner, pharmacist])
        expect((await t.app.inject({ method, url, payload, headers: who.headers })).statusCode, url).toBe(403);
    }
    expect(await one<{ status: string }>(sql`select status from reports`)).toEqual({ status: 'open' });
  });

  it('lists open reports grouped by target with the person and their history', async () => {
    const { owner, pharmacist, admin, offer } = await scene();
    const other = await signedIn(t.app, 'farmacista');
    await createApplication(t.app.db, offer.id, other.user.id);
    await reportOffer(pharmacist, offer.id);
    await post('/api/reports/', owner.headers, { target_type: 'user', target_id: pharmacist.user.id, reason: 'spam' });
    await reportOffer(other, offer.id, { reason: 'other', details: 'Numero di telefono falso' });
    const page = await get('/api/admin/reports/', admin.headers);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.count).toBe(3);
    expect(body.results.map((r: { target_type: string; target_id: number }) => `${r.target_type}:${r.target_id}`)).toEqual([
      `offer:${offer.id}`,
      `offer:${offer.id}`,
      `user:${pharmacist.user.id}`,
    ]);
    expect(body.results[0].target).toMatchObject({
      label: 'Offerta troppo bella',
      offer_status: 'open',
      user_id: owner.user.id,
      user_email: owner.user.email,
      suspended: false,
      verification_status: 'verified',
    });
    expect((await get('/api/admin/reports/?status=resolved', admin.headers)).json().count).toBe(0);
    expect((await get('/api/admin/reports/?status=maybe', admin.headers)).statusCode).toBe(400);
  });

  it('dismissing one report resolves every open report on the same target; a second resolution is 409', async () => {
    const { pharmacist, admin, offer } = await scene();
    const other = await signedIn(t.app, 'farmacista');
    await createApplication(t.app.db, offer.id, other.user.id);
    const first = (await reportOffer(pharmacist, offer.id)).json().id;
    const second = (await reportOffer(other, offer.id)).json().id;
    const answer = await post(`/api/admin/reports/${first}/resolve/`, admin.headers, {
      action: 'dismiss',
      note: 'Offerta regolare',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: MESSAGES.reportResolved, resolved: 2 });
    const again = await post(`/api/admin/reports/${second}/resolve/`, admin.headers, { action: 'dismiss', note: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.reportAlreadyResolved);
    const resolved = (await get('/api/admin/reports/?status=resolved', admin.headers)).json();
    expect(resolved.results.map((r: { resolved_action: string }) => r.resolved_action)).toEqual(['dismiss', 'dismiss']);
    const audit = await one<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'report.resolve'`);
    expect(audit.n).toBe(1);
    // The same person reported again: the desk shows the earlier reports.
    expect((await reportOffer(pharmacist, offer.id)).statusCode).toBe(201);
    const open = (await get('/api/admin/reports/', admin.headers)).json();
    expect(open.results[0]).toMatchObject({ earlier_reports: 2, earlier_actions: ['dismiss'] });
  });

  it('refuses bad resolutions: unknown action 400, hiding a user 400, a missing report 404', async () => {
    const { owner, pharmacist, admin } = await scene();
    const userReport = (
      await post('/api/reports/', owner.headers, { target_type: 'user', target_id: pharmacist.user.id, reason: 'spam' })
    ).json().id;
    expect((await post(`/api/admin/reports/${userReport}/resolve/`, admin.headers, { action: 'ban', note: '' })).statusCode).toBe(
      400,
    );
    const hide = await post(`/api/admin/reports/${userReport}/resolve/`, admin.headers, { action: 'hide_offer', note: '' });
    expect(hide.statusCode).toBe(400);
    expect(hide.json().message).toBe(MESSAGES.reportHideNotAnOffer);
    expect((await post('/api/admin/reports/999999/resolve/', admin.headers, { action: 'dismiss', note: '' })).statusCode).toBe(
      404,
    );
    expect((await post('/api/admin/reports/abc/resolve/', admin.headers, { action: 'dismiss', note: '' })).statusCode).toBe(400);
  });

  it('hiding an offer closes it, answers its applicants, takes it off the search, and the owner cannot reopen it', async () => {
    const { owner, pharmacist, admin, offer } = await scene();
    const reportId = (await reportOffer(pharmacist, offer.id)).json().id;
    const answer = await post(`/api/admin/reports/${reportId}/resolve/`, admin.headers, { action: 'hide_offer', note: 'Falsa' });
    expect(answer.statusCode).toBe(200);
    const row = await one<{ hidden: boolean; closed: boolean }>(
      sql`select hidden_at is not null as hidden, closed_at is not null as closed from offers where id = ${offer.id}`,
    );
    expect(row).toEqual({ hidden: true, closed: true });
    const list = (await get('/api/offers/', pharmacist.headers)).json() as { id: number }[];
    expect(list.map((o) => o.id)).not.toContain(offer.id);
    const application = await one<{ status: string; message: string }>(sql`select status, message from applications`);
    expect(application).toEqual({ status: 'rejected', message: MESSAGES.autoRejectClosed });
    const bell = (await get('/api/notifications/', pharmacist.headers)).json();
    expect(bell.results[0].type).toBe('offer_closed');
    const reopen = await post(`/api/offers/${offer.id}/reopen/`, owner.headers);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toMatchObject({ code: 'offer_hidden', message: MESSAGES.offerHiddenCannotReopen });
  });

  it('resolving with suspend_user suspends the offer owner', async () => {
    const { owner, pharmacist, admin, offer } = await scene();
    const reportId = (await reportOffer(pharmacist, offer.id)).json().id;
    const answer = await post(`/api/admin/reports/${reportId}/resolve/`, admin.headers, {
      action: 'suspend_user',
      note: 'Offerte false ripetute',
    });
    expect(answer.statusCode).toBe(200);
    expect((await get('/api/offers/mine/', owner.headers)).statusCode).toBe(401);
    const user = await one<{ reason: string }>(sql`select suspended_reason as reason from users where id = ${owner.user.id}`);
    expect(user.reason).toBe('Offerte false ripetute');
    const actions = rowsOf<{ action: string }>(await t.app.db.execute(sql`select action from audit_log order by id`));
    expect(actions.map((a) => a.action)).toEqual(['user.suspend', 'report.resolve']);
  });

  it('two admins resolving one report at once: one 200, one 409', async () => {
    const { pharmacist, admin, offer } = await scene();
    const second = await signedIn(t.app, 'admin');
    for (const action of ['dismiss', 'suspend_user'] as const) {
      const other = await signedIn(t.app, 'farmacista');
      const owner = await signedIn(t.app, 'titolare');
      const target = action === 'dismiss' ? offer : await createOffer(t.app.db, owner.user.id);
      await createApplication(t.app.db, target.id, other.user.id);
      const reportId = (await reportOffer(action === 'dismiss' ? pharmacist : other, target.id)).json().id;
      const answers = await Promise.all(
        [admin, second].map((a) => post(`/api/admin/reports/${reportId}/resolve/`, a.headers, { action, note: 'Motivo' })),
      );
      expect(answers.map((a) => a.statusCode).sort(), action).toEqual([200, 409]);
    }
  });
});

describe('suspending a user', () => {
  it('ends every session at once, refuses login and refresh with 403, closes offers, withdraws applications, mails the reason', async () => {
    const { owner, pharmacist, admin, offer } = await scene();
    const otherOwner = await signedIn(t.app, 'titolare');
    const elsewhere = await createOffer(t.app.db, otherOwner.user.id, { title: 'Turno a Lecce' });
    await createApplication(t.app.db, elsewhere.id, owner.user.id).catch(() => undefined);
    // The pharmacist of the scene applied to the owner's offer; suspend the owner.
    expect((await get('/api/offers/mine/', owner.headers)).statusCode).toBe(200);
    const answer = await post(`/api/admin/users/${owner.user.id}/suspend/`, admin.headers, { reason: 'Offerte ingannevoli' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe(MESSAGES.userSuspended);
    expect((await get('/api/offers/mine/', owner.headers)).statusCode).toBe(401);
    const login = await post('/api/token/', undefined, { username: owner.user.email, password: owner.user.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ code: 'account_suspended', message: MESSAGES.accountSuspended });
    const refresh = await post('/api/token/refresh/', undefined, { refresh: owner.refresh });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json().code).toBe('account_suspended');
    const wrongPassword = await post('/api/token/', undefined, { username: owner.user.email, password: 'Sbagliata2026!' });
    expect(wrongPassword.statusCode).toBe(401);
    const closed = await one<{ closed: boolean; hidden: boolean }>(
      sql`select closed_at is not null as closed, hidden_at is not null as hidden from offers where id = ${offer.id}`,
    );
    expect(closed).toEqual({ closed: true, hidden: false });
    const bell = (await get('/api/notifications/', pharmacist.headers)).json();
    expect(bell.results[0].type).toBe('offer_closed');
    await t.app.outbox.runOnce();
    const mail = t.smtp.lastTo(owner.user.email);
    expect(mail?.text).toContain('Offerte ingannevoli');
    const again = await post(`/api/admin/users/${owner.user.id}/suspend/`, admin.headers, { reason: 'Ancora' });
    expect(again.statusCode).toBe(409);
  });

  it("withdraws a suspended pharmacist's waiting applications and tells each owner as a withdrawal", async () => {
    const { owner, pharmacist, admin } = await scene();
    const answer = await post(`/api/admin/users/${pharmacist.user.id}/suspend/`, admin.headers, { reason: 'Profilo falso' });
    expect(answer.statusCode).toBe(200);
    expect(await one<{ status: string }>(sql`select status from applications`)).toEqual({ status: 'withdrawn' });
    const bell = (await get('/api/notifications/', owner.headers)).json();
    expect(bell.results[0].type).toBe('application_withdrawn');
  });

  it('refuses bad input, a missing user, and suspending an admin', async () => {
    const { owner, admin } = await scene();
    const other = await createUser(t.app.db, 'admin');
    for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(LIMITS.suspensionReasonMaxLength + 1) }])
      expect((await post(`/api/admin/users/${owner.user.id}/suspend/`, admin.headers, payload)).statusCode).toBe(400);
    expect((await post('/api/admin/users/999999/suspend/', admin.headers, { reason: 'Truffa' })).statusCode).toBe(404);
    const adminTarget = await post(`/api/admin/users/${other.id}/suspend/`, admin.headers, { reason: 'Truffa' });
    expect(adminTarget.statusCode).toBe(403);
    expect(adminTarget.json().message).toBe(MESSAGES.suspendAdmin);
    const self = await post(`/api/admin/users/${admin.user.id}/suspend/`, admin.headers, { reason: 'Truffa' });
    expect(self.statusCode).toBe(403);
    const row = await one<{ n: number }>(sql`select count(*)::int as n from users where suspended_at is not null`);
    expect(row.n).toBe(0);
  });

  it('reinstating lets the user log in again; their offers stay closed', async () => {
    const { owner, admin, offer } = await scene();
    expect((await post(`/api/admin/users/${owner.user.id}/reinstate/`, admin.headers)).statusCode).toBe(409);
    await post(`/api/admin/users/${owner.user.id}/suspend/`, admin.headers, { reason: 'Verifica in corso' });
    const details = (await get(`/api/users/${owner.user.id}/details/`, admin.headers)).json();
    expect(details).toMatchObject({ suspended_reason: 'Verifica in corso' });
    expect(details.suspended_at).not.toBeNull();
    const answer = await post(`/api/admin/users/${owner.user.id}/reinstate/`, admin.headers);
    expect(answer.statusCode).toBe(200);
    const login = await post('/api/token/', undefined, { username: owner.user.email, password: owner.user.password });
    expect(login.statusCode).toBe(200);
    const mine = (await get('/api/offers/mine/', { authorization: `Bearer ${login.json().access}` })).json();
    expect(mine.find((o: { id: number }) => o.id === offer.id)?.status).toBe('closed');
    expect((await post('/api/admin/users/999999/reinstate/', admin.headers)).statusCode).toBe(404);
  });

  it('suspending during a publish: never a 500, and no open offer is left for the suspended owner', async () => {
    const admin = await signedIn(t.app, 'admin');
    const payload = { title: 'Turno serale', description: 'Banco.', salary: '', date_from: null, date_to: null };
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      const owner = await signedIn(t.app, 'titolare');
      const answers = await Promise.all([
        post('/api/offers/create/', owner.headers, payload),
        post('/api/offers/create/', owner.headers, payload),
        post(`/api/admin/users/${owner.user.id}/suspend/`, admin.headers, { reason: 'Truffa' }),
        post('/api/offers/create/', owner.headers, payload),
      ]);
      statuses.push(...answers.map((a) => a.statusCode));
      const open = await one<{ n: number }>(
        sql`select count(*)::int as n from offers where owner_id = ${owner.user.id} and closed_at is null`,
      );
      expect(open.n).toBe(0);
    }
    expect(statuses.filter((s) => ![200, 201, 401, 403].includes(s))).toEqual([]);
  });
});
