/**
 * The admin audit log (decision 061): each admin action and each read of someone's personal data leaves one entry,
 * written with the action (none when it fails); the admins' list with its filters; no route changes an entry; the
 * nightly pruning.
 */
import { MESSAGES, OUTAGE_MESSAGES, type TAuditLogEntry } from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, tableSnapshot, useTestApp } from '../../../test/helpers';
import { auditLog, pharmacies } from '../../db/schema';
import { giveCv, makeCvPdf, setVerification } from '../../factories';
import { importRegistry, sampleRegistryCsv } from '../pharmacies';
import { storeVerificationDocument } from '../verifications';
import { CLI_ACTOR, recordAdminAction } from '.';

const t = useTestApp();
const DAY_MS = 86_400_000;

const list = (who: TSignedIn | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/audit/?${query}`, headers: who?.headers ?? {} });
const entries = async (admin: TSignedIn, query = ''): Promise<TAuditLogEntry[]> => {
  const response = await list(admin, query);
  expect(response.statusCode).toBe(200);
  return response.json().results;
};
const rowCount = async () => (await t.app.db.select({ id: auditLog.id }).from(auditLog)).length;
const download = (url: string) => {
  const link = new URL(url);
  return t.app.inject({ method: 'GET', url: link.pathname + link.search });
};
const decide = (admin: TSignedIn, userId: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/verifications/${userId}/`, headers: admin.headers, payload });
const userDetails = (admin: TSignedIn, userId: number) =>
  t.app.inject({ method: 'GET', url: `/api/users/${userId}/details/`, headers: admin.headers });

/** Makes every insert into the log fail until `restore` (the table renamed away), on either database. */
async function withBrokenLog<T>(work: () => Promise<T>): Promise<T> {
  await t.app.db.execute(sql`alter table audit_log rename to audit_log_away`);
  try {
    return await work();
  } finally {
    await t.app.db.execute(sql`alter table audit_log_away rename to audit_log`);
  }
}

describe('admin actions leave their entry, written with them', () => {
  it('approving an owner records verification.verify with the role; deciding again is refused and records nothing', async () => {
    const admin = await signedIn(t.app, 'admin');
    const owner = await signedIn(t.app, 'titolare', { verified: false });
    await setVerification(t.app.db, owner.user.id, 'pending');
    expect((await decide(admin, owner.user.id, { decision: 'verified' })).statusCode).toBe(200);
    const [entry, ...others] = await entries(admin);
    expect(others).toHaveLength(0);
    expect(entry).toMatchObject({
      action: 'verification.verify',
      actor: { id: admin.user.id, email: admin.user.email },
      target_user: { id: owner.user.id, email: owner.user.email },
      details: { role: 'titolare' },
    });
    expect(Date.parse(entry?.at ?? '')).not.toBeNaN();

    expect((await decide(admin, owner.user.id, { decision: 'rejected', reason: 'Tardi' })).statusCode).toBe(409);
    expect(await rowCount()).toBe(1);
  });

  it('rejecting a pharmacist records verification.reject with the reason the user was told', async () => {
    const admin = await signedIn(t.app, 'admin');
    const anna = await signedIn(t.app, 'farmacista', { verified: false });
    await setVerification(t.app.db, anna.user.id, 'pending');
    const reason = "Numero di iscrizione all'albo non trovato";
    expect((await decide(admin, anna.user.id, { decision: 'rejected', reason })).statusCode).toBe(200);
    expect(await entries(admin)).toMatchObject([
      { action: 'verification.reject', target_user: { id: anna.user.id }, details: { role: 'farmacista', reason } },
    ]);
  });

  it('moving an owner records pharmacy.set_coordinates with the old and new position; an unknown owner records nothing', async () => {
    const admin = await signedIn(t.app, 'admin');
    const owner = await signedIn(t.app, 'titolare');
    await t.app.db.execute(sql`update profiles set lat = 41.9, lng = 12.5 where user_id = ${owner.user.id}`);
    const move = (userId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/update_location/',
        headers: admin.headers,
        payload: { userId, lat: 45.46, lng: 9.19 },
      });
    expect((await move(owner.user.id)).statusCode).toBe(200);
    expect(await entries(admin)).toMatchObject([
      {
        action: 'pharmacy.set_coordinates',
        target_user: { id: owner.user.id },
        details: { old_lat: 41.9, old_lng: 12.5, new_lat: 45.46, new_lng: 9.19 },
      },
    ]);
    expect((await move(admin.user.id)).statusCode).toBe(404);
    expect(await rowCount()).toBe(1);
  });

  it('an import from the web records registry.import with its counts; a file of the wrong layout records nothing', async () => {
    const admin = await signedIn(t.app, 'admin');
    const upload = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pharmacies/import/',
        headers: { ...admin.headers, 'content-type': 'text/csv' },
        payload,
      });
    expect((await upload('nome;comune\nuna;due\n')).statusCode).toBe(400);
    expect(await rowCount()).toBe(0);
    const response = await upload(sampleRegistryCsv(250, { historical: 5 }));
    expect(response.body).toContain('"type":"done"');
    expect(await entries(admin)).toMatchObject([
      {
        action: 'registry.import',
        actor: { id: admin.user.id },
        target_user: null,
        target_type: 'registry',
        details: { read: 255, imported: 250, updated: 0, skipped: 5, complete: true },
      },
    ]);
  });

  it('the command-line import records its entry with the command line as the actor', async () => {
    await importRegistry(t.app.db, sampleRegistryCsv(30), { audit: { actor: CLI_ACTOR, now: t.clock.now } });
    const admin = await signedIn(t.app, 'admin');
    expect(await entries(admin)).toMatchObject([
      { action: 'registry.import', actor: { id: null, email: 'cli' }, details: { imported: 30 } },
    ]);
    expect(Number((await t.app.db.select({ n: sql<number>`count(*)` }).from(pharmacies))[0]?.n)).toBe(30);
  });
});

describe("reads of someone's personal data are recorded before the data is answered", () => {
  it("opening a user's details records user.view; an unknown user records nothing", async () => {
    const admin = await signedIn(t.app, 'admin');
    const anna = await signedIn(t.app, 'farmacista');
    expect((await userDetails(admin, anna.user.id)).statusCode).toBe(200);
    expect(await entries(admin)).toMatchObject([
      { action: 'user.view', actor: { id: admin.user.id }, target_user: { id: anna.user.id, email: anna.user.email } },
    ]);
    expect((await userDetails(admin, 999_999)).statusCode).toBe(404);
    expect(await rowCount()).toBe(1);
  });

  it('when the entry cannot be written, the details are not answered: 503 in Italian, never 500', async () => {
    const admin = await signedIn(t.app, 'admin');
    const anna = await signedIn(t.app, 'farmacista');
    const refused = await withBrokenLog(() => userDetails(admin, anna.user.id));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: OUTAGE_MESSAGES.auditUnavailable, code: 'audit_unavailable' });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body).not.toContain(anna.user.email);
  });

  it("each page of many people's data (owners with their phones, the verification queue, the reports desk) records its read with its filters", async () => {
    const admin = await signedIn(t.app, 'admin');
    await signedIn(t.app, 'titolare', { profile: { name: 'Ottavio', surname: 'Lanza' } });
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect((await get('/api/users/titolare/?search=Lanza')).statusCode).toBe(200);
    expect((await get('/api/admin/verifications/?status=verified&role=titolare&page=1')).statusCode).toBe(200);
    expect((await get('/api/admin/reports/?status=open')).statusCode).toBe(200);
    const recorded = await entries(admin, `actor=${admin.user.id}`);
    expect(recorded.map((entry) => [entry.action, entry.details])).toEqual([
      ['reports.list', { status: 'open', page: 1, shown: 0 }],
      ['verifications.list', { status: 'verified', role: 'titolare', page: 1, shown: 1 }],
      ['owners.list', { search: 'Lanza', shown: 1 }],
    ]);
    // Reading the log itself is not one of them.
    expect(await rowCount()).toBe(3);
    // No entry, no page: the owners' phones do not leave without their record.
    for (const url of ['/api/users/titolare/?search=Lanza', '/api/admin/verifications/', '/api/admin/reports/']) {
      const refused = await withBrokenLog(() => get(url));
      expect(refused.statusCode, url).toBe(503);
      expect(refused.json().code).toBe('audit_unavailable');
      expect(refused.body).not.toContain('Lanza');
    }
  });

  it("an admin opening a CV records cv.open when the bytes are served; the CV's owner and an owner applied to record nothing", async () => {
    const admin = await signedIn(t.app, 'admin');
    const anna = await signedIn(t.app, 'farmacista');
    await giveCv(t.app.db, anna.user.id);
    const own = (await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: anna.headers })).json();
    expect((await download(own.profile.pdf_file)).statusCode).toBe(200);
    expect(await rowCount()).toBe(0);

    const link: string = (await userDetails(admin, anna.user.id)).json().profile.pdf_file;
    const file = await download(link);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await entries(admin, 'action=cv.open')).map((e) => [e.actor.id, e.target_user?.id])).toEqual([
      [admin.user.id, anna.user.id],
    ]);

    const refused = await withBrokenLog(() => download(link));
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(await entries(admin, 'action=cv.open')).toHaveLength(1);
  });

  it("an admin opening an owner's document records verification.document_open", async () => {
    const admin = await signedIn(t.app, 'admin');
    const owner = await signedIn(t.app, 'titolare', { verified: false });
    await setVerification(t.app.db, owner.user.id, 'pending');
    await storeVerificationDocument(t.app.db, owner.user.id, await makeCvPdf('Visura'), new Date());
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/verifications/', headers: admin.headers });
    const link: string = queue.json().results[0].document_url;
    expect((await download(link)).statusCode).toBe(200);
    expect(await entries(admin)).toMatchObject([
      { action: 'verification.document_open', target_user: { id: owner.user.id } },
      { action: 'verifications.list' },
    ]);
  });
});

describe('GET /api/admin/audit/', () => {
  /** Three entries by two admins at known times, about two users. */
  async function history() {
    const first = await signedIn(t.app, 'admin', { email: 'prima.admin@farmaponte.test' });
    const second = await signedIn(t.app, 'admin', { email: 'seconda.admin@farmaponte.test' });
    const anna = await signedIn(t.app, 'farmacista', { email: 'anna.rossi@example.it' });
    const marco = await signedIn(t.app, 'titolare', { email: 'marco.verdi@example.it' });
    const record = (admin: TSignedIn, action: 'user.view' | 'cv.open', userId: number, at: string) =>
      recordAdminAction(t.app.db, { id: admin.user.id, email: admin.user.email }, { action, targetUserId: userId }, new Date(at));
    // 23:30 in Rome on 9 March is still 9 March there, though 10 March has not begun in UTC either (22:30Z).
    await record(first, 'user.view', anna.user.id, '2026-03-09T22:30:00Z');
    await record(second, 'cv.open', anna.user.id, '2026-03-10T09:00:00Z');
    await record(first, 'user.view', marco.user.id, '2026-03-11T09:00:00Z');
    return { first, second, anna, marco };
  }

  it('answers only admins: 401 without a session, 403 for a pharmacist and an owner', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(await signedIn(t.app, 'farmacista'))).statusCode).toBe(403);
    expect((await list(await signedIn(t.app, 'titolare'))).statusCode).toBe(403);
  });

  it('lists the newest first, pages like the other admin lists, and filters by actor, action, user and days', async () => {
    const { first, second, anna, marco } = await history();
    const all = await list(first);
    expect(all.json()).toMatchObject({ count: 3, next: null, previous: null });
    expect(all.json().results.map((e: TAuditLogEntry) => e.at)).toEqual([
      '2026-03-11T09:00:00.000Z',
      '2026-03-10T09:00:00.000Z',
      '2026-03-09T22:30:00.000Z',
    ]);
    const paged = await list(first, 'page_size=1&action=user.view');
    expect(paged.json()).toMatchObject({ count: 2, next: '/api/admin/audit/?page=2&page_size=1&action=user.view' });
    const secondPage = await list(first, 'page=2&page_size=1&action=user.view');
    expect(secondPage.json()).toMatchObject({ next: null, previous: '/api/admin/audit/?page=1&page_size=1&action=user.view' });
    expect(secondPage.json().results.map((e: TAuditLogEntry) => e.target_user?.id)).toEqual([anna.user.id]);

    const targets = async (query: string) => (await entries(first, query)).map((e) => e.target_user?.id);
    expect(await targets('action=cv.open')).toEqual([anna.user.id]);
    expect(await targets(`actor=${second.user.id}`)).toEqual([anna.user.id]);
    expect(await targets('actor=PRIMA.admin')).toEqual([marco.user.id, anna.user.id]);
    expect(await targets(`target_user=${marco.user.id}`)).toEqual([marco.user.id]);
    expect(await targets('target_user=anna.rossi')).toEqual([anna.user.id, anna.user.id]);
    expect(await targets('from=2026-03-10&to=2026-03-10')).toEqual([anna.user.id]);
    expect(await targets('to=2026-03-09')).toEqual([anna.user.id]);
    expect(await targets('from=2026-03-11')).toEqual([marco.user.id]);
    expect(await targets('actor=99999999999')).toEqual([]);
    expect(await targets('actor=nessuno&action=')).toEqual([]);
  });

  it("keeps an erased user's id with no e-mail", async () => {
    const { first, anna } = await history();
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: anna.headers })).statusCode).toBe(204);
    const about = (await entries(first, `target_user=${anna.user.id}`)).map((e) => e.target_user);
    expect(about).toEqual([
      { id: anna.user.id, email: null },
      { id: anna.user.id, email: null },
    ]);
  });

  it('refuses bad filters with an Italian message', async () => {
    const admin = await signedIn(t.app, 'admin');
    const refused = async (query: string) => {
      const response = await list(admin, query);
      expect(response.statusCode).toBe(400);
      return response.json().message;
    };
    expect(await refused('action=user.delete')).toBe(MESSAGES.auditUnknownAction);
    expect(await refused('from=2026-02-30')).toBe(MESSAGES.auditDate);
    expect(await refused('to=ieri')).toBe(MESSAGES.auditDate);
    expect(await refused('from=2026-03-10&to=2026-03-09')).toBe(MESSAGES.auditDateOrder);
    expect(await refused('page=0')).toBe(MESSAGES.invalidInput);
    expect(await refused('page_size=1000')).toBe(MESSAGES.invalidInput);
  });

  it('has no way to change or delete an entry', async () => {
    const { first } = await history();
    const [entry] = await entries(first);
    const before = await tableSnapshot(t.database);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const)
      for (const url of ['/api/admin/audit/', `/api/admin/audit/${entry?.id}/`]) {
        const response = await t.app.inject({ method, url, headers: first.headers, payload: { action: 'cv.open' } });
        expect([404, 405]).toContain(response.statusCode);
      }
    expect(await tableSnapshot(t.database)).toEqual(before);
  });
});

describe('the audit-prune job', () => {
  it('deletes exactly the entries older than the retention period (730 days by default)', async () => {
    const admin = await signedIn(t.app, 'admin');
    const actor = { id: admin.user.id, email: admin.user.email };
    const now = t.clock.now.getTime();
    const ages = [731, 730.01, 729.99, 1, 0];
    for (const [i, days] of ages.entries())
      await recordAdminAction(t.app.db, actor, { action: 'user.view', targetUserId: i + 1 }, new Date(now - days * DAY_MS));
    expect(await t.app.jobs.run('audit-prune')).toEqual({ deleted: 2 });
    expect((await entries(admin)).map((e) => e.target_user?.id)).toEqual([5, 4, 3]);
    expect(await t.app.jobs.run('audit-prune')).toEqual({ deleted: 0 });
  });
});
