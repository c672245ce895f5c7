import { LIMITS } from '@farmaponte/shared';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { pharmacies } from '../../db/schema';
import { REGISTRY_COLUMNS, RegistryFormatError, SKIP_REASONS } from './registry-file';
import { sampleRegistryCsv } from './sample';
import { importRegistry } from './service';

const t = useTestApp();

const HEADER = `\uFEFF${REGISTRY_COLUMNS.join(';')}`;
const line = (code: string, name: string, comune: string, end = '-', lat = '45,464211', lng = '9,191383') =>
  [
    code,
    '301',
    'VIA TORINO 5',
    name,
    '01234567890',
    '20123',
    '015146',
    comune,
    '',
    '015',
    'MI',
    'MILANO',
    '030',
    'LOMBARDIA',
    '01/01/2001',
    end,
    'Ordinaria',
    '1',
    lat,
    lng,
    '',
  ].join(';');

async function total() {
  const [row] = await t.database.db.select({ n: count() }).from(pharmacies);
  return Number(row?.n);
}

describe('importing the Ministry registry', () => {
  it('keeps active rows, reads decimal commas, and a second import updates instead of duplicating', async () => {
    const file = [
      HEADER,
      line('1001', 'FARMACIA BRERA', 'MILANO'),
      line('1002', 'FARMACIA CHIUSA', 'MILANO', '31/12/2019'),
      line('1003', 'FARMACIA SENZA COORDINATE', 'MILANO', '-', '', ''),
      line('1004', 'FARMACIA IN MARE', 'MILANO', '-', '10,0', '10,0'),
      'troppo;poche;colonne',
    ].join('\r\n');
    const first = await importRegistry(t.database.db, file);
    expect(first).toMatchObject({ read: 5, imported: 3, updated: 0, skipped: 2, withoutCoordinates: 2 });
    expect(first.skippedReasons).toEqual({ [SKIP_REASONS.notActive]: 1, [SKIP_REASONS.columns]: 1 });

    const [brera] = await t.database.db.select().from(pharmacies).orderBy(pharmacies.codFarmacia).limit(1);
    expect(brera).toMatchObject({
      name: 'FARMACIA BRERA',
      lat: 45.464211,
      lng: 9.191383,
      siglaProvincia: 'MI',
      validFrom: '2001-01-01',
    });

    const second = await importRegistry(t.database.db, file.replace('FARMACIA BRERA', 'FARMACIA BRERA NUOVA'));
    expect(second).toMatchObject({ imported: 0, updated: 3 });
    expect(await total()).toBe(3);
  });

  it('rejects a file of another layout with a clear message and imports nothing', async () => {
    await importRegistry(t.database.db, [HEADER, line('1', 'FARMACIA UNO', 'MILANO')].join('\n'));
    const wrong = ['nome,indirizzo,comune', 'Farmacia,Via Roma 1,Milano'].join('\n');
    await expect(importRegistry(t.database.db, wrong)).rejects.toThrow(RegistryFormatError);
    await expect(importRegistry(t.database.db, wrong)).rejects.toThrow(/Nessun dato è stato importato/);
    expect(await total()).toBe(1);
  });

  it('imports a 25,000-row file (with 5,000 historical rows) in one go', async () => {
    const report = await importRegistry(t.database.db, sampleRegistryCsv(25_000, { historical: 5_000, seed: 7 }));
    expect(report).toMatchObject({ read: 30_000, imported: 25_000, updated: 0, skipped: 5_000 });
    expect(await total()).toBe(25_000);
  }, 120_000);
});

describe('admin pharmacy endpoints', () => {
  it('searches by name, comune or province, case-insensitively, capped at 50', async () => {
    await importRegistry(
      t.database.db,
      [
        HEADER,
        line('1', 'FARMACIA BRERA', 'MILANO'),
        line('2', 'FARMACIA DEL PONTE', 'BOLLATE'),
        line('3', 'ANTICA FARMACIA', 'RHO'),
      ].join('\n'),
    );
    const { headers } = await signedIn(t.app, 'admin');
    const search = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/pharmacies/?search=${encodeURIComponent(q)}`, headers })).json();
    expect((await search('brera')).map((p: { pharmacy_name: string }) => p.pharmacy_name)).toEqual(['FARMACIA BRERA']);
    expect((await search('Bollate'))[0]).toMatchObject({
      pharmacy_id: '2',
      address: 'VIA TORINO 5',
      provincia: 'MILANO',
      lat: 45.464211,
    });
    expect(await search('milano')).toHaveLength(3);
    expect(await search('%')).toEqual([]);

    await importRegistry(t.database.db, sampleRegistryCsv(120, { seed: 3 }));
    expect(await search('')).toHaveLength(LIMITS.searchMaxResults);
  });

  it('uploads a file from the web, streaming progress and the report', async () => {
    const { headers } = await signedIn(t.app, 'admin');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/pharmacies/import/',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: sampleRegistryCsv(1200, { historical: 10 }),
    });
    expect(response.statusCode).toBe(200);
    const events = response.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.filter((e) => e.type === 'progress').length).toBeGreaterThanOrEqual(3);
    expect(events.at(-1)).toMatchObject({ type: 'done', report: { read: 1210, imported: 1200, skipped: 10 } });
    const points = (await t.app.inject({ method: 'GET', url: '/api/pharmacies/points/', headers })).json();
    expect(points.length).toBeGreaterThan(1000);
    expect(points[0]).toHaveLength(4);
  });

  it('answers 400 with the layout message to a wrong file, importing nothing', async () => {
    const { headers } = await signedIn(t.app, 'admin');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/pharmacies/import/',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: 'a;b;c\n1;2;3\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Il file non ha il formato dell'elenco farmacie del Ministero della Salute/);
    expect(await total()).toBe(0);
  });
});
