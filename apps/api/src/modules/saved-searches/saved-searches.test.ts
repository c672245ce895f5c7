import { daysFromNow, LIMITS, MESSAGES } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildOtherInstance, signedIn, useTestApp } from '../../../test/helpers';
import { notifications } from '../../db/schema';
import { createOffer, createOwner } from '../../factories';
import { ALERT_LOCK_KEY } from './service';

const t = useTestApp();

const milanoSearch = {
  name: 'Vicino a casa',
  filters: { near: 'Milano', radius_km: 30, min_pay: 18 },
  frequency: 'immediate',
};

function save(headers: Record<string, string>, payload: unknown = milanoSearch) {
  return t.app.inject({ method: 'POST', url: '/api/saved-searches/', headers, payload: payload as object });
}

describe('saved searches', () => {
  it('saves, lists and deletes one’s own searches, filters read as the search reads them', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const created = await save(anna.headers, { ...milanoSearch, filters: { ...milanoSearch.filters, region: 'lombardia' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Vicino a casa',
      filters: { near: 'Milano', radius_km: 30, min_pay: 18, region: 'Lombardia' },
      frequency: 'immediate',
      message: MESSAGES.savedSearchCreated,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/saved-searches/', headers: anna.headers });
    expect(list.json()).toHaveLength(1);
    const id = created.json().id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/saved-searches/${id}/`, headers: anna.headers })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/saved-searches/', headers: anna.headers })).json()).toEqual([]);
  });

  it('lets nobody else see or delete them: 401 without login, 403 for an owner or admin, 404 for another pharmacist', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const id = (await save(anna.headers)).json().id;
    expect((await t.app.inject({ method: 'GET', url: '/api/saved-searches/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/saved-searches/', payload: milanoSearch })).statusCode).toBe(401);
    for (const role of ['titolare', 'admin'] as const) {
      const other = await signedIn(t.app, role);
      expect((await t.app.inject({ method: 'GET', url: '/api/saved-searches/', headers: other.headers })).statusCode).toBe(403);
      expect((await save(other.headers)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/saved-searches/${id}/`, headers: other.headers })).statusCode,
      ).toBe(403);
    }
    const marco = await signedIn(t.app, 'farmacista');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/saved-searches/${id}/`, headers: marco.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/saved-searches/', headers: marco.headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/saved-searches/', headers: anna.headers })).json()).toHaveLength(1);
  });

  it(`keeps at most ${LIMITS.savedSearchesPerUser} per pharmacist (409 with the message)`, async () => {
    const anna = await signedIn(t.app, 'farmacista');
    for (let i = 0; i < LIMITS.savedSearchesPerUser; i++) expect((await save(anna.headers)).statusCode).toBe(201);
    const refused = await save(anna.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: MESSAGES.savedSearchLimit, code: 'saved_search_limit' });
  });

  it.each([
    [{ ...milanoSearch, name: '  ' }, 'name'],
    [{ ...milanoSearch, frequency: 'weekly' }, 'frequency'],
    [{ ...milanoSearch, filters: { radius_km: 30 } }, 'filters.radius_km'],
    [{ ...milanoSearch, filters: { near: 'Milano', radius_km: 500 } }, 'filters.radius_km'],
    [{ ...milanoSearch, filters: { region: 'Atlantide' } }, 'filters.region'],
    [{ ...milanoSearch, filters: { near: 'Nessunluogo' } }, 'filters.near'],
    [{ ...milanoSearch, filters: 'tutto' }, 'filters'],
  ])('refuses %j with 400 naming %s', async (payload, field) => {
    const anna = await signedIn(t.app, 'farmacista');
    const response = await save(anna.headers, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields ?? {})).toContain(field);
  });

  it('saves at once past the limit: as many 201 as there is room for, 409 for the rest, never 500', async () => {
    for (let round = 0; round < 3; round++) {
      const anna = await signedIn(t.app, 'farmacista');
      for (let i = 0; i < LIMITS.savedSearchesPerUser - 2; i++) expect((await save(anna.headers)).statusCode).toBe(201);
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => save(anna.headers, { ...milanoSearch, name: `Ricerca ${i}` })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().code).toBe('saved_search_limit');
      const list = await t.app.inject({ method: 'GET', url: '/api/saved-searches/', headers: anna.headers });
      expect(list.json()).toHaveLength(LIMITS.savedSearchesPerUser);
      const saved = answers.filter((a) => a.statusCode === 201).map((a) => a.json().id);
      expect(
        list
          .json()
          .map((row: { id: number }) => row.id)
          .slice(-2),
      ).toEqual(saved.sort((x, y) => x - y));
    }
  });

  it('a save and deletes at once at the limit: each delete makes room, the save lands or is refused whole, never 500', async () => {
    for (let round = 0; round < 3; round++) {
      const anna = await signedIn(t.app, 'farmacista');
      const ids: number[] = [];
      for (let i = 0; i < LIMITS.savedSearchesPerUser; i++) ids.push((await save(anna.headers)).json().id);
      const [saved, ...deleted] = await Promise.all([
        save(anna.headers, { ...milanoSearch, name: 'Dopo la pulizia' }),
        ...ids
          .slice(0, 2)
          .map((id) => t.app.inject({ method: 'DELETE', url: `/api/saved-searches/${id}/`, headers: anna.headers })),
      ]);
      expect(deleted.map((d) => d.statusCode)).toEqual([204, 204]);
      // The save ran before the deletes (full: 409) or after one of them (room: 201); nothing in between.
      expect([201, 409]).toContain(saved?.statusCode);
      const list = (await t.app.inject({ method: 'GET', url: '/api/saved-searches/', headers: anna.headers })).json();
      const names = list.map((row: { name: string }) => row.name);
      expect(list).toHaveLength(LIMITS.savedSearchesPerUser - 2 + (saved?.statusCode === 201 ? 1 : 0));
      expect(names.includes('Dopo la pulizia')).toBe(saved?.statusCode === 201);
      expect(list.map((row: { id: number }) => row.id)).not.toContain(ids[0]);
      expect(list.map((row: { id: number }) => row.id)).not.toContain(ids[1]);
    }
  });

  it("offers the registration's preferred region as the first saved search, until one is saved", async () => {
    const anna = await signedIn(t.app, 'farmacista', { profile: { preferredRegion: 'Toscana' } });
    const suggestion = await t.app.inject({ method: 'GET', url: '/api/saved-searches/suggestion/', headers: anna.headers });
    expect(suggestion.json()).toEqual({
      suggestion: { name: 'Offerte in Toscana', filters: { region: 'Toscana' }, frequency: 'daily' },
    });
    await save(anna.headers, suggestion.json().suggestion);
    expect((await t.app.inject({ method: 'GET', url: '/api/saved-searches/suggestion/', headers: anna.headers })).json()).toEqual(
      { suggestion: null },
    );
  });
});

describe('alerts', () => {
  async function alertScenario(consent = true) {
    const anna = await signedIn(t.app, 'farmacista', { profile: { communicationConsent: consent } });
    await save(anna.headers);
    const milano = await createOwner(t.app.db, {
      profile: { comune_farmacia: 'Milano', denominazione_farmacia: 'Farmacia Brera' },
    });
    const roma = await createOwner(t.app.db, { profile: { comune_farmacia: 'Roma', denominazione_farmacia: 'Farmacia Tevere' } });
    t.clock.advance(1000);
    const later = t.clock.now;
    await createOffer(t.app.db, milano.id, {
      title: 'Turno sabato',
      dateFrom: daysFromNow(3),
      dateTo: daysFromNow(3),
      hourlyPay: 20,
      createdAt: later,
    });
    await createOffer(t.app.db, milano.id, { title: 'Settimana estiva', hourlyPay: 22.5, createdAt: later });
    // Too far, too little pay: not for this search.
    await createOffer(t.app.db, roma.id, { title: 'Turno a Roma', hourlyPay: 30, createdAt: later });
    await createOffer(t.app.db, milano.id, { title: 'Paga bassa', hourlyPay: 12, createdAt: later });
    return { anna };
  }
  const alertsOf = (userId: number) => t.app.db.select().from(notifications).where(eq(notifications.userId, userId));

  it('sends one notification and one e-mail listing the new matching offers, and never the same offer again', async () => {
    const { anna } = await alertScenario();
    expect(await t.app.alerts.runOnce()).toEqual({ searches: 1, alerts: 1 });
    const [alert, ...more] = await alertsOf(anna.user.id);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ type: 'offer_alert', title: '2 nuove offerte per te' });
    expect(alert?.link).toBe('/cerca_offerte?near=Milano&radius_km=30&min_pay=18');
    await t.app.outbox.runOnce();
    const mails = t.smtp.received.filter((mail) => mail.to.includes(anna.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('«Turno sabato» – Farmacia Brera, Milano');
    expect(mails[0]?.text).toContain('«Settimana estiva» – Farmacia Brera, Milano');
    expect(mails[0]?.text).toContain('22,50 €/ora');
    expect(mails[0]?.text).not.toContain('Turno a Roma');
    expect(mails[0]?.text).not.toContain('Paga bassa');

    expect(await t.app.alerts.runOnce()).toEqual({ searches: 1, alerts: 0 });
    await t.app.outbox.runOnce();
    expect(await alertsOf(anna.user.id)).toHaveLength(1);
    expect(t.smtp.received.filter((mail) => mail.to.includes(anna.user.email))).toHaveLength(1);
  });

  it('notifies in the app only, without communicationConsent', async () => {
    const { anna } = await alertScenario(false);
    await t.app.alerts.runOnce();
    await t.app.outbox.runOnce();
    expect(await alertsOf(anna.user.id)).toHaveLength(1);
    expect(t.smtp.received.filter((mail) => mail.to.includes(anna.user.email))).toEqual([]);
  });

  it('sends a daily search once a day, from the Italian morning hour', async () => {
    // 05:00 in Italy (winter, UTC+1): too early for the daily round.
    t.clock.now = new Date('2030-01-15T04:00:00Z');
    const anna = await signedIn(t.app, 'farmacista', { profile: { communicationConsent: true } });
    await save(anna.headers, { ...milanoSearch, frequency: 'daily' });
    const owner = await createOwner(t.app.db, { profile: { comune_farmacia: 'Milano' } });
    await createOffer(t.app.db, owner.id, { hourlyPay: 20, createdAt: new Date('2030-01-15T04:30:00Z') });
    t.clock.now = new Date('2030-01-15T05:00:00Z');
    expect(await t.app.alerts.runOnce()).toEqual({ searches: 0, alerts: 0 });
    t.clock.now = new Date('2030-01-15T07:05:00Z');
    expect(await t.app.alerts.runOnce()).toEqual({ searches: 1, alerts: 1 });
    await createOffer(t.app.db, owner.id, { hourlyPay: 21, createdAt: new Date('2030-01-15T08:00:00Z') });
    t.clock.now = new Date('2030-01-15T15:00:00Z');
    expect(await t.app.alerts.runOnce()).toEqual({ searches: 0, alerts: 0 });
    t.clock.now = new Date('2030-01-16T07:05:00Z');
    expect(await t.app.alerts.runOnce()).toEqual({ searches: 1, alerts: 1 });
    expect(await alertsOf(anna.user.id)).toHaveLength(2);
  });

  it('sends once when two instances run the round at the same moment', async () => {
    const { anna } = await alertScenario();
    const other = await buildOtherInstance(t);
    try {
      const rounds = await Promise.all([t.app.alerts.runOnce(), other.alerts.runOnce()]);
      // With PostgreSQL one of them finds the lock taken and skips; on PGlite they run one after the other.
      expect(rounds.reduce((sum, round) => sum + (round?.alerts ?? 0), 0)).toBe(1);
    } finally {
      await other.close();
    }
    await t.app.outbox.runOnce();
    expect(await alertsOf(anna.user.id)).toHaveLength(1);
    expect(t.smtp.received.filter((mail) => mail.to.includes(anna.user.email))).toHaveLength(1);
  });

  it('skips the round while another connection holds the advisory lock, and runs it once the lock is free', async () => {
    const { anna } = await alertScenario();
    if (t.database.kind === 'postgres') {
      // Another process's connection: one of the pool's, held outside the app.
      const holder = await (t.app.db as unknown as { $client: pg.Pool }).$client.connect();
      try {
        await holder.query('begin');
        await holder.query(`select pg_advisory_xact_lock(${ALERT_LOCK_KEY})`);
        expect(await t.app.alerts.runOnce()).toBeNull();
        expect(await alertsOf(anna.user.id)).toEqual([]);
        await holder.query('commit');
      } finally {
        holder.release();
      }
    }
    // PGlite has one connection (one process): nobody else can hold the lock, and the round takes it.
    expect(await t.app.alerts.runOnce()).toEqual({ searches: 1, alerts: 1 });
  });
});
