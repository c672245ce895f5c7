/**
 * The albo check of pharmacists (decisions 050 and 084): the entry declared at registration and in the profile (kept
 * partial, checked once complete), its
 * verification row kept in step, what owners see of it on applications, and the yearly re-check.
 */
import { LIMITS, MESSAGES, NOTIFICATION_TEXT, type TReceivedApplication } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { notifications, profiles, users, verifications } from '../../db/schema';
import { createApplication, createOffer, NO_ALBO_ENTRY, ownerProfile, pharmacistProfile, setVerification } from '../../factories';

const t = useTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;

const saveProfile = (headers: Record<string, string>, profile: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/user/details/', headers, payload: { profile } });
const alboStatus = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user/albo/', headers });
const rowOf = async (userId: number) =>
  (await t.database.db.select().from(verifications).where(eq(verifications.userId, userId)))[0];
const register = (email: string, profile: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/register/',
    payload: {
      username: email,
      password: 'password-sicura',
      profile: { ...pharmacistProfile(), userRole: 'farmacista', privacyPolicyConsent: true, ...profile },
    },
  });
const registeredId = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

describe('declaring the albo entry', () => {
  it.each([
    ['an Ordine that is no province', { ordine_provincia: 'XX' }, ['ordine_provincia'], MESSAGES.invalidOrdine],
    ['a date in the future', { data_iscrizione_albo: '2999-01-01' }, ['data_iscrizione_albo'], MESSAGES.invalidAlboDate],
    [
      'a date before the 18th birthday',
      { data_iscrizione_albo: '2009-04-14' },
      ['data_iscrizione_albo'],
      MESSAGES.invalidAlboDate,
    ],
    ['a date that is no day', { data_iscrizione_albo: '2017-02-30' }, ['data_iscrizione_albo'], MESSAGES.invalidAlboDate],
    [
      'a number with other signs',
      { numero_iscrizione_albo: '12345; drop' },
      ['numero_iscrizione_albo'],
      MESSAGES.invalidAlboNumber,
    ],
    ['a number without digits', { numero_iscrizione_albo: 'ABC' }, ['numero_iscrizione_albo'], MESSAGES.invalidAlboNumber],
  ])('refuses %s (400 naming the fields) and changes nothing', async (_, change, fields, message) => {
    const { user, headers } = await signedIn(t.app, 'farmacista', { profile: NO_ALBO_ENTRY });
    const response = await saveProfile(headers, { ...pharmacistProfile(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(Object.keys(response.json().fields).map((key) => key.replace(/^profile\./, ''))).toEqual(fields);
    expect(await rowOf(user.id)).toBeUndefined();
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile?.numeroIscrizioneAlbo).toBe('');

    // The registration refuses the same, and makes no account.
    const registration = await register(`albo-${fields[0]}-${Math.random()}@example.it`, change);
    expect(registration.statusCode).toBe(400);
    expect(registration.json().message).toBe(message);
  });

  it("the original client's registration, with the albo number alone, registers; the profile asks for the rest", async () => {
    // Exactly what the first web client sends: the number, and no Ordine nor date.
    const seed = {
      username: 'seme.farmacista@example.it',
      password: 'password-sicura',
      profile: {
        userRole: 'farmacista',
        name: 'Chiara',
        surname: 'Fontana',
        dob: '1992-05-14',
        placeOfBirth: 'Pavia',
        telephone: '3331234567',
        regione_residenza: 'Lombardia',
        provincia_residenza: 'PV',
        comune: 'Pavia',
        via: 'Corso Cavour 3',
        numero_iscrizione_albo: '4521',
        titolo: 'Laurea magistrale in Farmacia',
        preferredRegion: 'Lombardia',
        communicationConsent: false,
        privacyPolicyConsent: true,
      },
    };
    const registered = await t.app.inject({ method: 'POST', url: '/api/user/register/', payload: seed });
    expect(registered.statusCode).toBe(201);
    const id = await registeredId('seme.farmacista@example.it');
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, id));
    expect(profile).toMatchObject({ numeroIscrizioneAlbo: '4521', ordineProvincia: '', dataIscrizioneAlbo: '' });
    // Partial: kept, but no check is asked until Ordine and date are there.
    expect(await rowOf(id)).toBeUndefined();
    await t.database.db.update(users).set({ emailVerifiedAt: t.clock.now }).where(eq(users.id, id));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: seed.username, password: seed.password },
    });
    const headers = { authorization: `Bearer ${login.json().access}` };
    expect((await alboStatus(headers)).json()).toMatchObject({
      status: 'incomplete',
      missing: ['ordine_provincia', 'data_iscrizione_albo'],
    });

    // The original client's profile save (the number, never the Ordine or the date) keeps working and erases nothing.
    const seedSave = { ...seed.profile, userRole: undefined, privacyPolicyConsent: undefined, titolo: 'Dottoressa in Farmacia' };
    expect((await saveProfile(headers, seedSave)).statusCode).toBe(200);
    expect((await alboStatus(headers)).json().status).toBe('incomplete');

    // The profile gives the rest: the check is asked.
    expect(
      (await saveProfile(headers, { ...seedSave, ordine_provincia: 'PV', data_iscrizione_albo: '2017-03-01' })).statusCode,
    ).toBe(200);
    expect((await alboStatus(headers)).json()).toMatchObject({ status: 'pending', missing: [] });
    // Saved again by the original client, without Ordine and date: the entry and its check stay as they are.
    expect((await saveProfile(headers, seedSave)).statusCode).toBe(200);
    expect((await alboStatus(headers)).json().status).toBe('pending');
    const [kept] = await t.database.db.select().from(profiles).where(eq(profiles.userId, id));
    expect(kept).toMatchObject({ ordineProvincia: 'PV', dataIscrizioneAlbo: '2017-03-01', numeroIscrizioneAlbo: '4521' });
    // A blank field sent on purpose still clears it: the entry is incomplete again and its check goes.
    expect((await saveProfile(headers, { ...seedSave, data_iscrizione_albo: '' })).statusCode).toBe(200);
    expect((await alboStatus(headers)).json()).toMatchObject({ status: 'incomplete', missing: ['data_iscrizione_albo'] });
    expect(await rowOf(id)).toBeUndefined();
  });

  it('at registration: the complete entry waits for an admin; an account without one has no row', async () => {
    const before = Date.now();
    expect(
      (await register('con.albo@example.it', { ordine_provincia: 'torino', numero_iscrizione_albo: 'A/1234' })).statusCode,
    ).toBe(201);
    expect((await register('senza.albo@example.it', NO_ALBO_ENTRY)).statusCode).toBe(201);
    const withEntry = await rowOf(await registeredId('con.albo@example.it'));
    expect(withEntry).toMatchObject({ status: 'pending', decidedAt: null, recheckAt: null });
    expect(withEntry?.requestedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [profile] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, await registeredId('con.albo@example.it')));
    expect(profile).toMatchObject({ ordineProvincia: 'TO', dataIscrizioneAlbo: '2017-07-10', numeroIscrizioneAlbo: 'A/1234' });
    expect(await rowOf(await registeredId('senza.albo@example.it'))).toBeUndefined();
  });

  it('in the profile: declaring makes it pending, an unchanged save keeps the decision, a change after verification asks again', async () => {
    const { user, headers } = await signedIn(t.app, 'farmacista', { profile: NO_ALBO_ENTRY });
    expect((await alboStatus(headers)).json()).toEqual({
      status: 'none',
      missing: [],
      reason: null,
      requested_at: null,
      decided_at: null,
      recheck_at: null,
    });

    expect((await saveProfile(headers, pharmacistProfile())).statusCode).toBe(200);
    expect((await alboStatus(headers)).json()).toMatchObject({ status: 'pending', requested_at: t.clock.now.toISOString() });

    const decidedAt = new Date(t.clock.now.getTime() + 1000);
    await setVerification(t.database.db, user.id, 'verified', { at: decidedAt });
    t.clock.advance(60_000);
    expect((await saveProfile(headers, { ...pharmacistProfile(), name: 'Giulia Maria' })).statusCode).toBe(200);
    expect((await alboStatus(headers)).json()).toMatchObject({ status: 'verified', decided_at: decidedAt.toISOString() });

    expect((await saveProfile(headers, { ...pharmacistProfile(), numero_iscrizione_albo: '12346' })).statusCode).toBe(200);
    expect((await alboStatus(headers)).json()).toEqual({
      status: 'pending',
      missing: [],
      reason: null,
      requested_at: t.clock.now.toISOString(),
      decided_at: null,
      recheck_at: null,
    });
    expect((await rowOf(user.id))?.status).toBe('pending');
  });

  it('a rejected entry shows the reason until the pharmacist changes it; taking the entry away removes the request', async () => {
    const { user, headers } = await signedIn(t.app, 'farmacista');
    await setVerification(t.database.db, user.id, 'rejected', { reason: 'Numero non presente nell’albo di Milano.' });
    expect((await alboStatus(headers)).json()).toMatchObject({
      status: 'rejected',
      reason: 'Numero non presente nell’albo di Milano.',
    });
    expect((await saveProfile(headers, { ...pharmacistProfile(), ordine_provincia: 'Monza e Brianza' })).statusCode).toBe(200);
    expect((await alboStatus(headers)).json()).toMatchObject({ status: 'pending', reason: null });
    expect((await saveProfile(headers, { ...pharmacistProfile(), ...NO_ALBO_ENTRY })).statusCode).toBe(200);
    expect((await alboStatus(headers)).json()).toMatchObject({ status: 'none' });
    expect(await rowOf(user.id)).toBeUndefined();
  });

  it("an owner's albo fields change nothing: not stored, and the owner's own check stays as it was", async () => {
    const { user, headers } = await signedIn(t.app, 'titolare');
    const before = await rowOf(user.id);
    const response = await saveProfile(headers, {
      ...ownerProfile(),
      ordine_provincia: 'RM',
      data_iscrizione_albo: '2010-01-01',
      numero_iscrizione_albo: '999',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({ ordine_provincia: '', data_iscrizione_albo: '', numero_iscrizione_albo: '' });
    expect(await rowOf(user.id)).toEqual(before);
  });

  it('GET /api/user/albo/ is for pharmacists: 401 logged out, 403 for an owner or an admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/albo/' })).statusCode).toBe(401);
    for (const role of ['titolare', 'admin'] as const) {
      const { headers } = await signedIn(t.app, role);
      expect((await alboStatus(headers)).statusCode).toBe(403);
    }
  });
});

describe('what owners see of an applicant’s albo entry', () => {
  async function applicants() {
    const owner = await signedIn(t.app, 'titolare');
    const offer = await createOffer(t.database.db, owner.user.id);
    const make = async (name: string, profile: Record<string, unknown>, verification?: 'pending' | 'rejected') => {
      const pharmacist = await signedIn(t.app, 'farmacista', { profile: { name, ...profile } });
      if (verification) await setVerification(t.database.db, pharmacist.user.id, verification, { reason: 'Non trovato' });
      await createApplication(t.database.db, offer.id, pharmacist.user.id);
      return pharmacist;
    };
    await make('Verificata', { ordine_provincia: 'TO', numero_iscrizione_albo: '4567' });
    await make('InAttesa', {}, 'pending');
    await make('Rifiutata', {}, 'rejected');
    await make('Nessuna', NO_ALBO_ENTRY);
    return { owner, offer };
  }
  const received = async (owner: TSignedIn, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/titolare/candidatures/${query}`, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    return { list: response.json() as TReceivedApplication[], total: response.headers['x-total-count'] };
  };

  it('albo_verified and, only when verified, the Ordine and the number: never the date of entry', async () => {
    const { owner } = await applicants();
    const { list } = await received(owner);
    const byName = Object.fromEntries(list.map((a) => [a.farmacista.name, a.farmacista]));
    expect(byName.Verificata).toMatchObject({ albo_verified: true, ordine_provincia: 'TO', numero_iscrizione_albo: '4567' });
    for (const name of ['InAttesa', 'Rifiutata', 'Nessuna'])
      expect(byName[name]).toMatchObject({ albo_verified: false, ordine_provincia: '', numero_iscrizione_albo: '' });
    expect(JSON.stringify(list)).not.toContain('2017-07-10');
    expect(JSON.stringify(list)).not.toContain('data_iscrizione');
  });

  it('filters by ?albo_verified=, in the list and its counts, alone or with the other filters', async () => {
    const { owner, offer } = await applicants();
    const verified = await received(owner, '?albo_verified=true');
    expect(verified.list.map((a) => a.farmacista.name)).toEqual(['Verificata']);
    expect(verified.total).toBe('1');
    const others = await received(owner, `?albo_verified=false&offer_id=${offer.id}&status=sent`);
    expect(others.list.map((a) => a.farmacista.name).sort()).toEqual(['InAttesa', 'Nessuna', 'Rifiutata']);
    expect((await received(owner, '?albo_verified=')).list).toHaveLength(4);
    const counts = await t.app.inject({
      method: 'GET',
      url: '/api/titolare/candidatures/counts/?albo_verified=true',
      headers: owner.headers,
    });
    expect(counts.json()).toMatchObject({ total: 1, by_status: { sent: 1 } });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/titolare/candidatures/?albo_verified=forse',
      headers: owner.headers,
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields ?? {})).toContain('albo_verified');
  });

  it('the application an owner decides is answered with the same fields', async () => {
    const { owner } = await applicants();
    const { list } = await received(owner, '?albo_verified=true');
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/titolare/candidatures/${list[0]?.id}/decision/`,
      headers: owner.headers,
      payload: { decision: 'rejected' },
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().farmacista).toMatchObject({
      albo_verified: true,
      ordine_provincia: 'TO',
      numero_iscrizione_albo: '4567',
    });
  });
});

describe('the yearly re-check (albo-recheck)', () => {
  it('puts the verified entries that are due back to pending and tells each pharmacist; the others stay as they are', async () => {
    const db = t.database.db;
    const due = await signedIn(t.app, 'farmacista');
    const notDue = await signedIn(t.app, 'farmacista');
    const pending = await signedIn(t.app, 'farmacista');
    const owner = await signedIn(t.app, 'titolare');
    const yearAgo = new Date(t.clock.now.getTime() - LIMITS.alboRecheckAfterDays * DAY_MS - 1000);
    await setVerification(db, due.user.id, 'verified', { at: yearAgo });
    await setVerification(db, notDue.user.id, 'verified', { at: new Date(t.clock.now.getTime() - 30 * DAY_MS) });
    await setVerification(db, pending.user.id, 'pending', { at: yearAgo });
    const [untouchedBefore, pendingBefore, ownerBefore] = await Promise.all([
      rowOf(notDue.user.id),
      rowOf(pending.user.id),
      rowOf(owner.user.id),
    ]);

    expect(await t.app.jobs.run('albo-recheck')).toEqual({ checked: 1 });

    expect(await rowOf(due.user.id)).toMatchObject({ status: 'pending', requestedAt: t.clock.now, recheckAt: null });
    expect(await rowOf(notDue.user.id)).toEqual(untouchedBefore);
    expect(await rowOf(pending.user.id)).toEqual(pendingBefore);
    expect(await rowOf(owner.user.id)).toEqual(ownerBefore);
    const told = await db.select().from(notifications).where(eq(notifications.type, 'albo_recheck'));
    expect(told.map((n) => [n.userId, n.title, n.body, n.link])).toEqual([
      [due.user.id, NOTIFICATION_TEXT.albo_recheck().title, NOTIFICATION_TEXT.albo_recheck().body, '/profile'],
    ]);
    expect((await alboStatus(due.headers)).json()).toMatchObject({ status: 'pending' });
  });

  it('runs once a day, at night Italian time', async () => {
    t.clock.now = new Date('2030-03-10T01:00:00Z'); // 02:00 in Rome: before its hour
    const pharmacist = await signedIn(t.app, 'farmacista');
    await setVerification(t.database.db, pharmacist.user.id, 'verified', { at: new Date('2029-01-01T10:00:00Z') });
    expect(await t.app.jobs.runIfDue('albo-recheck')).toBeNull();
    t.clock.now = new Date('2030-03-10T02:30:00Z'); // 03:30 in Rome
    expect(await t.app.jobs.runIfDue('albo-recheck')).toEqual({ checked: 1 });
    await setVerification(t.database.db, pharmacist.user.id, 'verified', { at: new Date('2029-01-01T10:00:00Z') });
    t.clock.now = new Date('2030-03-10T20:00:00Z');
    expect(await t.app.jobs.runIfDue('albo-recheck')).toBeNull();
    t.clock.now = new Date('2030-03-11T02:30:00Z');
    expect(await t.app.jobs.runIfDue('albo-recheck')).toEqual({ checked: 1 });
  });
});

// A race on PostgreSQL (PGlite runs one transaction at a time, where it checks the same outcome).
describe('races', () => {
  it('profile saves that change a verified entry at once, and the re-check meanwhile: no 500, one entry, pending', async () => {
    for (let round = 0; round < 5; round++) {
      const { user, headers } = await signedIn(t.app, 'farmacista');
      await setVerification(t.database.db, user.id, 'verified', { at: new Date(t.clock.now.getTime() - 400 * DAY_MS) });
      const numbers = ['1001', '1002', '1003'];
      const [jobRun, ...answers] = await Promise.all([
        t.app.jobs.run('albo-recheck'),
        ...numbers.map((numero) => saveProfile(headers, { ...pharmacistProfile(), numero_iscrizione_albo: numero })),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      // The re-check took the entry before the saves (1) or after them, when it was no longer verified (0).
      expect([0, 1]).toContain((jobRun as { checked: number } | null)?.checked ?? 0);
      const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, user.id));
      expect(numbers).toContain(profile?.numeroIscrizioneAlbo);
      expect(await rowOf(user.id)).toMatchObject({ status: 'pending', recheckAt: null, decidedAt: null });
    }
  });
});
