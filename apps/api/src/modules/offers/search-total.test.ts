import { daysFromNow, MESSAGES, PAY_MESSAGES, tripKm } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { offers } from '../../db/schema';
import { createOffer, createOwner } from '../../factories';
import { findComune } from '../geo';

const t = useTestApp({ WEB_DIST: `${import.meta.dirname}/../../../test/web-dist` });

type TRow = { title: string; total_pay: number | null; travel_pay: number | null };

const point = (name: string, sigla: string) => {
  const comune = findComune(name, sigla);
  if (!comune) throw new Error(name);
  return { lat: comune.lat, lng: comune.lng };
};

/**
 * Three offers with their stored totals (the offer write path stores them; here they are set directly so the search's
 * arithmetic is checked alone): Milano pays 0,30 €/km capped at 50 €, Roma 20 € a day for 3 days, Monza has no days.
 */
async function scenario() {
  const milano = await createOwner(t.app.db, {
    profile: { comune_farmacia: 'Milano', denominazione_farmacia: 'Farmacia Brera' },
  });
  const roma = await createOwner(t.app.db, { profile: { comune_farmacia: 'Roma', denominazione_farmacia: 'Farmacia Tevere' } });
  const monza = await createOwner(t.app.db, { profile: { comune_farmacia: 'Monza', denominazione_farmacia: 'Farmacia Duomo' } });
  const a = await createOffer(t.app.db, milano.id, {
    title: 'Milano notte',
    dateFrom: daysFromNow(4),
    dateTo: daysFromNow(4),
    hourlyPay: 12,
  });
  const b = await createOffer(t.app.db, roma.id, {
    title: 'Roma tre giorni',
    dateFrom: daysFromNow(6),
    dateTo: daysFromNow(8),
    hourlyPay: 25,
  });
  await createOffer(t.app.db, monza.id, { title: 'Monza aperta', dateFrom: null, dateTo: null, hourlyPay: 30 });
  await t.app.db
    .update(offers)
    .set({ payTotalDipendente: 100, travelMode: 'km', travelPerKm: 0.3, travelCap: 50 })
    .where(eq(offers.id, a.id));
  await t.app.db
    .update(offers)
    .set({ legalForms: ['libera_professione'], payTotalLibera: 300, travelMode: 'fisso', travelAmount: 20, travelPerDay: true })
    .where(eq(offers.id, b.id));
}

async function search(query: string, headers: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url: `/api/offers/?${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json() as TRow[];
}

describe('GET /api/offers/ by total pay', () => {
  it('adds the trip from her own comune, sorts by the total and keeps those at or over min_total', async () => {
    await scenario();
    const she = await signedIn(t.app, 'farmacista', { profile: { comune: 'Monza', provincia_residenza: 'MB' } });
    // Monza → Milano there and back, great circle × 1,3 × 2, whole km, × 0,30 €/km to the cent (under the 50 € cap).
    const km = tripKm(point('Monza', 'MB'), point('Milano', 'MI'));
    const milanoTravel = Math.round(km * 30) / 100;
    expect(milanoTravel).toBeLessThan(50);
    const rows = await search('sort=total', she.headers);
    expect(rows.map((r) => [r.title, r.total_pay, r.travel_pay])).toEqual([
      // 300 + 3 days × 20 €.
      ['Roma tre giorni', 360, 60],
      ['Milano notte', 100 + milanoTravel, milanoTravel],
      ['Monza aperta', null, null],
    ]);
    expect((await search('min_total=150', she.headers)).map((r) => r.title)).toEqual(['Roma tre giorni']);
    expect((await search(`min_total=${100 + milanoTravel}&sort=total`, she.headers)).map((r) => r.title)).toEqual([
      'Roma tre giorni',
      'Milano notte',
    ]);
  });

  it('starts the trip from the search’s own place, caps the km refund, and reads the form asked', async () => {
    await scenario();
    const she = await signedIn(t.app, 'farmacista', { profile: { comune: 'Monza', provincia_residenza: 'MB' } });
    // From Roma to Milano: over a thousand km there and back, so the 50 € cap.
    const fromRoma = await search('near=Roma&sort=total', she.headers);
    expect(fromRoma.find((r) => r.title === 'Milano notte')).toMatchObject({ travel_pay: 50, total_pay: 150 });
    // Monza's open-ended job is an employee one too, with no total: last.
    expect((await search('forma=dipendente&sort=total', she.headers)).map((r) => r.title)).toEqual([
      'Milano notte',
      'Monza aperta',
    ]);
    expect((await search('forma=libera_professione&min_total=1', she.headers)).map((r) => r.title)).toEqual(['Roma tre giorni']);
  });

  it('leaves a km refund unknown for someone with no place to start from, and refuses a bad min_total in Italian', async () => {
    await scenario();
    const owner = await signedIn(t.app, 'titolare');
    const rows = await search('sort=total', owner.headers);
    expect(rows.find((r) => r.title === 'Milano notte')).toMatchObject({ travel_pay: null, total_pay: 100 });
    const bad = await t.app.inject({ method: 'GET', url: '/api/offers/?min_total=-5', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.min_total).toBe(PAY_MESSAGES.searchMinTotal);
    const sort = await t.app.inject({ method: 'GET', url: '/api/offers/?sort=totale', headers: owner.headers });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().fields.sort).toBe(MESSAGES.searchSort);
  });
});
