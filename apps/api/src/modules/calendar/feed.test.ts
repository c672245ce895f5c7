/**
 * The pharmacist's calendar feed (decision 075): its address shown once, replaced, revoked; the feed read back with a
 * real iCalendar parser (ical.js): the invitation's UID, the Rome hours, the pharmacy's address, a cancellation.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls } from '../../../test/hiring-loop';
import { createApplication, createOffer, giveCv, setApplicationStatus } from '../../factories';

const t = useTestApp({ CALENDAR_FEED_MAX_PER_IP: '12' });
const call = hiringCalls(t);

const feedCall = (method: 'GET' | 'POST' | 'DELETE', who: TSignedIn | undefined) =>
  t.app.inject({ method, url: '/api/calendar/feed/', headers: who?.headers });

/** The path of a feed's address (what a calendar asks for). */
const pathOf = (httpsUrl: string) => new URL(httpsUrl).pathname;

async function createFeed(who: TSignedIn): Promise<{ https_url: string; webcal_url: string }> {
  const response = await feedCall('POST', who);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The feed's events by UID, with their zone registered for conversions. */
function parsedFeed(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  return { calendar, events, byUid: new Map(events.map((event) => [event.uid, event])) };
}

describe('the feed address', () => {
  it('is shown once, replaced by a new one (the old answers 404), revoked; only its existence is told afterwards', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    expect((await feedCall('GET', anna)).json()).toEqual({ exists: false, created_at: null });

    const first = await createFeed(anna);
    expect(first.https_url).toMatch(/^http:\/\/farmaponte\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.webcal_url).toBe(first.https_url.replace('http://', 'webcal://'));
    const state = await feedCall('GET', anna);
    expect(state.json()).toEqual({ exists: true, created_at: expect.any(String) });
    expect(state.body).not.toContain(pathOf(first.https_url).slice(14, 40));

    const read = await t.app.inject({ method: 'GET', url: pathOf(first.https_url) });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(read.headers['cache-control']).toBe('private, max-age=900');
    expect(read.body).toContain('X-WR-CALNAME:Turni Farmaponte');

    const second = await createFeed(anna);
    expect(second.https_url).not.toBe(first.https_url);
    expect((await t.app.inject({ method: 'GET', url: pathOf(first.https_url) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pathOf(second.https_url) })).statusCode).toBe(200);

    const revoked = await feedCall('DELETE', anna);
    expect(revoked.json().message).toBe('Link del calendario disattivato: i calendari che lo usavano non si aggiornano più.');
    expect((await t.app.inject({ method: 'GET', url: pathOf(second.https_url) })).statusCode).toBe(404);
    expect((await feedCall('GET', anna)).json().exists).toBe(false);
  });

  it('unknown or malformed tokens are 404, never 500; only a pharmacist has a feed (401, 403)', async () => {
    for (const token of ['A'.repeat(43), 'abc', '%00', `${'x'.repeat(300)}`, '..%2F..%2Fetc'])
      expect((await t.app.inject({ method: 'GET', url: `/api/calendar/${token}.ics` })).statusCode, token).toBe(404);
    const owner = await signedIn(t.app, 'titolare');
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await feedCall(method, undefined)).statusCode).toBe(401);
      expect((await feedCall(method, owner)).statusCode).toBe(403);
    }
  });

  it('is limited per address, unknown tokens included: 429 with Retry-After past the limit', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const { https_url } = await createFeed(anna);
    for (let i = 0; i < 11; i++) await t.app.inject({ method: 'GET', url: `/api/calendar/${'B'.repeat(43)}.ics` });
    expect((await t.app.inject({ method: 'GET', url: pathOf(https_url) })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: pathOf(https_url) });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still reads it.
    const elsewhere = await t.app.inject({ method: 'GET', url: pathOf(https_url), remoteAddress: '203.0.113.9' });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('the feed', () => {
  it("holds the accepted shifts with the invitation's UID, at Rome's hours and the pharmacy's address, and a withdrawn one as cancelled", async () => {
    t.clock.now = new Date('2030-06-20T10:00:00Z');
    const owner = await signedIn(t.app, 'titolare', {
      profile: {
        name: 'Marco',
        surname: 'Rossi',
        denominazione_farmacia: 'Farmacia Centrale',
        indirizzo_farmacia: 'Via Roma 12',
        comune_farmacia: 'Abano Terme',
      },
    });
    const anna = await signedIn(t.app, 'farmacista', { profile: { name: 'Anna', surname: 'Neri' } });
    await giveCv(t.database.db, anna.user.id);
    const apply = async (offer: Parameters<typeof createOffer>[2]) => {
      const created = await createOffer(t.database.db, owner.user.id, { title: 'Turno pomeridiano', ...offer });
      const applied = await call.apply(anna, created.id);
      expect(applied.statusCode, applied.body).toBe(201);
      const id = applied.json().id as number;
      expect((await call.decide(owner, id, { decision: 'accepted' })).statusCode).toBe(200);
      return id;
    };
    // Accepted through the API as in real use: its invitation was mailed.
    const summer = await apply({ dateFrom: '2030-07-01', dateTo: '2030-07-03', startTime: '15:30', endTime: '20:00' });
    const winter = await apply({ dateFrom: '2030-12-10', dateTo: '2030-12-10', startTime: '09:00', endTime: '13:00' });
    const allDay = await apply({ dateFrom: '2030-07-10', dateTo: '2030-07-11' });
    const withdrawn = await apply({ dateFrom: '2030-08-01', dateTo: '2030-08-01', startTime: '09:00', endTime: '13:00' });
    expect((await call.withdraw(anna, withdrawn)).statusCode).toBe(200);
    // Long past: 100 days ago it ended (out); 80 days ago (in).
    const old = await createOffer(t.database.db, owner.user.id, {
      dateFrom: '2030-03-12',
      dateTo: '2030-03-12',
      startTime: '09:00',
      endTime: '13:00',
    });
    const recent = await createOffer(t.database.db, owner.user.id, {
      dateFrom: '2030-04-01',
      dateTo: '2030-04-01',
      startTime: '09:00',
      endTime: '13:00',
    });
    for (const offer of [old, recent]) {
      const application = await createApplication(t.database.db, offer.id, anna.user.id);
      await setApplicationStatus(t.database.db, { id: application.id, offerId: offer.id }, 'accepted');
    }
    const recentId = (await call.mine(anna)).json().find((a: { offer: { id: number } }) => a.offer.id === recent.id).id;
    // Applied and never accepted: not a shift.
    const waiting = await createOffer(t.database.db, owner.user.id, { dateFrom: '2030-07-20', dateTo: '2030-07-20' });
    await call.apply(anna, waiting.id);
    // Someone else's shift is not in Anna's feed.
    const bruno = await signedIn(t.app, 'farmacista');
    await giveCv(t.database.db, bruno.user.id);
    const brunos = await createOffer(t.database.db, owner.user.id, { dateFrom: '2030-07-05', dateTo: '2030-07-05' });
    const brunoApplication = (await call.apply(bruno, brunos.id)).json().id as number;
    await call.decide(owner, brunoApplication, { decision: 'accepted' });

    const { https_url } = await createFeed(anna);
    const feed = parsedFeed((await t.app.inject({ method: 'GET', url: pathOf(https_url) })).body);
    const uid = (id: number) => `application-${id}@farmaponte.test`;
    expect(feed.calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(feed.calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual([
      'Europe/Rome',
    ]);
    expect([...feed.byUid.keys()].sort()).toEqual([summer, winter, allDay, withdrawn, recentId].map(uid).sort());

    const july = feed.byUid.get(uid(summer));
    // 15:30–20:00 in Rome in July (summer time) is 13:30–18:00 UTC, each of its three days; in December, UTC+1.
    expect(july?.startDate.toJSDate().toISOString()).toBe('2030-07-01T13:30:00.000Z');
    expect(july?.endDate.toJSDate().toISOString()).toBe('2030-07-01T18:00:00.000Z');
    expect(july?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Rome');
    expect(july?.component.getFirstPropertyValue('rrule')?.toString()).toBe('FREQ=DAILY;COUNT=3');
    expect(july?.location).toBe('Farmacia Centrale\nVia Roma 12, 35031 Abano Terme');
    expect(july?.summary).toBe('Turno pomeridiano – Farmacia Centrale');
    expect(july?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(feed.byUid.get(uid(winter))?.startDate.toJSDate().toISOString()).toBe('2030-12-10T08:00:00.000Z');
    expect(feed.byUid.get(uid(allDay))?.startDate.isDate).toBe(true);

    // The withdrawn shift: cancelled, with a SEQUENCE above its invitation's (the acceptance mail's).
    const cancelled = feed.byUid.get(uid(withdrawn));
    expect(cancelled?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    await t.app.outbox.runOnce();
    const invitation = t.smtp.received.find((mail) => mail.raw.includes(uid(withdrawn)) && /method=REQUEST/i.test(mail.raw));
    const invitationSequence = Number(/SEQUENCE:(\d+)/.exec(invitation?.raw ?? '')?.[1]);
    expect(invitationSequence).toBeGreaterThan(0);
    expect(cancelled?.sequence).toBeGreaterThan(invitationSequence);
    expect(feed.byUid.get(uid(summer))?.sequence).toBe(invitationSequence);

    // The owner cancels an acceptance: it stays in the feed, cancelled, for 90 days after the cancellation.
    await call.decide(owner, winter, { decision: 'rejected', message: 'Turno annullato.' });
    const after = parsedFeed((await t.app.inject({ method: 'GET', url: pathOf(https_url) })).body);
    expect(after.byUid.get(uid(winter))?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    t.clock.now = new Date('2030-09-19T10:00:00Z'); // 91 days later
    const later = parsedFeed((await t.app.inject({ method: 'GET', url: pathOf(https_url) })).body);
    expect([...later.byUid.keys()].sort()).toEqual([summer, allDay].map(uid).sort());
  });
});
