import { MESSAGES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { createApplication, createOffer, createOwner, createPharmacist, giveCv } from '../../factories';

const t = useTestApp();

const ADMIN_ENDPOINTS = [
  ['GET', '/api/pharmacies/?search=a'],
  ['GET', '/api/pharmacies/points/'],
  ['POST', '/api/pharmacies/import/'],
  ['GET', '/api/users/titolare/?search=a'],
  ['POST', '/api/users/get_location/'],
  ['POST', '/api/users/update_location/'],
  ['GET', '/api/users/all/'],
  ['GET', '/api/users/1/details/'],
  ['GET', '/api/admin/overview/'],
] as const;

describe('admin endpoints refuse everyone else', () => {
  it.each(ADMIN_ENDPOINTS)('%s %s: 401 without a session, 403 for a pharmacist and an owner', async (method, url) => {
    const payload = method === 'POST' ? { userId: 1, lat: 45, lng: 9 } : undefined;
    expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
    for (const role of ['farmacista', 'titolare'] as const) {
      const { headers } = await signedIn(t.app, role);
      const response = await t.app.inject({ method, url, payload, headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.forbidden);
    }
  });
});

const getLocation = (headers: Record<string, string>, userId: number) =>
  t.app.inject({ method: 'POST', url: '/api/users/get_location/', headers, payload: { userId } });
const updateLocation = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/users/update_location/', headers, payload });

describe('owners and their position', () => {
  it('finds owners by name, pharmacy or comune, as an object keyed by id', async () => {
    const admin = (await signedIn(t.app, 'admin')).headers;
    const owner = await createOwner(t.database.db, {
      profile: { name: 'Elena', surname: 'Gallo', denominazione_farmacia: 'Farmacia Gallo', comune_farmacia: 'Varese' },
    });
    await createOwner(t.database.db, { profile: { name: 'Paolo', surname: 'Conti', comune_farmacia: 'Como' } });
    await createPharmacist(t.database.db, { profile: { name: 'Elena', surname: 'Farmacista' } });
    const search = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/users/titolare/?search=${q}`, headers: admin })).json();
    const found = await search('gallo');
    expect(Object.keys(found)).toEqual([String(owner.id)]);
    expect(found[owner.id]).toMatchObject({
      name: 'Elena',
      surname: 'Gallo',
      denominazione_farmacia: 'Farmacia Gallo',
      provincia_residenza: 'RM',
    });
    expect(Object.keys(await search('varese'))).toEqual([String(owner.id)]);
    expect(Object.keys(await search('elena'))).toEqual([String(owner.id)]);
    expect(Object.keys(await search(''))).toHaveLength(2);
  });

  it("sets an owner's coordinates, which move their offers on the map", async () => {
    const admin = (await signedIn(t.app, 'admin')).headers;
    const owner = await createOwner(t.database.db, { profile: { comune_farmacia: 'Varese' } });
    await createOffer(t.database.db, owner.id);
    const before = (await getLocation(admin, owner.id)).json();
    expect(before.source).toBe('comune');
    expect(before.lat).toBeCloseTo(45.82, 1);

    const saved = await updateLocation(admin, { userId: owner.id, lat: 45.8, lng: 8.83 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: MESSAGES.locationUpdated });
    const after = (await getLocation(admin, owner.id)).json();
    expect(after).toEqual({ lat: 45.8, lng: 8.83, source: 'owner' });
    const [offer] = (await t.app.inject({ method: 'GET', url: '/api/offers/', headers: admin })).json();
    expect([offer.lat, offer.lng]).toEqual([45.8, 8.83]);
  });

  it.each([
    [{ lat: 91, lng: 9 }, MESSAGES.invalidLatitude],
    [{ lat: -90.5, lng: 9 }, MESSAGES.invalidLatitude],
    [{ lat: 45, lng: 181 }, MESSAGES.invalidLongitude],
    [{ lat: 'abc', lng: 9 }, MESSAGES.invalidLatitude],
    // An empty coordinate is missing, not out of range.
    [{ lat: '', lng: 9 }, MESSAGES.latitudeRequired],
    [{ lat: null, lng: 9 }, MESSAGES.latitudeRequired],
    [{ lng: 9 }, MESSAGES.latitudeRequired],
    [{ lat: 45, lng: '  ' }, MESSAGES.longitudeRequired],
  ])('refuses coordinates %j with the Italian message, changing nothing', async (coords, message) => {
    const admin = (await signedIn(t.app, 'admin')).headers;
    const owner = await createOwner(t.database.db);
    const response = await updateLocation(admin, { userId: owner.id, ...coords });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const location = (await getLocation(admin, owner.id)).json();
    expect(location.source).toBe('comune');
  });

  it('saves coordinates outside Italy with a warning, and refuses a user who is not an owner (404)', async () => {
    const admin = (await signedIn(t.app, 'admin')).headers;
    const owner = await createOwner(t.database.db);
    const abroad = await updateLocation(admin, { userId: owner.id, lat: 48.85, lng: 2.35 });
    expect(abroad.json()).toEqual({ message: MESSAGES.locationUpdated, warning: MESSAGES.outsideItaly });
    const pharmacist = await createPharmacist(t.database.db);
    const wrong = await updateLocation(admin, { userId: pharmacist.id, lat: 45, lng: 9 });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('GET /api/users/all/', () => {
  it('pages 20 at a time with the true count, filters by role and searches e-mail or name', async () => {
    const { headers } = await signedIn(t.app, 'admin', { email: 'capo@example.it' });
    for (let i = 0; i < 23; i++) await createPharmacist(t.database.db, { email: `farmacista${i}@example.it` });
    for (let i = 0; i < 4; i++)
      await createOwner(t.database.db, { email: `titolare${i}@example.it`, profile: { name: i === 0 ? 'Ottavia' : 'Marco' } });
    const get = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/users/all/?${query}`, headers })).json();

    const first = await get('');
    expect(first.count).toBe(28);
    expect(first.results).toHaveLength(20);
    expect(first.previous).toBeNull();
    expect(first.next).toBe('/api/users/all/?page=2&page_size=20');
    const second = await get('page=2');
    expect(second.results).toHaveLength(8);
    expect(second.next).toBeNull();
    expect(new Set([...first.results, ...second.results].map((u: { id: number }) => u.id)).size).toBe(28);

    const owners = await get('role=titolare');
    expect(owners.count).toBe(4);
    expect(owners.results.every((u: { role: string }) => u.role === 'titolare')).toBe(true);
    expect((await get('search=FARMACISTA1')).count).toBe(11); // farmacista1, farmacista10…19
    expect((await get('search=ottavia')).results.map((u: { username: string }) => u.username)).toEqual(['titolare0@example.it']);
    expect(JSON.stringify(first)).not.toMatch(/password|hash/i);

    const bad = await t.app.inject({ method: 'GET', url: '/api/users/all/?role=superuser', headers });
    expect(bad.statusCode).toBe(400);
    const tooBig = await t.app.inject({ method: 'GET', url: '/api/users/all/?page_size=1000', headers });
    expect(tooBig.statusCode).toBe(400);
  });
});

describe('GET /api/users/{id}/details/', () => {
  it('shows an admin the whole profile with a working CV link and no password data', async () => {
    const { headers } = await signedIn(t.app, 'admin');
    const pharmacist = await createPharmacist(t.database.db, { profile: { name: 'Sara' } });
    await giveCv(t.database.db, pharmacist.id);
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${pharmacist.id}/details/`, headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: pharmacist.id, role: 'farmacista', profile: { name: 'Sara' }, applications_count: 0 });
    expect(response.body).not.toMatch(/password|argon/i);
    const link = new URL(body.profile.pdf_file);
    expect((await t.app.inject({ method: 'GET', url: link.pathname + link.search })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/999999/details/', headers })).statusCode).toBe(404);
  });
});

describe('GET /api/admin/overview/', () => {
  it('counts users by role, open offers by region and applications per week', async () => {
    const admin = await signedIn(t.app, 'admin');
    const milano = await createOwner(t.database.db, { profile: { comune_farmacia: 'Milano' } });
    const napoli = await createOwner(t.database.db, { profile: { comune_farmacia: 'Napoli' } });
    const offer = await createOffer(t.database.db, milano.id);
    await createOffer(t.database.db, milano.id);
    await createOffer(t.database.db, napoli.id);
    const pharmacist = await createPharmacist(t.database.db);
    await createApplication(t.database.db, offer.id, pharmacist.id);
    const overview = (await t.app.inject({ method: 'GET', url: '/api/admin/overview/', headers: admin.headers })).json();
    expect(overview.users_by_role).toEqual({ farmacista: 1, titolare: 2, admin: 1 });
    expect(overview.open_offers_by_region).toEqual([
      { region: 'Lombardia', count: 2 },
      { region: 'Campania', count: 1 },
    ]);
    expect(overview.applications_per_week).toHaveLength(12);
    expect(overview.applications_per_week.at(-1).count).toBe(1);
  });
});
