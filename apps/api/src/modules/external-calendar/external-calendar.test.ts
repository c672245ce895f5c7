/**
 * A pharmacist's external calendar (decision 096): who may, what each failing calendar answers (a clear Italian message,
 * never a 500), what is kept (never the address in an answer, never a title), its refresh by hand and by the
 * `calendar-refresh` job, and how its busy times hide her from owners and warn her before applying. The calendars are
 * served by a local server; OUTBOUND_FETCH_ALLOW lets the fetcher reach it as 127.0.0.1 (standing for a public host),
 * while `localhost`, the same machine by another name, stays private and refused.
 */
import { addDays, daysFromNow, MESSAGES } from '@farmaponte/shared';
import { EXTERNAL_CALENDAR_MESSAGES, type TExternalCalendarError } from '@farmaponte/shared/availability';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  hugeBody,
  redirectTo,
  serveText,
  silence,
  startCalendarServer,
  status,
  type TCalendarServer,
} from '../../../test/calendar-server';
import { buildOtherInstance, rowsOf, signedIn, signedInAgain, tableSnapshot, useTestApp } from '../../../test/helpers';
import { externalBusyTimes, externalCalendars } from '../../db/schema';
import { createOffer, giveAvailability } from '../../factories';

const t = useTestApp({ OUTBOUND_FETCH_ALLOW: '127.0.0.1', CALENDAR_FETCH_TIMEOUT_SECONDS: '1' });
let server: TCalendarServer;
beforeAll(async () => {
  server = await startCalendarServer();
});
afterAll(() => server.close());
const others: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((app) => app.close()));
});

/** The days as they were when the test began: a test that moves the clock past midnight in Rome means the same days. */
let testStart = new Date();
beforeEach(() => {
  testStart = t.clock.now;
});
const day = (n: number) => daysFromNow(n, testStart);
const compact = (date: string, time: string) => `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;

/** An iCalendar file with these events (floating times: Italy's clock), titles and all, as a real one has. */
function ics(...events: { date: string; from?: string; to?: string; summary?: string; extra?: string[] }[]) {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//IT'];
  events.forEach((event, i) => {
    lines.push('BEGIN:VEVENT', `UID:event-${i}@test`, 'DTSTAMP:20260101T000000Z', `SUMMARY:${event.summary ?? 'Visita medica'}`);
    if (event.from && event.to)
      lines.push(`DTSTART:${compact(event.date, event.from)}`, `DTEND:${compact(event.date, event.to)}`);
    else
      lines.push(
        `DTSTART;VALUE=DATE:${event.date.replaceAll('-', '')}`,
        `DTEND;VALUE=DATE:${addDays(event.date, 1).replaceAll('-', '')}`,
      );
    lines.push(...(event.extra ?? []), 'END:VEVENT');
  });
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

/** A fresh path on the local server serving this calendar; its full address. */
let served = 0;
function serve(body: string | ((r: import('node:http').ServerResponse) => void)): string {
  served += 1;
  const path = `/cal-${served}/private-token-${served}/basic.ics`;
  server.route(path, typeof body === 'string' ? serveText(body) : body);
  return `${server.origin}${path}`;
}

const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const put = (headers: Record<string, string>, url: string) => api('PUT', '/api/availability/calendar/', headers, { url });
const get = (headers: Record<string, string>) => api('GET', '/api/availability/calendar/', headers);
const refresh = (headers: Record<string, string>) => api('POST', '/api/availability/calendar/refresh/', headers);

describe('who may use an external calendar', () => {
  it('anonymous 401, an owner 403, and one pharmacist never reaches another’s calendar', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const anna = await signedIn(t.app, 'farmacista');
    const bruna = await signedIn(t.app, 'farmacista');
    const address = serve(ics({ date: day(2), from: '09:00', to: '11:00' }));
    expect((await put(anna.headers, address)).statusCode).toBe(200);
    const offer = await createOffer(t.app.db, owner.user.id, { dateFrom: day(2), dateTo: day(2) });
    const routes: ['GET' | 'PUT' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', '/api/availability/calendar/'],
      ['PUT', '/api/availability/calendar/', { url: address }],
      ['POST', '/api/availability/calendar/refresh/'],
      ['DELETE', '/api/availability/calendar/'],
      ['GET', `/api/availability/calendar/conflict/?offer_id=${offer.id}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await api(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(method, url, owner.headers, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    // Bruna sees no calendar, cannot refresh or remove one, and Anna's busy day warns only Anna.
    expect((await get(bruna.headers)).json()).toEqual({ calendar: null, busy_days: [] });
    expect((await refresh(bruna.headers)).statusCode).toBe(404);
    const removed = await api('DELETE', '/api/availability/calendar/', bruna.headers);
    expect(removed.statusCode).toBe(404);
    expect(removed.json().message).toBe(EXTERNAL_CALENDAR_MESSAGES.notFound);
    const conflict = (who: { headers: Record<string, string> }) =>
      api('GET', `/api/availability/calendar/conflict/?offer_id=${offer.id}`, who.headers).then((r) => r.json());
    expect(await conflict(bruna)).toEqual({ conflict: false, days: [] });
    expect(await conflict(anna)).toEqual({ conflict: true, days: [day(2)] });
    expect((await get(anna.headers)).json().calendar.busy_count).toBe(1);
  });
});

describe('adding a calendar', () => {
  it('reads it at once and answers its host, last refresh and busy days, never the address; keeps no title', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const address = serve(
      ics(
        { date: day(2), from: '09:00', to: '11:30', summary: 'Dentista segreto' },
        { date: day(5) },
        { date: day(6), from: '10:00', to: '12:00', extra: ['TRANSP:TRANSPARENT'] },
      ),
    );
    const response = await put(anna.headers, address);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('private-token');
    expect(response.json()).toEqual({
      message: EXTERNAL_CALENDAR_MESSAGES.saved,
      calendar: {
        host: '127.0.0.1',
        added_at: t.clock.now.toISOString(),
        refreshed_at: t.clock.now.toISOString(),
        tried_at: t.clock.now.toISOString(),
        next_refresh_at: new Date(t.clock.now.getTime() + 4 * 3600_000).toISOString(),
        error: null,
        error_message: null,
        busy_count: 2,
      },
      busy_days: [
        { date: day(2), from: '09:00', to: '11:30', all_day: false },
        { date: day(5), from: '00:00', to: '24:00', all_day: true },
      ],
    });
    const [row] = await t.app.db.select().from(externalCalendars).where(eq(externalCalendars.userId, anna.user.id));
    expect(row?.urlSealed).not.toContain('private-token');
    expect(t.app.secretBox.open(row?.urlSealed ?? '', `external-calendar:${anna.user.id}`)).toBe(address);
    const stored = JSON.stringify(await t.app.db.select().from(externalBusyTimes));
    expect(stored).not.toContain('Dentista');
    expect((await get(anna.headers)).json()).toEqual({
      calendar: response.json().calendar,
      busy_days: response.json().busy_days,
    });
  });

  it('refuses what is no calendar address with a clear message, before fetching anything', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    for (const [url, message] of [
      ['', EXTERNAL_CALENDAR_MESSAGES.urlRequired],
      ['calendar.google.com/ical/x.ics', EXTERNAL_CALENDAR_MESSAGES.urlInvalid],
      ['ftp://example.com/x.ics', EXTERNAL_CALENDAR_MESSAGES.urlInvalid],
      ['https://user:pw@example.com/x.ics', EXTERNAL_CALENDAR_MESSAGES.urlInvalid],
      [`https://example.com/${'x'.repeat(2001)}`, EXTERNAL_CALENDAR_MESSAGES.urlTooLong],
    ] as const) {
      const response = await put(anna.headers, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().fields.url, url).toBe(message);
    }
    expect((await api('PUT', '/api/availability/calendar/', anna.headers, { url: 42 })).statusCode).toBe(400);
    expect((await get(anna.headers)).json().calendar).toBeNull();
  });

  const failing: [string, () => string, TExternalCalendarError][] = [
    ['an unreachable host', () => 'http://127.0.0.1:9/calendario.ics', 'unreachable'],
    ['a calendar over the size cap', () => serve(hugeBody(3 * 1024 * 1024)), 'too_large'],
    ['a private address (this machine by name)', () => `http://localhost:${server.port}/cal.ics`, 'private_address'],
    ['the cloud’s metadata address', () => 'http://169.254.169.254/latest/meta-data/', 'private_address'],
    [
      'a public-looking address redirecting to a private one',
      () => serve(redirectTo(`http://localhost:${server.port}/inside.ics`)),
      'private_address',
    ],
    ['a host that never answers (time-out)', () => serve(silence), 'timeout'],
    [
      'a malformed calendar',
      () => serve('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:domani\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'),
      'malformed',
    ],
    ['a web page', () => serve(serveText('<html><body>Accedi</body></html>', 'text/html')), 'not_calendar'],
    ['an address that answers 404', () => serve(status(404)), 'bad_status'],
  ];
  it.each(failing)('%s: 400 with its Italian message, nothing saved', async (_what, address, error) => {
    const anna = await signedIn(t.app, 'farmacista');
    const before = await tableSnapshot(t.database);
    const response = await put(anna.headers, address());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: `calendar_${error}`,
      message: EXTERNAL_CALENDAR_MESSAGES.errors[error],
      fields: { url: EXTERNAL_CALENDAR_MESSAGES.errors[error] },
    });
    expect(await tableSnapshot(t.database)).toEqual(before);
    expect(server.hits('/inside.ics')).toBe(0);
  });

  it('a failing address leaves the calendar she had as it was', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    expect((await put(anna.headers, serve(ics({ date: day(3) })))).statusCode).toBe(200);
    const before = (await get(anna.headers)).json();
    expect((await put(anna.headers, serve(status(500)))).statusCode).toBe(400);
    expect((await get(anna.headers)).json()).toEqual(before);
  });

  it('counts the fetches she asks for: past ten in an hour, 429 with a message', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const address = serve(ics({ date: day(3) }));
    for (let i = 0; i < 5; i++) expect((await put(anna.headers, address)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await refresh(anna.headers)).statusCode).toBe(200);
    const refused = await refresh(anna.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(EXTERNAL_CALENDAR_MESSAGES.tooManyFetches);
    // An hour later she may again.
    t.clock.advance(61 * 60_000);
    expect((await refresh((await signedInAgain(t.app, anna)).headers)).statusCode).toBe(200);
  });

  it('removing it deletes the address and its busy times', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    await put(anna.headers, serve(ics({ date: day(3) })));
    expect((await api('DELETE', '/api/availability/calendar/', anna.headers)).statusCode).toBe(204);
    expect((await get(anna.headers)).json()).toEqual({ calendar: null, busy_days: [] });
    expect(await t.app.db.select().from(externalBusyTimes).where(eq(externalBusyTimes.userId, anna.user.id))).toEqual([]);
  });
});

describe('refreshing a calendar', () => {
  it('by hand: the busy times replaced whole; a calendar turned malformed keeps its error and its last busy times', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const address = serve(ics({ date: day(2), from: '09:00', to: '10:00' }));
    await put(anna.headers, address);
    const path = new URL(address).pathname;
    server.route(path, serveText(ics({ date: day(3), from: '15:00', to: '18:00' }, { date: day(4) })));
    t.clock.advance(60_000);
    const refreshed = await refresh(anna.headers);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({
      message: EXTERNAL_CALENDAR_MESSAGES.refreshed,
      calendar: { refreshed_at: t.clock.now.toISOString(), error: null, busy_count: 2 },
      busy_days: [
        { date: day(3), from: '15:00', to: '18:00', all_day: false },
        { date: day(4), from: '00:00', to: '24:00', all_day: true },
      ],
    });
    const lastGood = t.clock.now.toISOString();
    server.route(path, serveText('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n'));
    t.clock.advance(60_000);
    const broken = await refresh(anna.headers);
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toMatchObject({
      message: EXTERNAL_CALENDAR_MESSAGES.errors.malformed,
      calendar: {
        refreshed_at: lastGood,
        tried_at: t.clock.now.toISOString(),
        error: 'malformed',
        error_message: EXTERNAL_CALENDAR_MESSAGES.errors.malformed,
        busy_count: 2,
      },
    });
  });

  it('by the calendar-refresh job: only calendars due, each once even with two instances, failures retried later', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const bruna = await signedIn(t.app, 'farmacista');
    const carla = await signedIn(t.app, 'farmacista');
    const addresses = [anna, bruna, carla].map(() => serve(ics({ date: day(2), from: '09:00', to: '10:00' })));
    await put(anna.headers, addresses[0] ?? '');
    await put(bruna.headers, addresses[1] ?? '');
    t.clock.advance(60 * 60_000);
    await put(carla.headers, addresses[2] ?? '');
    const pathOf = (address: string | undefined) => new URL(address ?? '').pathname;
    // Nothing is due yet.
    expect(await t.app.jobs.run('calendar-refresh')).toEqual({ refreshed: 0, failed: 0 });
    // Anna's calendar has changed, Bruna's host has gone; Carla's is not due (added an hour later).
    server.route(pathOf(addresses[0]), serveText(ics({ date: day(7) })));
    server.route(pathOf(addresses[1]), status(410));
    t.clock.advance(3 * 60 * 60_000 + 1000);
    const [annaNow, brunaNow] = [await signedInAgain(t.app, anna), await signedInAgain(t.app, bruna)];
    const hitsBefore = addresses.map((a) => server.hits(pathOf(a)));
    const other = await buildOtherInstance(t);
    others.push(other);
    type TRound = { refreshed: number; failed: number } | undefined;
    const rounds = (await Promise.all([t.app.jobs.run('calendar-refresh'), other.jobs.run('calendar-refresh')])) as TRound[];
    const total = {
      refreshed: rounds.reduce((sum, r) => sum + (r?.refreshed ?? 0), 0),
      failed: rounds.reduce((sum, r) => sum + (r?.failed ?? 0), 0),
    };
    expect(total).toEqual({ refreshed: 1, failed: 1 });
    expect(addresses.map((a, i) => server.hits(pathOf(a)) - (hitsBefore[i] ?? 0))).toEqual([1, 1, 0]);
    expect((await get(annaNow.headers)).json()).toMatchObject({
      calendar: { refreshed_at: t.clock.now.toISOString(), error: null },
      busy_days: [{ date: day(7), all_day: true }],
    });
    // Bruna's failure is kept and shown, her busy day known so far stays, and the next try waits (half of the 4 hours
    // failing: 2 hours), not the job's next round.
    const failed = (await get(brunaNow.headers)).json();
    expect(failed).toMatchObject({
      calendar: { error: 'bad_status', error_message: EXTERNAL_CALENDAR_MESSAGES.errors.bad_status, busy_count: 1 },
      busy_days: [{ date: day(2) }],
    });
    expect(new Date(failed.calendar.next_refresh_at).getTime() - t.clock.now.getTime()).toBe(2 * 60 * 60_000 + 500);
    expect(await t.app.jobs.run('calendar-refresh')).toEqual({ refreshed: 0, failed: 0 });
  });

  it('two refreshes of one calendar at once: one set of busy times, never two mixed or doubled', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const events = Array.from({ length: 30 }, (_, i) => ({ date: day(1 + i), from: '09:00', to: '10:00' }));
    await put(anna.headers, serve(ics(...events)));
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([refresh(anna.headers), refresh(anna.headers)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const [{ n }] = rowsOf<{ n: number }>(
        await t.app.db.execute(sql`select count(*)::int as n from external_busy_times where user_id = ${anna.user.id}`),
      ) as [{ n: number }];
      expect(n).toBe(30);
    }
  });
});

describe('busy times and availability', () => {
  it('owners do not find her for the parts of days her calendar makes busy; she still sees her days', async () => {
    const owner = await signedIn(t.app, 'titolare', { profile: { comune_farmacia: 'Milano' } });
    const anna = await signedIn(t.app, 'farmacista');
    await giveAvailability(
      t.app.db,
      anna.user.id,
      {
        days: [
          { date: day(2), part: 'mattina' },
          { date: day(2), part: 'pomeriggio' },
          { date: day(3), part: 'giornata' },
          { date: day(4), part: 'notte' },
        ],
      },
      t.clock.now,
    );
    const search = async () => {
      const response = await api('GET', `/api/pharmacists/available/?from=${day(1)}&to=${day(6)}`, owner.headers);
      expect(response.statusCode).toBe(200);
      return response.json().results.find((r: { pharmacist_id: number }) => r.pharmacist_id === anna.user.id)?.days;
    };
    expect(await search()).toHaveLength(4);
    // A morning appointment on day 2; an all-day event on day 3; an early appointment on day 5 (the night of day 4
    // runs to 08:00 of day 5).
    await put(
      anna.headers,
      serve(ics({ date: day(2), from: '10:00', to: '11:00' }, { date: day(3) }, { date: day(5), from: '07:00', to: '07:30' })),
    );
    expect(await search()).toEqual([{ date: day(2), part: 'pomeriggio' }]);
    const own = (await api('GET', '/api/availability/', anna.headers)).json();
    expect(own.days).toHaveLength(4);
    await api('DELETE', '/api/availability/calendar/', anna.headers);
    expect(await search()).toHaveLength(4);
  });

  it('warns her of an offer whose hours meet a busy time, not of one on the same day at other hours', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const anna = await signedIn(t.app, 'farmacista');
    await put(anna.headers, serve(ics({ date: day(2), from: '09:00', to: '11:00' }, { date: day(4) })));
    const conflict = async (overrides: Parameters<typeof createOffer>[2]) => {
      const offer = await createOffer(t.app.db, owner.user.id, overrides);
      const response = await api('GET', `/api/availability/calendar/conflict/?offer_id=${offer.id}`, anna.headers);
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect(await conflict({ dateFrom: day(2), dateTo: day(2), startTime: '08:30', endTime: '13:00' })).toEqual({
      conflict: true,
      days: [day(2)],
    });
    expect(await conflict({ dateFrom: day(2), dateTo: day(2), startTime: '14:00', endTime: '20:00' })).toEqual({
      conflict: false,
      days: [],
    });
    // Every day from 1 to 5, whole days: days 2 and 4. A night from day 3 into day 4 meets day 4's all-day event.
    expect(await conflict({ dateFrom: day(1), dateTo: day(5), startTime: null, endTime: null })).toEqual({
      conflict: true,
      days: [day(2), day(4)],
    });
    expect(await conflict({ dateFrom: day(3), dateTo: day(3), startTime: '20:00', endTime: '08:00' })).toEqual({
      conflict: true,
      days: [day(3)],
    });
    expect(await conflict({ dateFrom: null, dateTo: null })).toEqual({ conflict: false, days: [] });
    const missing = await api('GET', '/api/availability/calendar/conflict/?offer_id=99999999', anna.headers);
    expect(missing.statusCode).toBe(404);
    const wrong = await api('GET', '/api/availability/calendar/conflict/?offer_id=abc', anna.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.invalidInput);
  });
});
