import { daysFromNow, MESSAGES, PAY_MESSAGES } from '@farmaponte/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { offers } from '../../db/schema';
import { createApplication, createOffer, createOwner } from '../../factories';

const t = useTestApp({ WEB_DIST: `${import.meta.dirname}/../../../test/web-dist` });

type TResult = { id: number; title: string; distance_km?: number | null; my_application_status?: string | null };

/** Three pharmacies: Milano, Monza (≈ 15 km), Roma (≈ 480 km), each with offers that differ in days, pay and kind. */
async function scenario() {
  const milano = await createOwner(t.app.db, {
    profile: { comune_farmacia: 'Milano', denominazione_farmacia: 'Farmacia Brera' },
  });
  const monza = await createOwner(t.app.db, { profile: { comune_farmacia: 'Monza', denominazione_farmacia: 'Farmacia Duomo' } });
  const roma = await createOwner(t.app.db, { profile: { comune_farmacia: 'Roma', denominazione_farmacia: 'Farmacia Tevere' } });
  const ids = {
    milanoDay: (
      await createOffer(t.app.db, milano.id, {
        title: 'Milano un giorno',
        dateFrom: daysFromNow(3),
        dateTo: daysFromNow(3),
        hourlyPay: 22,
      })
    ).id,
    monzaWeek: (
      await createOffer(t.app.db, monza.id, {
        title: 'Monza settimana',
        dateFrom: daysFromNow(5),
        dateTo: daysFromNow(11),
        hourlyPay: 19.5,
      })
    ).id,
    monzaOpen: (await createOffer(t.app.db, monza.id, { title: 'Monza aperta', dateFrom: null, dateTo: null, hourlyPay: 15 })).id,
    romaLater: (
      await createOffer(t.app.db, roma.id, {
        title: 'Roma tra un mese',
        dateFrom: daysFromNow(30),
        dateTo: daysFromNow(32),
        hourlyPay: 25,
      })
    ).id,
  };
  return { milano, monza, roma, ids };
}

async function search(query: string, headers?: Record<string, string>) {
  const viewer = headers ?? (await signedIn(t.app, 'farmacista')).headers;
  return t.app.inject({ method: 'GET', url: `/api/offers/?${query}`, headers: viewer });
}
const titles = (body: TResult[]) => body.map((o) => o.title);

describe('GET /api/offers/ search', () => {
  it('answers the full array of open offers without parameters, each with hourly_pay and the daily hours', async () => {
    const { ids } = await scenario();
    await t.app.db.update(offers).set({ startTime: '08:30', endTime: '13:00' }).where(eq(offers.id, ids.milanoDay));
    const response = await search('');
    expect(response.statusCode).toBe(200);
    const body = response.json() as (TResult & { hourly_pay: number; start_time: string | null })[];
    expect(body).toHaveLength(4);
    expect(body.find((o) => o.id === ids.milanoDay)).toMatchObject({ hourly_pay: 22, start_time: '08:30', end_time: '13:00' });
    expect(body[0]).not.toHaveProperty('my_application_status');
  });

  it('filters by region, province and comune (accents and case ignored)', async () => {
    await scenario();
    expect(titles((await search('region=lombardia')).json())).toEqual(['Milano un giorno', 'Monza settimana', 'Monza aperta']);
    expect(titles((await search('province=Monza e della Brianza')).json())).toEqual(['Monza settimana', 'Monza aperta']);
    expect(titles((await search('province=rm')).json())).toEqual(['Roma tra un mese']);
    expect(titles((await search('comune=MILÀNO')).json())).toEqual(['Milano un giorno']);
  });

  it('measures great-circle kilometres from a comune and keeps those within the radius, nearest first', async () => {
    await scenario();
    const body = (await search('near=Milano&radius_km=30&sort=distance')).json() as TResult[];
    expect(titles(body)).toEqual(['Milano un giorno', 'Monza aperta', 'Monza settimana']);
    expect(body[0]?.distance_km).toBe(0);
    // Milano → Monza, centre to centre: about 15 km.
    expect(body[1]?.distance_km).toBeGreaterThan(13);
    expect(body[1]?.distance_km).toBeLessThan(17);
    expect(String(body[1]?.distance_km)).toMatch(/^\d+(\.\d)?$/);
    const all = (await search('lat=45.4642&lng=9.19&sort=distance')).json() as TResult[];
    expect(titles(all).at(-1)).toBe('Roma tra un mese');
    expect(all.at(-1)?.distance_km).toBeGreaterThan(450);
    expect(all.at(-1)?.distance_km).toBeLessThan(500);
    expect(titles((await search('lat=41.9&lng=12.5&radius_km=1')).json())).toEqual([]);
  });

  it('keeps offers whose days overlap from–to, open-ended ones included', async () => {
    await scenario();
    expect(titles((await search(`from=${daysFromNow(4)}&to=${daysFromNow(6)}`)).json())).toEqual([
      'Monza settimana',
      'Monza aperta',
    ]);
    expect(titles((await search(`from=${daysFromNow(31)}`)).json())).toEqual(['Roma tra un mese', 'Monza aperta']);
    expect(titles((await search(`to=${daysFromNow(3)}`)).json())).toEqual(['Milano un giorno', 'Monza aperta']);
  });

  it('filters by minimum pay and kind, and sorts by pay', async () => {
    await scenario();
    expect(titles((await search('min_pay=19.5&sort=pay')).json())).toEqual([
      'Roma tra un mese',
      'Milano un giorno',
      'Monza settimana',
    ]);
    expect(titles((await search('kind=single')).json())).toEqual(['Milano un giorno']);
    expect(titles((await search('kind=multi')).json())).toEqual(['Monza settimana', 'Roma tra un mese', 'Monza aperta']);
  });

  it('answers a page {count, next, previous, results} with page, the links keeping the filters', async () => {
    await scenario();
    const first = (await search('region=Lombardia&page=1&page_size=2')).json();
    expect(first.count).toBe(3);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toBe('/api/offers/?page=2&page_size=2&region=Lombardia');
    const second = (await search('region=Lombardia&page=2&page_size=2')).json();
    expect(titles(second.results)).toEqual(['Monza aperta']);
    expect(second.next).toBeNull();
  });

  it("tells a pharmacist their application's status (null when not applied), and nobody else", async () => {
    const { ids } = await scenario();
    const anna = await signedIn(t.app, 'farmacista');
    await createApplication(t.app.db, ids.milanoDay, anna.user.id);
    const body = (await search('sort=date', anna.headers)).json() as TResult[];
    expect(body.find((o) => o.id === ids.milanoDay)?.my_application_status).toBe('sent');
    expect(body.find((o) => o.id === ids.monzaWeek)?.my_application_status).toBeNull();
    const owner = await signedIn(t.app, 'titolare');
    const forOwner = (await search('sort=date', owner.headers)).json() as TResult[];
    expect(forOwner[0]).not.toHaveProperty('my_application_status');
  });

  it('needs a login (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/?region=Lombardia' })).statusCode).toBe(401);
  });

  it.each([
    ['region=Atlantide', 'region', MESSAGES.searchRegion],
    ['province=ZZ', 'province', MESSAGES.searchProvince],
    ['near=Nessunluogo', 'near', MESSAGES.searchNear],
    ['lat=91&lng=9', 'lat', MESSAGES.searchLat],
    ['lat=45&lng=abc', 'lng', MESSAGES.searchLng],
    ['lat=45', 'lng', MESSAGES.searchPointIncomplete],
    ['near=Milano&lat=45&lng=9', 'near', MESSAGES.searchPointTwice],
    ['near=Milano&radius_km=0', 'radius_km', MESSAGES.searchRadius],
    ['near=Milano&radius_km=301', 'radius_km', MESSAGES.searchRadius],
    ['radius_km=30', 'radius_km', MESSAGES.searchRadiusNeedsPoint],
    ['from=2026-02-30', 'from', MESSAGES.searchDate],
    ['to=31/12/2026', 'to', MESSAGES.searchDate],
    ['from=2026-12-10&to=2026-12-01', 'to', MESSAGES.searchDateOrder],
    ['min_pay=-1', 'min_pay', MESSAGES.searchMinPay],
    ['min_pay=tanti', 'min_pay', MESSAGES.searchMinPay],
    ['kind=weekend', 'kind', MESSAGES.searchKind],
    ['sort=random', 'sort', MESSAGES.searchSort],
    ['sort=distance', 'sort', MESSAGES.searchSortDistanceNeedsPoint],
    ['page=0', 'page', MESSAGES.searchPage],
    ['page=1.5', 'page', MESSAGES.searchPage],
    ['page=1&page_size=101', 'page_size', MESSAGES.searchPageSize],
    ['region=Lombardia&region=Lazio', 'region', undefined],
  ])('refuses %s with 400 naming %s', async (query, field, message) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body.fields ?? {})).toContain(field);
    if (message) expect(body.fields[field]).toBe(message);
  });
});

describe('offers carry hourly_pay and daily hours', () => {
  const base = { title: 'Turno festivo', description: 'Banco.', date_from: daysFromNow(3), date_to: daysFromNow(3) };
  const publish = async (payload: Record<string, unknown>) => {
    const owner = await signedIn(t.app, 'titolare');
    return t.app.inject({ method: 'POST', url: '/api/offers/create/', headers: owner.headers, payload: { ...base, ...payload } });
  };

  it('stores hourly_pay and the hours', async () => {
    const response = await publish({ hourly_pay: 21.5, start_time: '8:30', end_time: '19:00', salary: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ hourly_pay: 21.5, start_time: '08:30', end_time: '19:00' });
  });

  it.each([
    ['20', 20],
    ['20,50 €/ora', 20.5],
    ['da concordare', null],
    ['1.200 € al mese', null],
  ])('reads the pay of a client that sends only salary %j as %j', async (salary, pay) => {
    const response = await publish({ salary });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ salary, hourly_pay: pay });
  });

  it.each([
    [{ hourly_pay: 4.99 }, 'hourly_pay', MESSAGES.offerHourlyPay],
    [{ hourly_pay: 200.01 }, 'hourly_pay', MESSAGES.offerHourlyPay],
    [{ hourly_pay: 20.123 }, 'hourly_pay', MESSAGES.offerHourlyPay],
    [{ hourly_pay: 'venti' }, 'hourly_pay', MESSAGES.offerHourlyPay],
    [{ start_time: '25:00' }, 'start_time', MESSAGES.offerTime],
    [{ start_time: '10:00', end_time: '09:00' }, 'end_time', PAY_MESSAGES.overnightNeedsNight],
  ])('refuses %j with 400 naming the field', async (payload, field, message) => {
    const response = await publish(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('gives an old offer (written before hourly_pay) its pay from the salary text when migrated', async () => {
    const owner = await createOwner(t.app.db);
    const { id } = await createOffer(t.app.db, owner.id, { salary: '19,50 €/ora', hourlyPay: null });
    // The migration's backfill, run again on this row.
    await t.app.db.execute(
      sql`update offers set hourly_pay = replace(substring(salary from '(?<![0-9.,])(\\d{1,3}(?:[.,]\\d{1,2})?)(?![0-9])(?![.,][0-9])'), ',', '.')::numeric where id = ${id}`,
    );
    const [row] = await t.app.db.select({ pay: offers.hourlyPay }).from(offers).where(eq(offers.id, id));
    expect(row?.pay).toBe(19.5);
  });
});

describe('GET /api/offers/{id}/ and the page /offerte/{id}', () => {
  it('shows an open offer without login, with no personal data of anyone', async () => {
    const { ids, milano } = await scenario();
    const response = await t.app.inject({ method: 'GET', url: `/api/offers/${ids.milanoDay}/` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: ids.milanoDay,
      title: 'Milano un giorno',
      denominazione_farmacia: 'Farmacia Brera',
      comune_farmacia: 'Milano',
      provincia: 'MI',
      region: 'Lombardia',
      hourly_pay: 22,
      status: 'open',
      url: `http://farmaponte.test/offerte/${ids.milanoDay}`,
    });
    expect(response.body).not.toContain(milano.email);
    expect(Object.keys(body)).not.toContain('owner_id');
  });

  it('answers 410 in Italian for a closed, filled or expired offer, 404 for a missing one', async () => {
    const owner = await createOwner(t.app.db);
    const closed = await createOffer(t.app.db, owner.id, { closedAt: new Date() });
    const expired = await createOffer(t.app.db, owner.id, { dateFrom: daysFromNow(-5), dateTo: daysFromNow(-2) });
    for (const id of [closed.id, expired.id]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/offers/${id}/` });
      expect(response.statusCode).toBe(410);
      expect(response.json()).toMatchObject({ message: MESSAGES.offerNoLongerOpen, code: 'offer_not_open' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/999999/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/abc/' })).statusCode).toBe(400);
  });

  it("carries Open Graph tags in the page's HTML, escaped", async () => {
    const owner = await createOwner(t.app.db, {
      profile: { comune_farmacia: 'Milano', denominazione_farmacia: 'Farmacia "Brera" & <Figli>' },
    });
    const { id } = await createOffer(t.app.db, owner.id, {
      title: 'Turno </script><script>alert(1)</script>',
      dateFrom: '2099-12-01',
      dateTo: '2099-12-03',
      hourlyPay: 20,
    });
    const response = await t.app.inject({ method: 'GET', url: `/offerte/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain(
      '<meta property="og:title" content="Turno &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; – Farmacia &quot;Brera&quot; &amp; &lt;Figli&gt;" />',
    );
    expect(html).toContain(
      '<meta property="og:description" content="Farmacia &quot;Brera&quot; &amp; &lt;Figli&gt;, Milano · dal 01/12/2099 al 03/12/2099 · 20,00 €/ora · Forma di lavoro: Lavoro dipendente a tempo determinato (CCNL per i dipendenti da farmacia privata, Primo livello – Farmacista collaboratore)." />',
    );
    expect(html).toContain(`<meta property="og:url" content="http://farmaponte.test/offerte/${id}" />`);
    expect(html).not.toContain('<script>alert(1)');
    // The JobPosting in it: offer-page.test.ts.
    expect(html).toContain('<script type="application/ld+json">');
    // The app itself is still there.
    expect(html).toContain('<div id="root">');
  });

  it('says a closed offer is closed, with 410 on the page too', async () => {
    const owner = await createOwner(t.app.db);
    const { id } = await createOffer(t.app.db, owner.id, { title: 'Turno segreto', closedAt: new Date() });
    const response = await t.app.inject({ method: 'GET', url: `/offerte/${id}` });
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain('<meta property="og:title" content="Offerta chiusa" />');
    expect(response.body).toContain('Questa offerta non è più disponibile su Farmaponte.');
    expect(response.body).not.toContain('Turno segreto');
  });
});
