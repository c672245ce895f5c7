/** Notifications (decision 023): each event reaches the person it concerns in the app and by e-mail, with preferences and one-click unsubscribe. */
import { LIMITS, MESSAGES, NOTIFICATION_TYPES, type TNotificationPreferences, type TNotificationsPage } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls, hiringScenario } from '../../../test/hiring-loop';
import { notifications, offers } from '../../db/schema';

const t = useTestApp();
const call = hiringCalls(t);

async function loop() {
  const s = await hiringScenario(t, { dateFrom: '2030-06-01', dateTo: '2030-06-02' });
  const anna = await s.pharmacist('Anna');
  const applicationId = (await call.apply(anna, s.offer.id)).json().id as number;
  return { ...s, anna, applicationId };
}

const page = async (who: Parameters<typeof call.notifications>[0], query = '') =>
  (await call.notifications(who, query)).json() as TNotificationsPage;

describe('GET /api/notifications/', () => {
  it("lists one's own, newest first, paged like /api/users/all/, with the unread count", async () => {
    const s = await loop();
    const owner = await page(s.owner);
    expect(owner).toMatchObject({ count: 1, unread: 1, next: null, previous: null });
    expect(owner.results[0]).toMatchObject({
      type: 'application_received',
      title: 'Nuova candidatura',
      body: 'Anna Neri si è candidato/a alla tua offerta «Turno sabato».',
      link: `/candidature?offer_id=${s.offer.id}`,
      read: false,
    });
    await call.withdraw(s.anna, s.applicationId);
    await call.apply(s.anna, s.offer.id);
    const all = await page(s.owner, '?page_size=2');
    expect(all).toMatchObject({ count: 3, unread: 3, next: '/api/notifications/?page=2&page_size=2', previous: null });
    expect(all.results.map((n) => n.type)).toEqual(['application_received', 'application_withdrawn']);
    const second = await page(s.owner, '?page=2&page_size=2');
    expect(second.results.map((n) => n.type)).toEqual(['application_received']);
    expect(second.previous).toBe('/api/notifications/?page=1&page_size=2');
    // The pharmacist has none of the owner's.
    expect(await page(s.anna)).toMatchObject({ count: 0, unread: 0, results: [] });
    expect((await call.notifications(s.owner, `?page_size=${LIMITS.notificationsMaxPageSize + 1}`)).statusCode).toBe(400);
    expect((await call.notifications(undefined)).statusCode).toBe(401);
  });

  it('lists by when each happened, newest first, even when they were written out of that order', async () => {
    const s = await loop();
    const ownerId = (await t.app.db.select({ id: offers.ownerId }).from(offers).where(eq(offers.id, s.offer.id)))[0]?.id;
    if (ownerId === undefined) throw new Error('the offer has no owner');
    // Written later, happened earlier (as the demo tells its story): a day before the application's notification.
    const [received] = await t.app.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    if (!received) throw new Error('the owner has no notification');
    await t.app.db.insert(notifications).values({
      userId: ownerId,
      type: 'offer_closed',
      title: 'Più vecchia',
      body: 'Scritta dopo, accaduta prima.',
      link: '/',
      createdAt: new Date(received.createdAt.getTime() - 24 * 60 * 60 * 1000),
    });
    const listed = await page(s.owner);
    expect(listed.results.map((n) => n.title)).toEqual(['Nuova candidatura', 'Più vecchia']);
  });

  it('every event reaches the person it concerns', async () => {
    const s = await loop();
    await call.decide(s.owner, s.applicationId, { decision: 'accepted', message: 'Benvenuta!' });
    await call.decide(s.owner, s.applicationId, { decision: 'rejected', message: 'Turno annullato.' });
    const bruno = await s.pharmacist('Bruno');
    const brunoId = (await call.apply(bruno, s.offer.id)).json().id as number;
    await call.decide(s.owner, brunoId, { decision: 'rejected' });
    expect((await page(s.anna)).results.map((n) => [n.type, n.title])).toEqual([
      ['application_cancelled', 'Accettazione annullata'],
      ['application_accepted', 'Candidatura accettata'],
    ]);
    // Named as the screens name the status ('Non selezionata'), in the app and in the e-mail.
    expect((await page(bruno)).results.map((n) => [n.type, n.title])).toEqual([
      ['application_rejected', 'Candidatura non selezionata'],
    ]);
    await t.app.outbox.runOnce();
    expect(t.smtp.lastTo(bruno.user.email)?.text).toContain(
      'Ricevi questa e-mail per le notifiche «Candidatura non selezionata».',
    );
    expect((await page(s.owner)).results.map((n) => n.type)).toEqual(['application_received', 'application_received']);
  });
});

describe('POST /api/notifications/read/', () => {
  it("marks the ids given (only one's own), or all with no body", async () => {
    const s = await loop();
    const bruno = await s.pharmacist('Bruno');
    await call.apply(bruno, s.offer.id);
    const annaNote = (await page(s.owner)).results[1]?.id as number;
    // Someone else's id is not theirs to mark.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read/',
      headers: s.anna.headers,
      payload: { ids: [annaNote] },
    });
    expect(foreign.json()).toEqual({ message: MESSAGES.notificationsRead, unread: 0 });
    expect((await page(s.owner)).unread).toBe(2);
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read/',
      headers: s.owner.headers,
      payload: { ids: [annaNote] },
    });
    expect(one.json()).toEqual({ message: MESSAGES.notificationsRead, unread: 1 });
    expect((await page(s.owner)).results.map((n) => n.read)).toEqual([false, true]);
    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read/', headers: s.owner.headers });
    expect(all.json().unread).toBe(0);
    expect((await page(s.owner)).results.every((n) => n.read)).toBe(true);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read/',
      headers: s.owner.headers,
      payload: { ids: ['x'] },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read/' })).statusCode).toBe(401);
  });
});

describe('e-mail', () => {
  it('an acceptance e-mail is Italian text and HTML, links to its page, carries the calendar event and the one-click unsubscribe', async () => {
    const s = await loop();
    await call.decide(s.owner, s.applicationId, { decision: 'accepted', message: 'Ti aspettiamo alle 9.' });
    expect((await t.app.outbox.runOnce()).sent).toBe(2);
    const ownerMail = t.smtp.lastTo(s.owner.user.email);
    expect(ownerMail?.text).toContain('Subject: Farmaponte: Nuova candidatura');
    const mail = t.smtp.lastTo(s.anna.user.email);
    const text = mail?.text ?? '';
    expect(text).toContain('Subject: Farmaponte: Candidatura accettata');
    expect(text).toContain('Farmacia Centrale ha accettato la tua candidatura per «Turno sabato».');
    expect(text).toContain('Ti aspettiamo alle 9.');
    expect(text).toContain('Content-Type: text/plain');
    expect(text).toContain('Content-Type: text/html');
    expect(text).toContain('http://farmaponte.test/mie_candidature');
    expect(text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(text).toMatch(/List-Unsubscribe:\s+<http:\/\/farmaponte\.test\/api\/notifications\/unsubscribe\/\?token=[^>]+>/);
    expect(text).toContain('Content-Type: text/calendar');
    expect(text).toContain('filename=invito.ics');
    expect(text).toContain('DTSTART;VALUE=DATE:20300601');
    expect(text).toContain('DTEND;VALUE=DATE:20300603');
    expect(text).toContain('METHOD:REQUEST');
    // Sent once: another round has nothing to send.
    expect((await t.app.outbox.runOnce()).sent).toBe(0);
  });

  it('the unsubscribe link asks first (GET), unsubscribes in one click (POST) without logging in, and a forged one is refused', async () => {
    const s = await loop();
    await t.app.outbox.runOnce();
    const text = t.smtp.lastTo(s.owner.user.email)?.text ?? '';
    const link = new URL(text.match(/List-Unsubscribe:\s+<([^>]+)>/)?.[1] as string);
    const url = link.pathname + link.search;
    const question = await t.app.inject({ method: 'GET', url });
    expect(question.statusCode).toBe(200);
    expect(question.headers['content-type']).toContain('text/html');
    expect(question.body).toContain(MESSAGES.unsubscribeConfirm('Nuova candidatura ricevuta'));
    // Looking is not unsubscribing (link scanners open GET links).
    const preferences = async () =>
      (
        (
          await t.app.inject({ method: 'GET', url: '/api/notifications/preferences/', headers: s.owner.headers })
        ).json() as TNotificationPreferences
      ).email;
    expect((await preferences()).application_received).toBe(true);
    const done = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(MESSAGES.unsubscribeDone('Nuova candidatura ricevuta'));
    expect(await preferences()).toMatchObject({ application_received: false, application_withdrawn: true });

    // The next application is in the app but not in the mailbox.
    const bruno = await s.pharmacist('Bruno');
    await call.apply(bruno, s.offer.id);
    t.smtp.received.length = 0;
    await t.app.outbox.runOnce();
    expect(t.smtp.received).toEqual([]);
    expect((await page(s.owner)).count).toBe(2);

    const forged = url.replace(/application_received/, 'application_withdrawn');
    for (const bad of [forged, '/api/notifications/unsubscribe/?token=1.offer_closed.abc', '/api/notifications/unsubscribe/']) {
      expect((await t.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(400);
      expect((await t.app.inject({ method: 'POST', url: bad })).statusCode, bad).toBe(400);
    }
    expect((await preferences()).application_withdrawn).toBe(true);
  });
});

describe('/api/notifications/preferences/', () => {
  it('every type is on until turned off; PUT changes only the types named', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const get = () => t.app.inject({ method: 'GET', url: '/api/notifications/preferences/', headers: owner.headers });
    expect((await get()).json()).toEqual({ email: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true])) });
    const put = (payload: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/notifications/preferences/', headers: owner.headers, payload: payload as object });
    const off = await put({ email: { application_withdrawn: false, offer_closed: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().email).toMatchObject({ application_withdrawn: false, offer_closed: false, application_received: true });
    expect((await put({ email: { offer_closed: true } })).json().email).toMatchObject({
      application_withdrawn: false,
      offer_closed: true,
    });
    expect((await get()).json().email.application_withdrawn).toBe(false);
    expect((await put({ email: { offer_closed: 'no' } })).statusCode).toBe(400);
    expect((await put({})).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/preferences/' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences/', payload: { email: {} } })).statusCode,
    ).toBe(401);
  });
});
