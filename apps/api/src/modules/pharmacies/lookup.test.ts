/** GET /api/pharmacies/lookup/: the public registry lookup a registering owner names their pharmacy with (decision 048). */
import { LIMITS, MESSAGES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp, useTestApp } from '../../../test/helpers';
import { registryFile } from '../../../test/registry-rows';
import { provincialCapitals } from '../geo';
import { sampleRegistryCsv } from './sample';
import { importRegistry } from './service';

const t = useTestApp();

const lookup = (q: string, app = t.app) =>
  app.inject({ method: 'GET', url: `/api/pharmacies/lookup/?q=${encodeURIComponent(q)}` });

async function importSmallRegistry() {
  await importRegistry(
    t.database.db,
    registryFile([
      { code: '30001', name: 'FARMACIA BRERA', address: 'VIA BRERA 3', vat: '00743110157' },
      { code: '300011', name: 'FARMACIA AMBROSIANA', address: 'CORSO MAGENTA 8' },
      { code: '30002', name: 'FARMACIA DEL CORSO', address: 'CORSO BUENOS AIRES 20' },
      { code: '40001', name: 'FARMACIA SAN MARCO', comune: 'BERGAMO', sigla: 'BG', frazione: 'COLOGNOLA' },
      { code: '30003', name: 'FARMACIA CHIUSA BRERA', end: '31/12/2019' },
    ]),
  );
}

describe('GET /api/pharmacies/lookup/', () => {
  it('answers without a login, by name, comune or address, with only the public fields', async () => {
    await importSmallRegistry();
    const byName = await lookup('  brera ');
    expect(byName.statusCode).toBe(200);
    // The closed pharmacy was never imported; the VAT number is not public.
    expect(byName.json()).toEqual([
      {
        cod_farmacia: '30001',
        name: 'FARMACIA BRERA',
        address: 'VIA BRERA 3',
        frazione: '',
        cap: '20123',
        comune: 'MILANO',
        provincia: 'MI',
      },
    ]);
    expect((await lookup('Bergamo')).json().map((p: { cod_farmacia: string }) => p.cod_farmacia)).toEqual(['40001']);
    expect((await lookup('colognola')).json().map((p: { name: string }) => p.name)).toEqual(['FARMACIA SAN MARCO']);
    expect((await lookup('buenos aires')).json().map((p: { name: string }) => p.name)).toEqual(['FARMACIA DEL CORSO']);
    // Names in order.
    expect((await lookup('milano')).json().map((p: { name: string }) => p.name)).toEqual([
      'FARMACIA AMBROSIANA',
      'FARMACIA BRERA',
      'FARMACIA DEL CORSO',
    ]);
  });

  it("puts a comune's own pharmacies before other comuni's and those in a street named after it", async () => {
    await importRegistry(
      t.database.db,
      registryFile([
        { code: '50001', name: 'FARMACIA DEL CORSO', address: 'VIA ROMA 1', comune: 'MILANO' },
        { code: '50002', name: 'FARMACIA CENTRALE', address: 'VIA APPIA NUOVA 2', comune: 'ROMA', sigla: 'RM' },
        { code: '50003', name: 'FARMACIA AMBROSIANA', address: 'VIA PO 3', comune: 'ROMANO DI LOMBARDIA', sigla: 'BG' },
        { code: '50004', name: 'FARMACIA ROMANA', address: 'VIA TORINO 4', comune: 'TORINO', sigla: 'TO' },
        { code: '50005', name: 'FARMACIA ANTICA', address: 'CORSO ITALIA 5', comune: 'ROMA', sigla: 'RM' },
        { code: '50006', name: 'FARMACIA BRERA', address: 'CORSO TORINO 6', comune: 'MILANO' },
      ]),
    );
    // A name that holds the text, then the comune of that name (by name), then comuni that start with it, then an address.
    expect((await lookup('roma')).json().map((p: { cod_farmacia: string }) => p.cod_farmacia)).toEqual([
      '50004',
      '50005',
      '50002',
      '50003',
      '50001',
    ]);
    expect((await lookup('Torino')).json().map((p: { cod_farmacia: string }) => p.cod_farmacia)).toEqual(['50004', '50006']);
  });

  it('finds pharmacies in every provincial capital by its name, those of the capital first', async () => {
    await importRegistry(t.database.db, sampleRegistryCsv(400));
    for (const capital of provincialCapitals()) {
      const comuni: string[] = (await lookup(capital.nome)).json().map((p: { comune: string }) => p.comune);
      const own = comuni.filter((comune) => comune === capital.nome.toUpperCase()).length;
      expect(own, capital.nome).toBeGreaterThan(0);
      expect(comuni.slice(0, own), capital.nome).toEqual(Array(own).fill(capital.nome.toUpperCase()));
    }
    // The larger cities have more than one.
    for (const city of ['Milano', 'Torino', 'Napoli'])
      expect(
        (await lookup(city)).json().filter((p: { comune: string }) => p.comune === city.toUpperCase()).length,
      ).toBeGreaterThan(3);
  });

  it('finds a code exactly or by its beginning, the exact code first', async () => {
    await importSmallRegistry();
    expect((await lookup('30001')).json().map((p: { cod_farmacia: string }) => p.cod_farmacia)).toEqual(['30001', '300011']);
    // No exact code: those that start with it, by name (AMBROSIANA, BRERA, DEL CORSO).
    expect((await lookup('3000')).json().map((p: { cod_farmacia: string }) => p.cod_farmacia)).toEqual([
      '300011',
      '30001',
      '30002',
    ]);
    expect((await lookup('99999')).json()).toEqual([]);
  });

  it(`answers at most ${LIMITS.pharmacyLookupMaxResults} pharmacies`, async () => {
    await importRegistry(t.database.db, sampleRegistryCsv(120));
    const response = await lookup('farmacia');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(LIMITS.pharmacyLookupMaxResults);
  });

  it.each([
    ['empty', ''],
    ['one character after trimming', '  a  '],
  ])('refuses a text that is %s with an Italian message', async (_case, q) => {
    const response = await lookup(q);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: MESSAGES.pharmacyLookupTooShort,
      fields: { q: MESSAGES.pharmacyLookupTooShort },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/pharmacies/lookup/' })).statusCode).toBe(400);
  });

  it('limits each address, with 429 and Retry-After', async () => {
    const limited = await buildTestApp({ REGISTRY_LOOKUP_MAX_PER_IP: '3' });
    try {
      for (let i = 0; i < 3; i++) expect((await lookup('farmacia', limited.app)).statusCode).toBe(200);
      const refused = await lookup('farmacia', limited.app);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ message: MESSAGES.pharmacyLookupTooMany });
      // Another address is not held back.
      const other = await limited.app.inject({
        method: 'GET',
        url: '/api/pharmacies/lookup/?q=farmacia',
        remoteAddress: '10.0.0.9',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });
});
