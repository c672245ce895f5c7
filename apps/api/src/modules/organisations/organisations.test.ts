/**
 * Organisations, their pharmacies and their people (decision 089): a titolare adds a pharmacy and invites staff; each
 * role may do what it may and is refused the rest; a removed member's session ends; the history says who decided; a
 * pharmacy's mail reaches its staff. On PGlite and PostgreSQL.
 */
import { MESSAGES } from '@farmaponte/shared';
import { ORGANISATION_MESSAGES as M } from '@farmaponte/shared/organisation';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, signedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls } from '../../../test/hiring-loop';
import { actingFor, addedPharmacy, invitationTokenTo, staffMember } from '../../../test/organisation';
import { auditLog, offers } from '../../db/schema';
import { createOffer, giveCv } from '../../factories';

const t = useTestApp();
const calls = hiringCalls(t);

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const SHIFT = {
  title: 'Sabato mattina',
  description: 'Banco e ricette',
  hourly_pay: 20,
  date_from: '2099-03-07',
  date_to: '2099-03-07',
  start_time: '08:30',
  end_time: '13:00',
};

async function group() {
  const titolare = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia Centrale' } });
  const second = await addedPharmacy(t, titolare, 'Farmacia del Borgo');
  return { titolare, first: titolare.user.id, second };
}

describe('an organisation and its pharmacies', () => {
  it('is there for every owner, with their pharmacy; a titolare adds a second one, which waits for the admin', async () => {
    const titolare = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia Centrale' } });
    const before = (await get('/api/organisation/', titolare.headers)).json();
    expect(before).toMatchObject({ name: 'Farmacia Centrale', my_role: 'titolare' });
    expect(before.pharmacies).toEqual([expect.objectContaining({ id: titolare.user.id, name: 'Farmacia Centrale' })]);
    const second = await addedPharmacy(t, titolare, 'Farmacia del Borgo', false);
    const after = (await get('/api/organisation/', titolare.headers)).json();
    expect(after.pharmacies.map((p: { name: string; verification: string }) => [p.name, p.verification])).toEqual([
      ['Farmacia Centrale', 'verified'],
      ['Farmacia del Borgo', 'pending'],
    ]);
    // Publishing for the new pharmacy waits for the admin as a new owner's does.
    const created = await send('POST', '/api/offers/create/', actingFor(titolare, second), SHIFT);
    expect(created.statusCode).toBe(201);
    const [offer] = await t.database.db.select().from(offers).where(eq(offers.ownerId, second));
    expect(offer?.publishedAt).toBeNull();
    expect(offer?.createdBy).toBe(titolare.user.id);
    // The admin's queue has the new pharmacy.
    const admin = await signedIn(t.app, 'admin');
    const queue = (await get('/api/admin/verifications/?status=pending', admin.headers)).json();
    expect(JSON.stringify(queue)).toContain(String(second));
  });

  it('saves the data for invoices, checked: a wrong VAT, PEC or SDI code is refused and changes nothing', async () => {
    const { titolare } = await group();
    const wrong = await send('PUT', '/api/organisation/', titolare.headers, {
      name: 'Farmacie Rossi srl',
      partita_iva: '12345678901',
      pec: 'non-una-pec',
      codice_sdi: 'abc',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toMatchObject({ partita_iva: MESSAGES.invalidVatCheckDigit });
    const saved = await send('PUT', '/api/organisation/', titolare.headers, {
      name: 'Farmacie Rossi srl',
      partita_iva: '01234567897',
      codice_fiscale: '01234567897',
      sede_legale: 'Via Roma 1, Torino',
      pec: 'Rossi@PEC.it',
      codice_sdi: 'm5uxcr1',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Farmacie Rossi srl',
      pec: 'rossi@pec.it',
      codice_sdi: 'M5UXCR1',
      message: M.saved,
    });
  });

  it('shows a pharmacist the pharmacy’s name, and the group’s where it runs several', async () => {
    const { titolare, second } = await group();
    await send('PUT', '/api/organisation/', titolare.headers, { name: 'Farmacie Rossi srl' });
    const alone = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia Sola' } });
    await createOffer(t.database.db, second, { title: 'Turno al Borgo' });
    await createOffer(t.database.db, alone.user.id, { title: 'Turno alla Sola' });
    const pharmacist = await signedIn(t.app, 'farmacista');
    const listed = (await get('/api/offers/', pharmacist.headers)).json() as {
      title: string;
      denominazione_farmacia: string;
      gruppo: string | null;
    }[];
    expect(listed.map((o) => [o.title, o.denominazione_farmacia, o.gruppo]).sort()).toEqual([
      ['Turno al Borgo', 'Farmacia del Borgo', 'Farmacie Rossi srl'],
      ['Turno alla Sola', 'Farmacia Sola', null],
    ]);
  });

  it('refuses a pharmacy already in the organisation, and one a verified owner elsewhere holds', async () => {
    const { titolare } = await group();
    const other = await signedIn(t.app, 'titolare');
    await t.database.db.execute(
      sql`insert into pharmacies (cod_farmacia, name, address, comune, partita_iva) values ('77001', 'FARMACIA DEL PONTE', 'VIA PO 1', 'TORINO', '')`,
    );
    const named = { cod_farmacia: '77001', partita_iva: '01234567897' };
    expect((await send('POST', '/api/organisation/pharmacies/', titolare.headers, named)).statusCode).toBe(201);
    const again = await send('POST', '/api/organisation/pharmacies/', titolare.headers, named);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('pharmacy_already_yours');
    // While neither is approved both organisations may ask; the admin approves one, and the other is then refused.
    const asked = await send('POST', '/api/organisation/pharmacies/', other.headers, named);
    expect(asked.statusCode).toBe(201);
    const admin = await signedIn(t.app, 'admin');
    const mine = (await get('/api/organisation/', titolare.headers)).json().pharmacies.at(-1).id;
    const approved = await send('POST', `/api/admin/verifications/${mine}/`, admin.headers, { decision: 'verified' });
    expect(approved.statusCode).toBe(200);
    const second = await send('POST', `/api/admin/verifications/${asked.json().id}/`, admin.headers, { decision: 'verified' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('pharmacy_already_claimed');
    const third = await signedIn(t.app, 'titolare');
    const late = await send('POST', '/api/organisation/pharmacies/', third.headers, named);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('pharmacy_already_claimed');
  });
});

describe('staff and roles', () => {
  it('a responsabile invited by mail joins, acts for their pharmacy only, and the history says who decided', async () => {
    const { titolare, first, second } = await group();
    const laura = await staffMember(t, titolare, 'responsabile', [second], 'Laura', 'Neri');
    const seen = (await get('/api/organisation/', laura.headers)).json();
    expect(seen.my_role).toBe('responsabile');
    expect(seen.pharmacies.map((p: { id: number }) => p.id)).toEqual([second]);
    // Their default pharmacy is the one they act for; the other is not theirs to see.
    expect((await get('/api/offers/mine/', actingFor(laura, first))).statusCode).toBe(404);
    const created = await send('POST', '/api/offers/create/', laura.headers, SHIFT);
    expect(created.statusCode).toBe(201);
    const offerId = created.json().id as number;
    const pharmacist = await signedIn(t.app, 'farmacista', { profile: { name: 'Giulia', surname: 'Bianchi' } });
    await giveCv(t.database.db, pharmacist.user.id);
    const applied = await calls.apply(pharmacist, offerId);
    expect(applied.statusCode).toBe(201);
    const decided = await calls.decide(laura, applied.json().id, { decision: 'accepted', message: 'Ti aspettiamo alle 8:30' });
    expect(decided.statusCode).toBe(200);
    const mine = (await calls.mine(pharmacist)).json();
    const application = mine.find((a: { id: number }) => a.id === applied.json().id);
    expect(application.history.at(-1)).toMatchObject({ status: 'accepted', by: 'Laura Neri' });
    // The thread names the person, and nothing else of theirs.
    const thread = (await get(`/api/applications/${applied.json().id}/messages/`, pharmacist.headers)).json();
    expect(thread.results[0]).toMatchObject({ body: 'Ti aspettiamo alle 8:30', author_name: 'Laura Neri' });
    expect(JSON.stringify(thread)).not.toContain(laura.user.email);
    // The audit log names the person.
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, laura.user.id));
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['invitation.accept', 'offer.publish', 'application.decide']),
    );
  });

  it('consultazione reads and is refused every write; only a titolare manages people and invoicing data', async () => {
    const { titolare, second } = await group();
    const offer = await createOffer(t.database.db, second, { title: 'Turno' });
    const reader = await staffMember(t, titolare, 'consultazione', [second], 'Paolo', 'Verdi');
    const boss = await staffMember(t, titolare, 'responsabile', [second], 'Anna', 'Blu');
    expect((await get('/api/offers/mine/', reader.headers)).statusCode).toBe(200);
    expect((await get('/api/titolare/candidatures/', reader.headers)).statusCode).toBe(200);
    for (const [who, code] of [
      [reader, 'read_only_member'],
      [boss, null],
    ] as const) {
      const published = await send('POST', '/api/offers/create/', who.headers, SHIFT);
      expect(published.statusCode).toBe(code ? 403 : 201);
      if (code) expect(published.json()).toMatchObject({ code, message: M.readOnly });
    }
    expect((await send('POST', `/api/offers/${offer.id}/close/`, reader.headers)).statusCode).toBe(403);
    for (const who of [reader, boss]) {
      expect((await get('/api/organisation/team/', who.headers)).json().code).toBe('titolare_only');
      expect((await send('PUT', '/api/organisation/', who.headers, { name: 'Altro' })).statusCode).toBe(403);
      expect(
        (await send('POST', '/api/organisation/invitations/', who.headers, { email: 'x@example.it', role: 'titolare' }))
          .statusCode,
      ).toBe(403);
      expect((await send('DELETE', `/api/organisation/members/${titolare.user.id}/`, who.headers)).statusCode).toBe(403);
    }
    expect(
      (await send('PUT', `/api/organisation/pharmacies/${second}/settings/`, reader.headers, { note: 'x' })).statusCode,
    ).toBe(403);
  });

  it('answers 401 without a session, 403 to a pharmacist or an admin, 404 for another organisation and 400 for a bad header', async () => {
    const { titolare, second } = await group();
    const stranger = await signedIn(t.app, 'titolare');
    const pharmacist = await signedIn(t.app, 'farmacista');
    const admin = await signedIn(t.app, 'admin');
    expect((await get('/api/organisation/')).statusCode).toBe(401);
    expect((await get('/api/organisation/', pharmacist.headers)).statusCode).toBe(403);
    expect((await get('/api/organisation/', admin.headers)).statusCode).toBe(403);
    expect((await get('/api/offers/mine/', actingFor(stranger, second))).json().code).toBe('pharmacy_not_found');
    expect((await get(`/api/organisation/pharmacies/${second}/settings/`, stranger.headers)).statusCode).toBe(404);
    expect((await send('POST', '/api/offers/create/', actingFor(stranger, second), SHIFT)).statusCode).toBe(404);
    expect((await get('/api/offers/mine/', { ...titolare.headers, 'x-farmacia': 'abc' })).json().code).toBe(
      'pharmacy_header_invalid',
    );
    const all = await send('POST', '/api/offers/create/', actingFor(titolare, 'tutte'), SHIFT);
    expect(all.statusCode).toBe(400);
    expect(all.json().code).toBe('pharmacy_required');
    const offer = await createOffer(t.database.db, second);
    expect((await send('DELETE', `/api/offers/${offer.id}/delete/`, stranger.headers)).statusCode).toBe(404);
  });

  it('removing a member ends their sessions at once; the last titolare and oneself cannot be removed', async () => {
    const { titolare, second } = await group();
    const laura = await staffMember(t, titolare, 'responsabile', [second]);
    expect((await get('/api/offers/mine/', laura.headers)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/organisation/members/${titolare.user.id}/`, titolare.headers)).json().code).toBe(
      'not_yourself',
    );
    const removed = await send('DELETE', `/api/organisation/members/${laura.user.id}/`, titolare.headers);
    expect(removed.json()).toEqual({ message: M.memberRemoved });
    expect((await get('/api/offers/mine/', laura.headers)).statusCode).toBe(401);
    const refreshed = await send('POST', '/api/token/refresh/', undefined, { refresh: laura.refresh });
    expect(refreshed.statusCode).toBe(401);
    // A second titolare may go; the last one may not.
    const marco = await staffMember(t, titolare, 'titolare', [], 'Marco', 'Gialli');
    const demoted = await send('PATCH', `/api/organisation/members/${titolare.user.id}/`, marco.headers, {
      role: 'responsabile',
      pharmacy_ids: [second],
    });
    expect(demoted.statusCode).toBe(200);
    const last = await send('PATCH', `/api/organisation/members/${marco.user.id}/`, titolare.headers, {
      role: 'responsabile',
      pharmacy_ids: [second],
    });
    expect(last.statusCode).toBe(403);
    const team = (await get('/api/organisation/team/', marco.headers)).json();
    expect(team.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Marco Gialli', 'titolare'],
      ['Marco Rossi', 'responsabile'],
    ]);
  });

  it('an invitation link works once, expires, and only for the address it was sent to', async () => {
    const { titolare, second } = await group();
    const invite = (email: string) =>
      send('POST', '/api/organisation/invitations/', titolare.headers, { email, role: 'responsabile', pharmacy_ids: [second] });
    expect((await invite('nuova@example.it')).statusCode).toBe(201);
    const twice = await invite('Nuova@example.it');
    expect(twice.json().code).toBe('invitation_pending');
    const token = await invitationTokenTo(t, 'nuova@example.it');
    const preview = await get(`/api/organisation/invitations/accept/?token=${encodeURIComponent(token)}`);
    expect(preview.json()).toEqual({
      organisation: 'Farmacia Centrale',
      email: 'nuova@example.it',
      role: 'responsabile',
      pharmacies: ['Farmacia del Borgo'],
      has_account: false,
    });
    const accept = (payload: object, headers?: Record<string, string>) =>
      send('POST', '/api/organisation/invitations/accept/', headers, { token, ...payload });
    const missing = await accept({ name: 'Nuova' });
    expect(missing.statusCode).toBe(400);
    const joined = await accept({ name: 'Nuova', surname: 'Persona', password: 'password-sicura', privacyPolicyConsent: true });
    expect(joined.statusCode).toBe(201);
    const again = await accept({ name: 'Nuova', surname: 'Persona', password: 'password-sicura', privacyPolicyConsent: true });
    expect(again.json()).toMatchObject({ code: 'invitation_used', message: M.invitationUsed });
    // A pharmacist's address cannot join; an expired link is refused.
    const pharmacist = await signedIn(t.app, 'farmacista');
    await send('POST', '/api/organisation/invitations/', titolare.headers, {
      email: pharmacist.user.email,
      role: 'consultazione',
      pharmacy_ids: [second],
    });
    const theirs = await invitationTokenTo(t, pharmacist.user.email);
    const refused = await send('POST', '/api/organisation/invitations/accept/', pharmacist.headers, { token: theirs });
    expect(refused.json().code).toBe('invitation_wrong_role');
    await invite('tardi@example.it');
    const late = await invitationTokenTo(t, 'tardi@example.it');
    t.clock.advance(8 * 86_400_000);
    const expired = await send('POST', '/api/organisation/invitations/accept/', undefined, {
      token: late,
      name: 'A',
      surname: 'B',
      password: 'password-sicura',
      privacyPolicyConsent: true,
    });
    expect(expired.json().code).toBe('invitation_expired');
    expect((await get('/api/organisation/invitations/accept/?token=sconosciuto')).statusCode).toBe(404);
  });

  it('an owner with an account of their own joins another organisation with it, logged in as the invited address', async () => {
    const { titolare, second } = await group();
    const other = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia Altrove' } });
    await send('POST', '/api/organisation/invitations/', titolare.headers, {
      email: other.user.email,
      role: 'responsabile',
      pharmacy_ids: [second],
    });
    const token = await invitationTokenTo(t, other.user.email);
    expect((await get(`/api/organisation/invitations/accept/?token=${encodeURIComponent(token)}`)).json().has_account).toBe(true);
    const stranger = await signedIn(t.app, 'titolare');
    const wrong = await send('POST', '/api/organisation/invitations/accept/', stranger.headers, { token });
    expect(wrong.json().code).toBe('invitation_wrong_account');
    expect((await send('POST', '/api/organisation/invitations/accept/', undefined, { token })).json().code).toBe(
      'login_required',
    );
    const joined = await send('POST', '/api/organisation/invitations/accept/', other.headers, { token });
    expect(joined.statusCode).toBe(201);
    // Their own pharmacy stays their default; the joined one is reached by naming it.
    expect((await get('/api/organisation/', other.headers)).json().name).toBe('Farmacia Altrove');
    expect((await get('/api/offers/mine/', actingFor(other, second))).statusCode).toBe(200);
  });
});

describe('per-pharmacy settings and who is told', () => {
  it('keeps the defaults of publishing and mails the pharmacy’s news to the people it names', async () => {
    const { titolare, second } = await group();
    const laura = await staffMember(t, titolare, 'responsabile', [second], 'Laura', 'Neri');
    const reader = await staffMember(t, titolare, 'consultazione', [second], 'Paolo', 'Verdi');
    const bad = await send('PUT', `/api/organisation/pharmacies/${second}/settings/`, laura.headers, {
      start_time: '14:00',
      end_time: '08:00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ end_time: MESSAGES.offerTimeOrder });
    const unknown = await send('PUT', `/api/organisation/pharmacies/${second}/settings/`, laura.headers, {
      notify_user_ids: [999_999],
    });
    expect(unknown.json().code).toBe('notify_unknown');
    const saved = await send('PUT', `/api/organisation/pharmacies/${second}/settings/`, laura.headers, {
      start_time: '08:30',
      end_time: '19:30',
      hourly_pay: 21.5,
      positions: 1,
      note: 'Parcheggio nel cortile; gestionale Wingesfar.',
    });
    expect(saved.json()).toMatchObject({
      hourly_pay: 21.5,
      note: 'Parcheggio nel cortile; gestionale Wingesfar.',
      notify_user_ids: null,
    });
    expect((await get(`/api/organisation/pharmacies/${second}/settings/`, reader.headers)).json().start_time).toBe('08:30');
    // By default the titolare and the responsabile hear of an application, not consultazione.
    const offer = await createOffer(t.database.db, second, { title: 'Turno domenica' });
    const pharmacist = await signedIn(t.app, 'farmacista');
    await giveCv(t.database.db, pharmacist.user.id);
    t.smtp.received.length = 0;
    expect((await calls.apply(pharmacist, offer.id)).statusCode).toBe(201);
    await t.app.outbox.runOnce();
    const told = t.smtp.received.flatMap((mail) => mail.to).sort();
    expect(told).toEqual([laura.user.email, titolare.user.email].sort());
    // Named in the settings: only Paolo.
    await send('PUT', `/api/organisation/pharmacies/${second}/settings/`, titolare.headers, {
      notify_user_ids: [reader.user.id],
    });
    t.smtp.received.length = 0;
    const other = await signedIn(t.app, 'farmacista');
    await giveCv(t.database.db, other.user.id);
    await calls.apply(other, offer.id);
    await t.app.outbox.runOnce();
    expect(t.smtp.received.flatMap((mail) => mail.to)).toEqual([reader.user.email]);
  });
});

describe('two managers at once', () => {
  it('two people deciding on one application at once: one decision is kept, the other is told it was taken', async () => {
    const { titolare, second } = await group();
    const laura = await staffMember(t, titolare, 'responsabile', [second]);
    // Two places: the second decision finds the application decided, not the offer full.
    const offer = await createOffer(t.database.db, second, { title: 'Turno', positions: 2 });
    const pharmacist = await signedIn(t.app, 'farmacista');
    await giveCv(t.database.db, pharmacist.user.id);
    const applied = (await calls.apply(pharmacist, offer.id)).json().id as number;
    const [a, b] = await Promise.all([
      send('POST', `/api/titolare/candidatures/${applied}/decision/`, actingFor(titolare, second), { decision: 'accepted' }),
      send('POST', `/api/titolare/candidatures/${applied}/decision/`, laura.headers, { decision: 'accepted' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const steps = rowsOf<{ status: string }>(
      await t.database.db.execute(sql`select status from application_events where application_id = ${applied} order by id`),
    );
    expect(steps.map((s) => s.status)).toEqual(['sent', 'accepted']);
    expect((a.statusCode === 409 ? a : b).json().code).toBe('already_decided');
  });
});
