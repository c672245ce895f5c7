/**
 * Who opened my CV and contact data that expire (docs/decisions/067): each opening by someone else is recorded with the
 * names as they were, the pharmacist lists their own, and an owner sees an applicant's phone, residence and CV only
 * while the application is open or accepted and for CONTACT_RETENTION_DAYS after the offer's last day (the test
 * clock moves; never a real wait).
 */
import { daysFromNow, MESSAGES, todayInItaly } from '@farmaponte/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls, hiringScenario } from '../../../test/hiring-loop';
import { applicationEvents, auditLog, cvViews } from '../../db/schema';
import { createAdmin, createOffer } from '../../factories';

const t = useTestApp();
const call = hiringCalls(t);
const DAY = 86_400_000;

const open = (url: string) => {
  const link = new URL(url);
  return t.app.inject({ method: 'GET', url: link.pathname + link.search });
};
const views = (who: TSignedIn | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/user/cv-views/${query}`, headers: who?.headers });

/** An owner with an offer ending in `days` days (or none), and Anna who applied to it; the owner's card of it. */
async function applied(dateTo: string | null = daysFromNow(10, t.clock.now)) {
  const s = await hiringScenario(t, { dateTo, title: 'Turno sabato' });
  const anna = await s.pharmacist('Anna');
  const { id } = (await call.apply(anna, s.offer.id)).json();
  // A fresh login each time: the clock moves past the access token's 15 minutes.
  const card = async () => {
    const headers = bearer((await login(t.app, s.owner.user.email, s.owner.user.password)).access);
    const list = await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers });
    return list.json().find((a: { id: number }) => a.id === id);
  };
  return { ...s, anna, applicationId: id as number, card };
}

describe('the opening of a CV is recorded (cv_views)', () => {
  it("an owner's opening from the card: name, pharmacy, application and offer; the pharmacist's own is not", async () => {
    const s = await applied();
    const link: string = (await s.card()).farmacista.pdf_file;
    expect(link).toContain(`&application=${s.applicationId}`);
    expect((await open(link)).statusCode).toBe(200);
    const own = (await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: s.anna.headers })).json().profile
      .pdf_file;
    expect((await open(own)).statusCode).toBe(200);

    const rows = await t.database.db.select().from(cvViews);
    expect(rows).toEqual([
      expect.objectContaining({
        pharmacistId: s.anna.user.id,
        viewerId: s.owner.user.id,
        viewerRole: 'titolare',
        viewerName: 'Marco Rossi',
        pharmacyName: 'Farmacia Centrale',
        applicationId: s.applicationId,
        offerTitle: 'Turno sabato',
        at: t.clock.now,
      }),
    ]);
    // The same opening made the application `seen`.
    expect((await s.card()).status).toBe('seen');
  });

  it('the application a link names cannot be changed: another id breaks the signature (403)', async () => {
    const s = await applied();
    const link = new URL((await s.card()).farmacista.pdf_file);
    link.searchParams.set('application', String(s.applicationId + 1));
    expect((await open(link.toString())).statusCode).toBe(403);
    link.searchParams.delete('application');
    expect((await open(link.toString())).statusCode).toBe(403);
    expect(await t.database.db.select().from(cvViews)).toEqual([]);
  });

  it('a link without an application counts the most recent one still open', async () => {
    const s = await applied();
    const second = await createOffer(t.database.db, s.owner.user.id, {
      title: 'Turno domenica',
      dateTo: daysFromNow(20, t.clock.now),
    });
    t.clock.advance(60_000);
    const { id } = (await call.apply(s.anna, second.id)).json();
    expect((await open(t.app.cvLinks.linkFor(s.anna.user.id, s.owner.user.id))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(cvViews);
    expect(row).toMatchObject({ applicationId: id, offerTitle: 'Turno domenica' });
  });

  it("an admin's opening is recorded as 'Staff Farmaponte', with its audit entry, and is not limited", async () => {
    const s = await applied(daysFromNow(1, t.clock.now));
    await call.decide(s.owner, s.applicationId, { decision: 'rejected' });
    t.clock.advance(400 * DAY);
    const admin = await createAdmin(t.database.db);
    expect((await open(t.app.cvLinks.linkFor(s.anna.user.id, admin.id))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(cvViews);
    expect(row).toMatchObject({
      viewerRole: 'admin',
      viewerName: 'Staff Farmaponte',
      pharmacyName: null,
      applicationId: null,
      offerTitle: null,
    });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'cv.open'));
    expect(entries).toHaveLength(1);
  });

  it('two openings at once: both recorded, the application seen once, never a 500', async () => {
    const s = await applied();
    const link: string = (await s.card()).farmacista.pdf_file;
    const answers = await Promise.all([open(link), open(link), open(link)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await t.database.db.select().from(cvViews)).toHaveLength(3);
    const seen = await t.database.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.applicationId, s.applicationId), eq(applicationEvents.status, 'seen')));
    expect(seen).toHaveLength(1);
  });
  it('an opening while the owner rejects the application: 200 (recorded) or 410 (nothing recorded), never a 500', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await applied();
      const link: string = (await s.card()).farmacista.pdf_file;
      const [opened, decided] = await Promise.all([open(link), call.decide(s.owner, s.applicationId, { decision: 'rejected' })]);
      expect(decided.statusCode).toBe(200);
      expect([200, 410]).toContain(opened.statusCode);
      const rows = await t.database.db.select().from(cvViews).where(eq(cvViews.pharmacistId, s.anna.user.id));
      expect(rows).toHaveLength(opened.statusCode === 200 ? 1 : 0);
    }
  });
});

describe('GET /api/user/cv-views/', () => {
  it("the pharmacist's own, newest first, a page at a time", async () => {
    const s = await applied();
    const link: string = (await s.card()).farmacista.pdf_file;
    await open(link);
    t.clock.advance(60_000);
    const admin = await createAdmin(t.database.db);
    await open(t.app.cvLinks.linkFor(s.anna.user.id, admin.id));
    const first = await views(s.anna, '?page=1&page_size=1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      count: 2,
      next: '/api/user/cv-views/?page=2&page_size=1',
      previous: null,
      results: [
        {
          id: expect.any(Number),
          viewer_role: 'admin',
          viewer_name: 'Staff Farmaponte',
          pharmacy_name: null,
          offer_title: null,
          application_id: null,
          at: t.clock.now.toISOString(),
        },
      ],
    });
    const second = (await views(s.anna, '?page=2&page_size=1')).json();
    expect(second.results[0]).toMatchObject({
      viewer_role: 'titolare',
      viewer_name: 'Marco Rossi',
      pharmacy_name: 'Farmacia Centrale',
      offer_title: 'Turno sabato',
      application_id: s.applicationId,
    });
    expect(second.next).toBeNull();
    // Another pharmacist sees none of it.
    const other = await signedIn(t.app, 'farmacista');
    expect((await views(other)).json()).toMatchObject({ count: 0, results: [] });
  });

  it('401 without a login, 403 for an owner and an admin, 400 for a bad page', async () => {
    expect((await views(undefined)).statusCode).toBe(401);
    expect((await views(await signedIn(t.app, 'titolare'))).statusCode).toBe(403);
    expect((await views(await signedIn(t.app, 'admin'))).statusCode).toBe(403);
    const bad = await views(await signedIn(t.app, 'farmacista'), '?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBeTruthy();
  });
});

describe('contact data that expire (CONTACT_RETENTION_DAYS, 90 by default)', () => {
  const contact = (card: { farmacista: Record<string, unknown> }) => ({
    telephone: card.farmacista.telephone,
    comune: card.farmacista.comune,
    provincia_residenza: card.farmacista.provincia_residenza,
    pdf: Boolean(card.farmacista.pdf_file),
    contact_hidden: card.farmacista.contact_hidden,
  });

  it('an open application: shown until 90 days after the last day, then gone and the CV link answers 410', async () => {
    const s = await applied(daysFromNow(10, t.clock.now));
    const before = await s.card();
    expect(contact(before)).toMatchObject({
      telephone: expect.any(String),
      comune: expect.any(String),
      pdf: true,
      contact_hidden: null,
    });
    expect(before.farmacista.contact_until).toBe(daysFromNow(100, t.clock.now));
    const link: string = before.farmacista.pdf_file;

    t.clock.advance(100 * DAY);
    expect(contact(await s.card())).toMatchObject({ contact_hidden: null, pdf: true });
    expect((await open((await s.card()).farmacista.pdf_file)).statusCode).toBe(200);

    t.clock.advance(1 * DAY);
    const after = await s.card();
    expect(contact(after)).toEqual({
      telephone: null,
      comune: null,
      provincia_residenza: null,
      pdf: false,
      contact_hidden: 'period_ended',
    });
    expect(after.farmacista.contact_until).toBeNull();
    // Name, status and history stay.
    expect(after.farmacista.name).toBe('Anna');
    expect(after.history.length).toBeGreaterThan(0);
    // A link made while it ran: re-signed at the new time, it is refused with 410.
    const fresh = t.app.cvLinks.linkFor(s.anna.user.id, s.owner.user.id, s.applicationId);
    const gone = await open(fresh);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ code: 'contact_expired', message: MESSAGES.contactExpired });
    expect(new URL(link).searchParams.get('application')).toBe(String(s.applicationId));
  });

  it('a closed (rejected) application hides them at once, and its CV link answers 410', async () => {
    const s = await applied();
    const decided = await call.decide(s.owner, s.applicationId, { decision: 'rejected' });
    expect(decided.statusCode).toBe(200);
    expect(contact(decided.json())).toMatchObject({
      telephone: null,
      comune: null,
      pdf: false,
      contact_hidden: 'application_closed',
    });
    const answer = await open(t.app.cvLinks.linkFor(s.anna.user.id, s.owner.user.id, s.applicationId));
    expect(answer.statusCode).toBe(410);
    expect(answer.json().code).toBe('contact_expired');
    expect(await t.database.db.select().from(cvViews)).toEqual([]);
  });

  it('an accepted pharmacist: shown until 90 days after the shift', async () => {
    const s = await applied(daysFromNow(3, t.clock.now));
    expect((await call.decide(s.owner, s.applicationId, { decision: 'accepted' })).statusCode).toBe(200);
    t.clock.advance(93 * DAY);
    expect(contact(await s.card())).toMatchObject({ telephone: expect.any(String), pdf: true, contact_hidden: null });
    t.clock.advance(1 * DAY);
    expect(contact(await s.card())).toMatchObject({ telephone: null, pdf: false, contact_hidden: 'period_ended' });
    expect((await open(t.app.cvLinks.linkFor(s.anna.user.id, s.owner.user.id))).statusCode).toBe(410);
  });

  it("an offer with no last day: 90 days from the application's last change of status", async () => {
    // From midday in Italy: 90 days of 24 hours across a clock change stay within the 90th day, whatever the hour the
    // test runs at (from 28 November, 23:00 plus 120 days crossed the March change into the next day).
    t.clock.now = new Date(`${todayInItaly(t.clock.now)}T11:00:00.000Z`);
    const s = await applied(null);
    t.clock.advance(30 * DAY);
    // Opening the CV is a change of status (seen): the term runs from it.
    expect((await open((await s.card()).farmacista.pdf_file)).statusCode).toBe(200);
    t.clock.advance(90 * DAY);
    expect(contact(await s.card())).toMatchObject({ contact_hidden: null });
    t.clock.advance(1 * DAY);
    expect(contact(await s.card())).toMatchObject({ telephone: null, contact_hidden: 'period_ended' });
  });

  it('another owner never gets the applicant: not in their list, their link 403, a decision 404', async () => {
    const s = await applied();
    expect((await call.received(s.otherOwner)).json()).toEqual([]);
    expect((await open(t.app.cvLinks.linkFor(s.anna.user.id, s.otherOwner.user.id))).statusCode).toBe(403);
    expect((await open(t.app.cvLinks.linkFor(s.anna.user.id, s.otherOwner.user.id, s.applicationId))).statusCode).toBe(403);
    expect((await call.decide(s.otherOwner, s.applicationId, { decision: 'rejected' })).statusCode).toBe(404);
  });
});
