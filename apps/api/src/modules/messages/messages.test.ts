/**
 * One thread per application (decision 072, docs/rules.md#messages): only its two sides read and write it, newest last
 * and paged; reading marks read; it closes 30 days after the offer's last day (or after a rejection or withdrawal); the
 * recipient is told in the bell and by e-mail at most once per quiet spell; 'Segnala' on a message reports its author.
 */
import {
  daysFromNow,
  endOfItalianDay,
  LIMITS,
  MESSAGES,
  THREAD_MESSAGES,
  type TMessagesUnread,
  type TThread,
} from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, rowsOf, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls, hiringScenario } from '../../../test/hiring-loop';

const t = useTestApp();
const call = hiringCalls(t);
const DAY_MS = 24 * 60 * 60 * 1000;

const read = (who: TSignedIn | undefined, applicationId: number, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/applications/${applicationId}/messages/${query}`, headers: who?.headers });
const write = (who: TSignedIn | undefined, applicationId: number, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/applications/${applicationId}/messages/`,
    headers: who?.headers,
    payload: { body },
  });
const unread = async (who: TSignedIn) =>
  (await t.app.inject({ method: 'GET', url: '/api/messages/unread/', headers: who.headers })).json() as TMessagesUnread;
const thread = async (who: TSignedIn, applicationId: number, query = '') =>
  (await read(who, applicationId, query)).json() as TThread;
const messageNotifications = async (who: TSignedIn) =>
  ((await call.notifications(who)).json().results as { type: string; body: string; link: string }[]).filter(
    (n) => n.type === 'message_received',
  );
const messageCount = async () =>
  Number(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*) as n from messages`))[0]?.n);

/** After the clock moved past the access tokens' 15 minutes: fresh ones, as the browser's refresh would get. */
async function refreshTokens(...people: TSignedIn[]) {
  for (const who of people) who.headers = bearer(await t.app.jwt.signAccess({ userId: who.user.id, role: who.user.role }));
}

async function loop(offer: Parameters<typeof hiringScenario>[1] = {}) {
  const s = await hiringScenario(t, offer);
  const anna = await s.pharmacist('Anna');
  const applied = await call.apply(anna, s.offer.id);
  expect(applied.statusCode).toBe(201);
  return { ...s, anna, applicationId: applied.json().id as number };
}

describe('an application thread', () => {
  it('the applicant and the owner write and read it, newest last, and reading marks the other side’s messages read', async () => {
    const s = await loop();
    const empty = await thread(s.anna, s.applicationId);
    expect(empty).toMatchObject({
      application_id: s.applicationId,
      offer_title: 'Turno sabato',
      other_name: 'Farmacia Centrale',
      other_id: s.owner.user.id,
      open: true,
      closes_at: null,
      results: [],
      older: null,
    });
    expect((await thread(s.owner, s.applicationId)).other_name).toBe('Anna Neri');

    const first = await write(s.owner, s.applicationId, '  Ciao Anna,\nsabato alle 9?  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ body: 'Ciao Anna,\nsabato alle 9?', mine: true, read: false });
    t.clock.advance(60_000);
    expect((await write(s.anna, s.applicationId, 'Perfetto, ci sarò.')).statusCode).toBe(201);

    expect(await unread(s.anna)).toEqual({ total: 1, by_application: [{ application_id: s.applicationId, count: 1 }] });
    expect((await call.notifications(s.anna)).json().messages_unread).toBe(1);
    const annaView = await thread(s.anna, s.applicationId);
    expect(annaView.results.map((m) => [m.body, m.mine])).toEqual([
      ['Ciao Anna,\nsabato alle 9?', false],
      ['Perfetto, ci sarò.', true],
    ]);
    // Anna has read the owner's message: her count is 0, and the owner sees it read ('Letto').
    expect(await unread(s.anna)).toEqual({ total: 0, by_application: [] });
    expect((await call.notifications(s.anna)).json().messages_unread).toBe(0);
    const ownerView = await thread(s.owner, s.applicationId);
    expect(ownerView.results.map((m) => [m.mine, m.read])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(new Date(ownerView.results[0]?.created_at ?? '').getTime()).toBeLessThan(
      new Date(ownerView.results[1]?.created_at ?? '').getTime(),
    );
  });

  it('pages a long thread: the newest page first, then the older ones through `older`', async () => {
    const s = await loop();
    for (let i = 1; i <= 5; i++) {
      expect((await write(i % 2 ? s.owner : s.anna, s.applicationId, `Messaggio ${i}`)).statusCode).toBe(201);
      t.clock.advance(1000);
    }
    const newest = await thread(s.anna, s.applicationId, '?page_size=2');
    expect(newest.results.map((m) => m.body)).toEqual(['Messaggio 4', 'Messaggio 5']);
    const middle = (await (
      await t.app.inject({ method: 'GET', url: newest.older ?? '', headers: s.anna.headers })
    ).json()) as TThread;
    expect(middle.results.map((m) => m.body)).toEqual(['Messaggio 2', 'Messaggio 3']);
    const oldest = (await (
      await t.app.inject({ method: 'GET', url: middle.older ?? '', headers: s.anna.headers })
    ).json()) as TThread;
    expect(oldest).toMatchObject({ older: null });
    expect(oldest.results.map((m) => m.body)).toEqual(['Messaggio 1']);
    expect((await read(s.anna, s.applicationId, `?page_size=${LIMITS.messagesMaxPageSize + 1}`)).statusCode).toBe(400);
    expect((await read(s.anna, s.applicationId, '?before=abc')).statusCode).toBe(400);
  });

  it('refuses everyone else: logged out 401; another pharmacist, another owner and an admin 404; nothing written', async () => {
    const s = await loop();
    const bruno = await s.pharmacist('Bruno');
    const brunoApplication = (await call.apply(bruno, s.offer.id)).json().id as number;
    const admin = await signedIn(t.app, 'admin');
    await write(s.owner, s.applicationId, 'Ciao Anna');
    expect((await read(undefined, s.applicationId)).statusCode).toBe(401);
    expect((await write(undefined, s.applicationId, 'Ciao')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/messages/unread/' })).statusCode).toBe(401);
    for (const stranger of [bruno, s.otherOwner, admin]) {
      const looked = await read(stranger, s.applicationId);
      expect(looked.statusCode).toBe(404);
      expect(looked.json()).toMatchObject({ code: 'not_found', message: MESSAGES.notFound });
      expect((await write(stranger, s.applicationId, 'Ciao')).statusCode).toBe(404);
    }
    // Bruno's own thread is his; Anna's message count does not move, and a thread that does not exist is not found.
    expect((await write(bruno, brunoApplication, 'Buongiorno')).statusCode).toBe(201);
    expect((await write(s.anna, 999_999, 'Ciao')).statusCode).toBe(404);
    expect((await read(s.anna, 999_999)).statusCode).toBe(404);
    expect(await messageCount()).toBe(2);
    // Someone else's unread messages are not counted for them.
    expect((await unread(s.anna)).total).toBe(1);
    expect((await unread(bruno)).total).toBe(0);
  });

  it('takes 1 to 2,000 characters after trimming, without control characters; anything else is 400 and writes nothing', async () => {
    const s = await loop();
    const refusals: [unknown, string][] = [
      ['', THREAD_MESSAGES.messageRequired],
      ['   \n  ', THREAD_MESSAGES.messageRequired],
      [null, THREAD_MESSAGES.messageRequired],
      ['x'.repeat(LIMITS.messageMaxLength + 1), THREAD_MESSAGES.messageTooLong],
      ['Ciao\u0000Anna', MESSAGES.invalidCharacters],
      [42, MESSAGES.invalidInput],
    ];
    for (const [body, message] of refusals) {
      const refused = await write(s.owner, s.applicationId, body);
      expect(refused.statusCode, String(body)).toBe(400);
      expect(refused.json().message, String(body)).toBe(message);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/applications/${s.applicationId}/messages/`,
          headers: s.owner.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
    expect(await messageCount()).toBe(0);
    const longest = await write(s.owner, s.applicationId, `  ${'a'.repeat(LIMITS.messageMaxLength)}\n `);
    expect(longest.statusCode).toBe(201);
    expect(longest.json().body).toHaveLength(LIMITS.messageMaxLength);
  });

  it(`at most ${LIMITS.messagesPerHour} messages an hour per account: 429 with Retry-After, then again after the hour`, async () => {
    const s = await loop();
    for (let i = 0; i < LIMITS.messagesPerHour; i++)
      expect((await write(s.owner, s.applicationId, `n. ${i}`)).statusCode).toBe(201);
    const refused = await write(s.owner, s.applicationId, 'Uno di troppo');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.json()).toMatchObject({ code: 'message_quota', message: THREAD_MESSAGES.messagesPerHourLimit });
    // The other side is not held back by it.
    expect((await write(s.anna, s.applicationId, 'Tutto chiaro')).statusCode).toBe(201);
    t.clock.advance(LIMITS.quotaWindowMs + 1000);
    await refreshTokens(s.owner);
    expect((await write(s.owner, s.applicationId, 'Di nuovo')).statusCode).toBe(201);
  });
});

describe("the owner's words with a decision", () => {
  it('accepting with a message opens the thread with it: the pharmacist reads it first, unread, and no second mail', async () => {
    const s = await loop();
    const accepted = await call.decide(s.owner, s.applicationId, {
      decision: 'accepted',
      message: 'Benvenuta! Sabato alle 8:30, entra dal retro.',
    });
    expect(accepted.statusCode).toBe(200);
    expect((await unread(s.anna)).by_application).toEqual([{ application_id: s.applicationId, count: 1 }]);
    const seen = await thread(s.anna, s.applicationId);
    expect(seen.results).toMatchObject([{ body: 'Benvenuta! Sabato alle 8:30, entra dal retro.', mine: false }]);
    expect((await thread(s.owner, s.applicationId)).results).toMatchObject([{ mine: true }]);
    // The decision's own notification told her; the thread adds no 'message_received' of its own.
    expect(await messageNotifications(s.anna)).toEqual([]);
    // A reply reaches the owner as any message does.
    expect((await write(s.anna, s.applicationId, 'Perfetto, grazie!')).statusCode).toBe(201);
    expect((await thread(s.owner, s.applicationId)).results.map((m) => m.body)).toEqual([
      'Benvenuta! Sabato alle 8:30, entra dal retro.',
      'Perfetto, grazie!',
    ]);
  });

  it('a rejection with a message is in the thread too; a decision without one writes nothing there', async () => {
    const s = await loop();
    const bruno = await s.pharmacist('Bruno');
    const other = (await call.apply(bruno, s.offer.id)).json().id as number;
    expect(
      (await call.decide(s.owner, s.applicationId, { decision: 'rejected', message: 'Grazie, abbiamo già coperto il turno.' }))
        .statusCode,
    ).toBe(200);
    expect((await thread(s.anna, s.applicationId)).results.map((m) => m.body)).toEqual(['Grazie, abbiamo già coperto il turno.']);
    expect((await call.decide(s.owner, other, { decision: 'accepted' })).statusCode).toBe(200);
    expect((await thread(bruno, other)).results).toEqual([]);
  });
});

describe('when a thread closes', () => {
  it('30 days after the offer’s last day: open through that day, then read only (409 thread_closed)', async () => {
    const dateTo = daysFromNow(3, t.clock.now);
    const s = await loop({ dateFrom: daysFromNow(2, t.clock.now), dateTo });
    const closesAt = new Date(
      new Date(endOfItalianDay(daysFromNow(3 + LIMITS.messageThreadOpenDaysAfterOffer, t.clock.now))).getTime() + 1000,
    );
    expect(await thread(s.anna, s.applicationId)).toMatchObject({ open: true, closes_at: closesAt.toISOString() });
    await write(s.owner, s.applicationId, 'A sabato!');
    // The last day of the thread, an hour before it closes.
    t.clock.now = new Date(closesAt.getTime() - 60 * 60 * 1000);
    await refreshTokens(s.owner, s.anna);
    expect((await write(s.anna, s.applicationId, 'Grazie di tutto')).statusCode).toBe(201);
    t.clock.now = new Date(closesAt.getTime() + 1000);
    await refreshTokens(s.owner, s.anna);
    const refused = await write(s.owner, s.applicationId, 'Ancora una cosa');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'thread_closed', message: THREAD_MESSAGES.threadClosed });
    expect((await write(s.anna, s.applicationId, 'Anche io')).statusCode).toBe(409);
    const closed = await thread(s.anna, s.applicationId);
    expect(closed).toMatchObject({ open: false, closes_at: closesAt.toISOString() });
    expect(closed.results.map((m) => m.body)).toEqual(['A sabato!', 'Grazie di tutto']);
  });

  it('without a last day: open while the application is live; rejected or withdrawn, both may say goodbye for 30 days', async () => {
    const s = await loop();
    const bruno = await s.pharmacist('Bruno');
    const brunoApplication = (await call.apply(bruno, s.offer.id)).json().id as number;
    expect((await call.decide(s.owner, s.applicationId, { decision: 'rejected', message: 'Grazie' })).statusCode).toBe(200);
    expect((await call.withdraw(bruno, brunoApplication)).statusCode).toBe(200);
    const decidedAt = t.clock.now.getTime();
    const goodbye = new Date(decidedAt + LIMITS.messageThreadOpenDaysAfterOffer * DAY_MS).toISOString();
    for (const [who, id] of [
      [s.anna, s.applicationId],
      [bruno, brunoApplication],
    ] as const) {
      expect(await thread(who, id)).toMatchObject({ open: true, closes_at: goodbye });
      expect((await write(who, id, 'Grazie, alla prossima!')).statusCode).toBe(201);
      expect((await write(s.owner, id, 'Grazie a te.')).statusCode).toBe(201);
    }
    t.clock.now = new Date(decidedAt + LIMITS.messageThreadOpenDaysAfterOffer * DAY_MS + 1000);
    await refreshTokens(s.owner, s.anna, bruno);
    expect((await write(s.anna, s.applicationId, 'Ciao')).statusCode).toBe(409);
    expect((await write(s.owner, brunoApplication, 'Ciao')).statusCode).toBe(409);
    // Bruno applies again: his application, and its thread, are live again.
    expect((await call.apply(bruno, s.offer.id)).statusCode).toBe(201);
    expect(await thread(bruno, brunoApplication)).toMatchObject({ open: true, closes_at: null });
    expect((await write(bruno, brunoApplication, 'Eccomi di nuovo')).statusCode).toBe(201);
  });
});

describe('telling the recipient', () => {
  it('one notification and one mail per thread and recipient every 15 minutes, quoting the message that opened the spell', async () => {
    const s = await loop();
    await t.app.outbox.runOnce();
    t.smtp.received.length = 0;
    await write(s.owner, s.applicationId, 'Ciao Anna,\nsabato ti va bene alle 9?');
    await write(s.owner, s.applicationId, 'Dimenticavo: porta il camice.');
    expect(await messageNotifications(s.anna)).toEqual([
      expect.objectContaining({
        body: 'Farmacia Centrale ti ha scritto a proposito di «Turno sabato».',
        link: `/mie_candidature?conversazione=${s.applicationId}`,
      }),
    ]);
    expect((await t.app.outbox.runOnce()).sent).toBe(1);
    const mail = t.smtp.lastTo(s.anna.user.email)?.text ?? '';
    expect(mail).toContain('Subject: Farmaponte: Nuovo messaggio');
    expect(mail).toContain('Farmacia Centrale ha scritto:');
    expect(mail).toContain('sabato ti va bene alle 9?');
    expect(mail).not.toContain('porta il camice');
    expect(mail).toContain(`http://farmaponte.test/mie_candidature?conversazione=${s.applicationId}`);
    // Each side has its own spell: Anna's answer tells the owner at once.
    await write(s.anna, s.applicationId, 'Sì, a sabato.');
    expect(await messageNotifications(s.owner)).toEqual([
      expect.objectContaining({
        body: 'Anna Neri ti ha scritto a proposito di «Turno sabato».',
        link: `/candidature?offer_id=${s.offer.id}&conversazione=${s.applicationId}`,
      }),
    ]);
    // Within the window nothing more; past it, the next message mails again.
    t.clock.advance(LIMITS.messageMailEveryMinutes * 60_000 - 1000);
    await write(s.owner, s.applicationId, 'Ancora nei 15 minuti');
    expect(await messageNotifications(s.anna)).toHaveLength(1);
    t.clock.advance(2000);
    await refreshTokens(s.owner, s.anna);
    await write(s.owner, s.applicationId, 'Passati i 15 minuti');
    expect(await messageNotifications(s.anna)).toHaveLength(2);
    t.smtp.received.length = 0;
    expect((await t.app.outbox.runOnce()).sent).toBe(2);
    expect(t.smtp.lastTo(s.anna.user.email)?.text).toContain('Passati i 15 minuti');
  });

  it('respects the e-mail opt-out of message_received: the bell still tells, the mailbox does not', async () => {
    const s = await loop();
    await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences/',
      headers: s.anna.headers,
      payload: { email: { message_received: false } },
    });
    await t.app.outbox.runOnce();
    t.smtp.received.length = 0;
    await write(s.owner, s.applicationId, 'Ciao Anna');
    expect(await messageNotifications(s.anna)).toHaveLength(1);
    await t.app.outbox.runOnce();
    expect(t.smtp.received).toEqual([]);
  });
});

describe('the other features', () => {
  it("'Segnala' on a message reports its author, with the message quoted for the admins' desk", async () => {
    const s = await loop();
    const bruno = await s.pharmacist('Bruno');
    const brunoApplication = (await call.apply(bruno, s.offer.id)).json().id as number;
    const rude = (await write(s.owner, s.applicationId, 'Messaggio offensivo')).json().id as number;
    const mine = (await write(s.anna, s.applicationId, 'La mia risposta')).json().id as number;
    const toBruno = (await write(s.owner, brunoApplication, 'Ciao Bruno')).json().id as number;
    const report = (payload: object) => t.app.inject({ method: 'POST', url: '/api/reports/', headers: s.anna.headers, payload });
    const base = { target_type: 'user', target_id: s.owner.user.id, reason: 'inappropriate' };
    // A message the owner did not write to Anna (Bruno's, or her own) is not hers to report.
    for (const message_id of [toBruno, mine, 999_999])
      expect((await report({ ...base, message_id })).json()).toMatchObject({ code: 'report_target_not_found' });
    expect((await report({ ...base, target_type: 'offer', target_id: s.offer.id, message_id: rude })).statusCode).toBe(400);
    const sent = await report({ ...base, message_id: rude, details: 'Tono inaccettabile.' });
    expect(sent.statusCode).toBe(201);
    const admin = await signedIn(t.app, 'admin');
    const desk = (await t.app.inject({ method: 'GET', url: '/api/admin/reports/', headers: admin.headers })).json();
    expect(desk.results[0]).toMatchObject({ target_type: 'user', target_id: s.owner.user.id });
    expect(desk.results[0].details).toMatch(
      /^Tono inaccettabile\.\n\nMessaggio segnalato \(\d\d\/\d\d\/\d{4} \d\d:\d\d\): «Messaggio offensivo»$/,
    );
  });
});

describe('races (PostgreSQL: two requests at once)', () => {
  it('two messages at once on one thread: both written, one mail, never a 500', async () => {
    for (let round = 0; round < 4; round++) {
      const s = await loop();
      const answers = await Promise.all([
        write(s.owner, s.applicationId, 'Primo'),
        write(s.owner, s.applicationId, 'Secondo'),
        write(s.owner, s.applicationId, 'Terzo'),
        write(s.anna, s.applicationId, 'Risposta'),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
      expect(await messageNotifications(s.anna)).toHaveLength(1);
      expect(await messageNotifications(s.owner)).toHaveLength(1);
    }
  });

  it('a message while the owner deletes the offer or decides: 201, 404 or 409, never a 500', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const s = await loop();
      const answers = await Promise.all([
        write(s.anna, s.applicationId, 'Ci sono ancora?'),
        write(s.owner, s.applicationId, 'Un momento'),
        round % 2
          ? t.app.inject({ method: 'DELETE', url: `/api/offers/${s.offer.id}/delete/`, headers: s.owner.headers })
          : call.decide(s.owner, s.applicationId, { decision: 'accepted' }),
        write(s.anna, s.applicationId, 'Grazie'),
      ]);
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses.filter((status) => ![200, 201, 204, 404].includes(status))).toEqual([]);
  });
});
