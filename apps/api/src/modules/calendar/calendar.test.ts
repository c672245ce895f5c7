/**
 * The shift in the pharmacist's calendar (decision 052): the acceptance mail's invitation, read back with a real
 * iCalendar parser (ical.js) from the mail a real SMTP server received, and its cancellation when the shift is off.
 */
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls } from '../../../test/hiring-loop';
import { decodeQuotedPrintable } from '../../../test/smtp';
import { profiles } from '../../db/schema';
import { createOffer, giveCv } from '../../factories';

const t = useTestApp();
const call = hiringCalls(t);

/** An owner of a pharmacy at a known address and place, an offer of theirs, and a pharmacist who applied to it. */
async function applied(offer: Parameters<typeof createOffer>[2]) {
  const owner = await signedIn(t.app, 'titolare', {
    profile: {
      name: 'Marco',
      surname: 'Rossi',
      denominazione_farmacia: 'Farmacia Centrale',
      indirizzo_farmacia: 'Via Roma 12',
      comune_farmacia: 'Abano Terme',
    },
  });
  // Where the pharmacy is, as an admin sets it (POST /users/update_location/).
  await t.database.db.update(profiles).set({ lat: 45.3601, lng: 11.7883 }).where(eq(profiles.userId, owner.user.id));
  const created = await createOffer(t.database.db, owner.user.id, { title: 'Turno pomeridiano', ...offer });
  const anna = await signedIn(t.app, 'farmacista', { profile: { name: 'Anna', surname: 'Neri' } });
  await giveCv(t.database.db, anna.user.id, 'Anna Neri');
  const applicationId = (await call.apply(anna, created.id)).json().id as number;
  return { owner, anna, offer: created, applicationId };
}

/** The text/calendar part of the last mail to this address, decoded, or null. */
async function lastCalendarTo(address: string): Promise<string | null> {
  await t.app.outbox.runOnce();
  const raw = t.smtp.lastTo(address)?.raw ?? '';
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1] as string);
  if (!boundaries.length) return null;
  const escaped = boundaries.map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = raw.split(new RegExp(`--(?:${escaped.join('|')})(?:--)?`));
  const part = parts.find((p) => /^Content-Type: text\/calendar/i.test(p.trimStart()));
  if (!part) return null;
  const [headers = '', ...body] = part.trimStart().split(/\r?\n\r?\n/);
  const content = body.join('\n\n').trim();
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(content, 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return decodeQuotedPrintable(content);
  return content;
}

/** The calendar parsed by ical.js: its method, its one event and that event's zone registered for conversions. */
function parsed(ics: string | null) {
  expect(ics).not.toBeNull();
  const calendar = new ICAL.Component(ICAL.parse(ics as string));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const event = new ICAL.Event(vevent);
  const occurrences = () => {
    const found: { local: string; utc: string }[] = [];
    const iterator = event.iterator();
    for (let next = iterator.next(); next && found.length < 50; next = iterator.next())
      found.push({ local: next.toString(), utc: next.toJSDate().toISOString() });
    return found;
  };
  return {
    method: calendar.getFirstPropertyValue('method'),
    timezones: calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid')),
    vevent,
    event,
    occurrences,
    tzid: vevent.getFirstProperty('dtstart')?.getParameter('tzid'),
    status: vevent.getFirstPropertyValue('status'),
  };
}

describe('the acceptance invitation', () => {
  it("is timed in Europe/Rome with its VTIMEZONE, at the pharmacy's address and place, organised by the owner", async () => {
    const s = await applied({ dateFrom: '2030-06-01', dateTo: '2030-06-01', startTime: '15:30', endTime: '20:00' });
    await call.decide(s.owner, s.applicationId, { decision: 'accepted' });
    const ics = await lastCalendarTo(s.anna.user.email);
    expect(ics).toContain('DTSTART;TZID=Europe/Rome:20300601T153000');
    const invite = parsed(ics);
    expect(invite.method).toBe('REQUEST');
    expect(invite.timezones).toEqual(['Europe/Rome']);
    expect(invite.tzid).toBe('Europe/Rome');
    expect(invite.status).toBe('CONFIRMED');
    expect(invite.event.uid).toBe(`application-${s.applicationId}@farmaponte.test`);
    expect(invite.event.summary).toBe('Turno pomeridiano – Farmacia Centrale');
    // 15:30–20:00 in Rome in June (summer time) is 13:30–18:00 UTC.
    expect(invite.event.startDate.toJSDate().toISOString()).toBe('2030-06-01T13:30:00.000Z');
    expect(invite.event.endDate.toJSDate().toISOString()).toBe('2030-06-01T18:00:00.000Z');
    expect(invite.occurrences()).toHaveLength(1);
    expect(invite.event.location).toBe('Farmacia Centrale\nVia Roma 12, 35031 Abano Terme');
    expect(invite.vevent.getFirstPropertyValue('geo')).toEqual([45.3601, 11.7883]);
    expect(invite.vevent.getFirstPropertyValue('organizer')).toBe(`mailto:${s.owner.user.email}`);
    expect(invite.vevent.getFirstProperty('organizer')?.getParameter('cn')).toBe('Marco Rossi');
    expect(String(invite.vevent.getFirstPropertyValue('attendee')).toLowerCase()).toBe(`mailto:${s.anna.user.email}`);
    expect(invite.event.sequence).toBeGreaterThan(0);
    // The mail says what is attached, and its calendar part declares the same method.
    const mail = t.smtp.lastTo(s.anna.user.email);
    expect(mail?.text).toContain("In allegato trovi l'evento da aggiungere al calendario.");
    expect(mail?.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
  });

  it('a multi-day offer with hours is each of its days at those hours, across the change to winter time', async () => {
    const s = await applied({ dateFrom: '2030-10-26', dateTo: '2030-10-28', startTime: '15:30', endTime: '20:00' });
    await call.decide(s.owner, s.applicationId, { decision: 'accepted' });
    const invite = parsed(await lastCalendarTo(s.anna.user.email));
    expect(invite.occurrences()).toEqual([
      { local: '2030-10-26T15:30:00', utc: '2030-10-26T13:30:00.000Z' },
      // Sunday 27 October 2030: Italy is back on UTC+1 from 03:00.
      { local: '2030-10-27T15:30:00', utc: '2030-10-27T14:30:00.000Z' },
      { local: '2030-10-28T15:30:00', utc: '2030-10-28T14:30:00.000Z' },
    ]);
  });

  it('an offer without hours is all-day on its days; without dates there is nothing to attach', async () => {
    const s = await applied({ dateFrom: '2030-06-01', dateTo: '2030-06-02' });
    await call.decide(s.owner, s.applicationId, { decision: 'accepted' });
    const invite = parsed(await lastCalendarTo(s.anna.user.email));
    expect(invite.event.startDate.isDate).toBe(true);
    expect(invite.event.startDate.toString()).toBe('2030-06-01');
    expect(invite.event.endDate.toString()).toBe('2030-06-03');
    expect(invite.tzid).toBeUndefined();

    const open = await applied({});
    await call.decide(open.owner, open.applicationId, { decision: 'accepted' });
    expect(await lastCalendarTo(open.anna.user.email)).toBeNull();
    expect(t.smtp.lastTo(open.anna.user.email)?.text).toContain('Subject: Farmaponte: Candidatura accettata');
  });
});

describe('the cancellation', () => {
  const hours = { dateFrom: '2030-06-01', dateTo: '2030-06-03', startTime: '09:00', endTime: '13:00' };

  async function accepted() {
    const s = await applied(hours);
    await call.decide(s.owner, s.applicationId, { decision: 'accepted' });
    return { ...s, invite: parsed(await lastCalendarTo(s.anna.user.email)) };
  }

  function expectCancels(cancel: ReturnType<typeof parsed>, invite: ReturnType<typeof parsed>) {
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.status).toBe('CANCELLED');
    expect(cancel.event.uid).toBe(invite.event.uid);
    expect(cancel.event.sequence).toBeGreaterThan(invite.event.sequence);
  }

  it('the pharmacist withdraws an accepted shift: a mail takes it out of their calendar (same UID, higher SEQUENCE)', async () => {
    const s = await accepted();
    expect((await call.withdraw(s.anna, s.applicationId)).statusCode).toBe(200);
    const cancel = parsed(await lastCalendarTo(s.anna.user.email));
    expectCancels(cancel, s.invite);
    const mail = t.smtp.lastTo(s.anna.user.email)?.text ?? '';
    expect(mail).toContain('Subject: Farmaponte: Turno tolto dal calendario');
    expect(mail).toContain('Hai ritirato la candidatura accettata per «Turno pomeridiano» presso Farmacia Centrale');
    // The raw message: the test server's quoted-printable decoding would read "=CA" as an escape.
    expect(t.smtp.lastTo(s.anna.user.email)?.raw).toMatch(/method=CANCEL/i);
    // Accepted again after applying anew: a new invitation, later still than the cancellation.
    await call.apply(s.anna, s.offer.id);
    await call.decide(s.owner, s.applicationId, { decision: 'accepted' });
    const again = parsed(await lastCalendarTo(s.anna.user.email));
    expect(again.method).toBe('REQUEST');
    expect(again.event.sequence).toBeGreaterThan(cancel.event.sequence);
  });

  it('a withdrawal before any acceptance mails the pharmacist nothing; another pharmacist cannot withdraw it (404)', async () => {
    const s = await applied(hours);
    const bruno = await signedIn(t.app, 'farmacista');
    await call.decide(s.owner, s.applicationId, { decision: 'accepted' });
    await t.app.outbox.runOnce();
    const before = t.smtp.received.length;
    expect((await call.withdraw(bruno, s.applicationId)).statusCode).toBe(404);
    await t.app.outbox.runOnce();
    expect(t.smtp.received.length).toBe(before);

    const waiting = await applied(hours);
    await call.withdraw(waiting.anna, waiting.applicationId);
    await t.app.outbox.runOnce();
    expect(t.smtp.lastTo(waiting.anna.user.email)).toBeUndefined();
  });

  it("the owner cancels the acceptance: the notification's mail carries the cancellation", async () => {
    const s = await accepted();
    await call.decide(s.owner, s.applicationId, { decision: 'rejected', message: 'Turno annullato.' });
    const cancel = parsed(await lastCalendarTo(s.anna.user.email));
    expectCancels(cancel, s.invite);
    const mail = t.smtp.lastTo(s.anna.user.email)?.text ?? '';
    expect(mail).toContain('Subject: Farmaponte: Accettazione annullata');
    expect(mail).toContain("In allegato trovi l'annullamento del turno: il tuo calendario lo toglie da solo.");
  });

  it('the owner deletes the offer: the accepted pharmacist gets the cancellation; closing it keeps the accepted shift', async () => {
    const s = await accepted();
    expect((await call.offerAction(s.owner, s.offer.id, 'close')).statusCode).toBe(200);
    await t.app.outbox.runOnce();
    // Closing answers those still waiting; the accepted pharmacist still works the shift, so their calendar keeps it.
    expect(t.smtp.received.filter((m) => m.to.includes(s.anna.user.email))).toHaveLength(1);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/offers/${s.offer.id}/delete/`, headers: s.owner.headers });
    expect(deleted.statusCode).toBe(204);
    const cancel = parsed(await lastCalendarTo(s.anna.user.email));
    expectCancels(cancel, s.invite);
    expect(t.smtp.lastTo(s.anna.user.email)?.text).toContain('Subject: Farmaponte: Offerta eliminata');
  });

  it('the withdrawal and the owner cancelling at once: one wins, the other is 409, never 500, one cancellation mailed', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await accepted();
      const answers = await Promise.all([
        call.withdraw(s.anna, s.applicationId),
        call.decide(s.owner, s.applicationId, { decision: 'rejected', message: 'Turno annullato.' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      await t.app.outbox.runOnce();
      const toAnna = t.smtp.received.filter((m) => m.to.includes(s.anna.user.email));
      expect(toAnna.filter((m) => /method=CANCEL/i.test(m.raw))).toHaveLength(1);
    }
  });
});
