import { daysFromNow, MESSAGES, type TOfferMap } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { offers } from '../../db/schema';
import { createApplication, createOffer, createOwner } from '../../factories';

const t = useTestApp();

const BRERA = { lat: 45.4642, lng: 9.19 };
// About a kilometre from Brera: one cluster at a country's zoom, two places in the city.
const COLOMBO = { lat: 45.472, lng: 9.201 };
const TEVERE = { lat: 41.9, lng: 12.5 };
const ITALY = 'bbox=6,36,19,47.5&zoom=5';
const MILANO = 'bbox=9.15,45.44,9.25,45.5&zoom=14';

async function placed(ownerId: number, at: { lat: number; lng: number } | null, overrides: Parameters<typeof createOffer>[2]) {
  const { id } = await createOffer(t.app.db, ownerId, overrides);
  await t.app.db
    .update(offers)
    .set({ lat: at?.lat ?? null, lng: at?.lng ?? null })
    .where(eq(offers.id, id));
  return id;
}

/** Two pharmacies in Milano, one in Roma, an offer without a position, and offers no longer open at Brera. */
async function scenario() {
  const brera = await createOwner(t.app.db, { profile: { comune_farmacia: 'Milano', denominazione_farmacia: 'Farmacia Brera' } });
  const colombo = await createOwner(t.app.db, {
    profile: { comune_farmacia: 'Milano', denominazione_farmacia: 'Farmacia Colombo' },
  });
  const tevere = await createOwner(t.app.db, { profile: { comune_farmacia: 'Roma', denominazione_farmacia: 'Farmacia Tevere' } });
  const day = { dateFrom: daysFromNow(3), dateTo: daysFromNow(3) };
  const week = { dateFrom: daysFromNow(5), dateTo: daysFromNow(11) };
  const ids = {
    breraDay: await placed(brera.id, BRERA, { ...day, hourlyPay: 22, createdAt: new Date(Date.now() - 60_000) }),
    breraWeek: await placed(brera.id, BRERA, { ...week, hourlyPay: 15 }),
    colombo: await placed(colombo.id, COLOMBO, { ...week, hourlyPay: 25 }),
    tevere: await placed(tevere.id, TEVERE, { ...day, hourlyPay: 20 }),
    nowhere: await placed(tevere.id, null, { ...day, hourlyPay: 18 }),
    closed: await placed(brera.id, BRERA, { ...day, closedAt: new Date() }),
    expired: await placed(brera.id, BRERA, { dateFrom: daysFromNow(-5), dateTo: daysFromNow(-2) }),
    filled: await placed(brera.id, BRERA, { ...day, positions: 1 }),
  };
  await t.app.db.update(offers).set({ acceptedCount: 1 }).where(eq(offers.id, ids.filled));
  return { brera, colombo, tevere, ids };
}

async function map(query: string, headers?: Record<string, string>) {
  const viewer = headers ?? (await signedIn(t.app, 'farmacista')).headers;
  return t.app.inject({ method: 'GET', url: `/api/offers/map/?${query}`, headers: viewer });
}
async function mapOf(query: string): Promise<TOfferMap> {
  const response = await map(query);
  expect(response.statusCode).toBe(200);
  return response.json();
}
describe('GET /api/offers/map/', () => {
  it('groups Milano into one cluster at a country zoom and shows Roma as a place with its offer', async () => {
    const { ids } = await scenario();
    const body = await mapOf(ITALY);
    expect(body.count).toBe(4);
    expect(body.without_position).toBe(1);
    expect(body.points).toHaveLength(2);
    const [milano, roma] = body.points;
    expect(milano).toMatchObject({ count: 3, offer_ids: [], label: null });
    expect(milano?.id).toMatch(/^c:5:-?\d+:-?\d+$/);
    // At the mean of its three offers' positions.
    expect(milano?.lat).toBeCloseTo((2 * BRERA.lat + COLOMBO.lat) / 3, 9);
    expect(milano?.lng).toBeCloseTo((2 * BRERA.lng + COLOMBO.lng) / 3, 9);
    expect(roma).toEqual({
      id: `p:${TEVERE.lat},${TEVERE.lng}`,
      ...TEVERE,
      count: 1,
      offer_ids: [ids.tevere],
      label: 'Farmacia Tevere',
      expansion_zoom: null,
    });
  });

  it('splits a cluster at its expansion_zoom, not before', async () => {
    await scenario();
    const cluster = (await mapOf(ITALY)).points.find((p) => p.count === 3);
    const zoom = cluster?.expansion_zoom as number;
    expect(zoom).toBeGreaterThan(5);
    expect(zoom).toBeLessThanOrEqual(20);
    const around = 'bbox=9,45.3,9.4,45.6';
    expect((await mapOf(`${around}&zoom=${zoom - 1}`)).points.map((p) => p.count)).toEqual([3]);
    expect((await mapOf(`${around}&zoom=${zoom}`)).points.map((p) => p.count)).toEqual([2, 1]);
  });

  it('shows each pharmacy of the city as a place with its offers (oldest first) and its name', async () => {
    const { ids } = await scenario();
    const body = await mapOf(MILANO);
    expect(body.count).toBe(3);
    expect(body.points).toEqual([
      {
        id: `p:${BRERA.lat},${BRERA.lng}`,
        ...BRERA,
        count: 2,
        offer_ids: [ids.breraDay, ids.breraWeek],
        label: 'Farmacia Brera',
        expansion_zoom: null,
      },
      {
        id: `p:${COLOMBO.lat},${COLOMBO.lng}`,
        ...COLOMBO,
        count: 1,
        offer_ids: [ids.colombo],
        label: 'Farmacia Colombo',
        expansion_zoom: null,
      },
    ]);
  });

  it('counts only the offers the filters keep, with and without a position', async () => {
    const { ids } = await scenario();
    const paid = await mapOf(`${MILANO}&min_pay=20`);
    expect(paid.count).toBe(2);
    expect(paid.points.map((p) => p.offer_ids)).toEqual([[ids.breraDay], [ids.colombo]]);
    expect(paid.without_position).toBe(0);
    const single = await mapOf(`${ITALY}&kind=single`);
    expect(single.count).toBe(2);
    expect(single.without_position).toBe(1);
    expect(single.points.map((p) => p.offer_ids).sort()).toEqual([[ids.breraDay], [ids.tevere]].sort());
    const lombardia = await mapOf(`${ITALY}&region=Lombardia`);
    expect(lombardia.count).toBe(3);
    expect(lombardia.without_position).toBe(0);
    const nearRoma = await mapOf(`${ITALY}&lat=41.9&lng=12.5&radius_km=50`);
    expect(nearRoma.points.map((p) => p.offer_ids)).toEqual([[ids.tevere]]);
  });

  it('keeps to the area, answering whole cells at its edges while count stays inside it', async () => {
    await scenario();
    const south = await mapOf('bbox=11,40,14,43&zoom=5');
    expect(south.count).toBe(1);
    expect(south.points.map((p) => p.label)).toEqual(['Farmacia Tevere']);
    expect((await mapOf('bbox=0,0,5,5&zoom=5')).points).toEqual([]);
    // An area holding Colombo but not Brera, within the cell of both at zoom 5: the marker is the cell's.
    const edge = await mapOf('bbox=9.195,45,10,46&zoom=5');
    expect(edge.count).toBe(1);
    expect(edge.points.map((p) => p.count)).toEqual([3]);
  });

  it('never shows a closed, filled or expired offer', async () => {
    const { ids } = await scenario();
    const shown = [...(await mapOf(ITALY)).points, ...(await mapOf(MILANO)).points].flatMap((p) => p.offer_ids);
    for (const id of [ids.closed, ids.expired, ids.filled]) expect(shown).not.toContain(id);
    const brera = (await mapOf(MILANO)).points.find((p) => p.label === 'Farmacia Brera');
    expect(brera?.count).toBe(2);
  });

  it('lists the first 20 offers of a busy place, keeps its true count, and names several pharmacies at one point', async () => {
    const { tevere } = await scenario();
    const other = await createOwner(t.app.db, { profile: { denominazione_farmacia: 'Farmacia Aurelia' } });
    const created: number[] = [];
    for (let i = 0; i < 21; i++)
      created.push(await placed(tevere.id, TEVERE, { createdAt: new Date(Date.now() - (30 - i) * 60_000) }));
    await placed(other.id, TEVERE, {});
    const [roma] = (await mapOf('bbox=12.4,41.85,12.6,41.95&zoom=13')).points;
    expect(roma?.count).toBe(23);
    expect(roma?.offer_ids).toEqual(created.slice(0, 20));
    expect(roma?.label).toBe("Farmacia Tevere e un'altra farmacia");
    expect(roma?.expansion_zoom).toBeNull();
  });

  it('keeps two positions a metre apart as one cluster up to zoom 20, its expansion_zoom capped there', async () => {
    const owner = await createOwner(t.app.db, { profile: { denominazione_farmacia: 'Farmacia Brera' } });
    await placed(owner.id, BRERA, {});
    await placed(owner.id, { lat: BRERA.lat, lng: 9.19001 }, {});
    for (const zoom of [5, 14, 20]) {
      const [cluster] = (await mapOf(`bbox=9.1899,45.4641,9.1901,45.4643&zoom=${zoom}`)).points;
      expect(cluster).toMatchObject({ count: 2, offer_ids: [], label: null, expansion_zoom: 20 });
    }
  });

  it('needs a login (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/offers/map/?${ITALY}` })).statusCode).toBe(401);
  });

  it.each([
    ['zoom=5', 'bbox', MESSAGES.mapBbox],
    ['bbox=&zoom=5', 'bbox', MESSAGES.mapBbox],
    ['bbox=6,36,19&zoom=5', 'bbox', MESSAGES.mapBbox],
    ['bbox=6,36,19,47,1&zoom=5', 'bbox', MESSAGES.mapBbox],
    ['bbox=a,b,c,d&zoom=5', 'bbox', MESSAGES.mapBbox],
    ['bbox=6,,19,47&zoom=5', 'bbox', MESSAGES.mapBbox],
    ['bbox=19,36,6,47&zoom=5', 'bbox', MESSAGES.mapBbox],
    ['bbox=6,47,19,36&zoom=5', 'bbox', MESSAGES.mapBbox],
    ['bbox=-181,36,19,47&zoom=5', 'bbox', MESSAGES.mapBbox],
    ['bbox=6,36,19,91&zoom=5', 'bbox', MESSAGES.mapBbox],
    ['bbox=6,36,Infinity,47&zoom=5', 'bbox', MESSAGES.mapBbox],
    ['bbox=6,36,19,47.5', 'zoom', MESSAGES.mapZoom],
    ['bbox=6,36,19,47.5&zoom=21', 'zoom', MESSAGES.mapZoom],
    ['bbox=6,36,19,47.5&zoom=-1', 'zoom', MESSAGES.mapZoom],
    ['bbox=6,36,19,47.5&zoom=5.5', 'zoom', MESSAGES.mapZoom],
    ['bbox=6,36,19,47.5&zoom=cinque', 'zoom', MESSAGES.mapZoom],
    // Italy at a street's zoom: tens of thousands of pixels wide.
    ['bbox=6,36,19,47.5&zoom=12', 'bbox', MESSAGES.mapAreaTooLarge],
    [`${ITALY}&region=Atlantide`, 'region', MESSAGES.searchRegion],
    [`${ITALY}&radius_km=30`, 'radius_km', MESSAGES.searchRadiusNeedsPoint],
  ])('refuses %s with 400 naming %s', async (query, field, message) => {
    const response = await map(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });
});

describe('GET /api/offers/?ids=', () => {
  type TRow = { id: number; my_application_status?: string | null };

  it('answers only the open offers named, with my_application_status for a pharmacist, as a list or a page', async () => {
    const { ids } = await scenario();
    const anna = await signedIn(t.app, 'farmacista');
    await createApplication(t.app.db, ids.breraDay, anna.user.id);
    const named = `ids=${ids.breraDay},${ids.colombo},${ids.closed},${ids.expired},${ids.breraDay},999999`;
    const response = await t.app.inject({ method: 'GET', url: `/api/offers/?${named}`, headers: anna.headers });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as TRow[];
    expect(rows.map((row) => row.id)).toEqual([ids.breraDay, ids.colombo]);
    expect(rows.map((row) => row.my_application_status)).toEqual(['sent', null]);
    const page = await t.app.inject({ method: 'GET', url: `/api/offers/?${named}&page=1&page_size=1`, headers: anna.headers });
    expect(page.json()).toMatchObject({
      count: 2,
      previous: null,
      next: `/api/offers/?page=2&page_size=1&ids=${[ids.breraDay, ids.colombo, ids.closed, ids.expired, 999999].join('%2C')}`,
    });
    const withFilter = await t.app.inject({ method: 'GET', url: `/api/offers/?${named}&min_pay=20`, headers: anna.headers });
    expect((withFilter.json() as TRow[]).map((row) => row.id)).toEqual([ids.breraDay, ids.colombo]);
    const cheap = await t.app.inject({
      method: 'GET',
      url: `/api/offers/?ids=${ids.breraWeek}&min_pay=20`,
      headers: anna.headers,
    });
    expect(cheap.json()).toEqual([]);
  });

  it('needs a login (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/?ids=1' })).statusCode).toBe(401);
  });

  it.each([
    'ids=abc',
    'ids=0',
    'ids=-1',
    'ids=1.5',
    'ids=1,,2',
    'ids=2147483648',
    `ids=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`,
  ])('refuses %s with 400 in Italian', async (query) => {
    const { headers } = await signedIn(t.app, 'farmacista');
    const response = await t.app.inject({ method: 'GET', url: `/api/offers/?${query}`, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.ids).toBe(MESSAGES.searchIds);
  });
});
