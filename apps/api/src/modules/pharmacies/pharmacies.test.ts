import { LIMITS } from '@farmaponte/shared';
import { count, desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { injectDeadlocks, removeDeadlocks } from '../../../test/deadlocks';
import { signedIn, useTestApp } from '../../../test/helpers';
import { auditLog, pharmacies } from '../../db/schema';
import { CLI_ACTOR } from '../audit';
import { REGISTRY_COLUMNS, RegistryFormatError, SKIP_REASONS } from './registry-file';
import { sampleRegistryCsv } from './sample';
import { importRegistry } from './service';

const t = useTestApp();

const HEADER = `\uFEFF${REGISTRY_COLUMNS.join(';')}`;
const line = (code: string, name: string, comune: string, end = '-', lat = '45,464211', lng = '9,191383', start = '01/01/2001') =>
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
    start,
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

/** The first `times` entries of the audit log fail with SQLSTATE 40P01, as a deadlock would end their transaction. */
const deadlockAuditEntries = (times: number) => injectDeadlocks(t.database.db, { table: 'audit_log', on: 'insert', times });

afterEach(() => removeDeadlocks(t.database.db, 'audit_log'));

describe('importing the Ministry registry', () => {
  it.each([true, false])(
    'tried again after a deadlock (atomic: %s), counts each row once, in its report and its audit entry',
    async (atomic) => {
      await deadlockAuditEntries(1);
      const file = [HEADER, line('2001', 'FARMACIA UNO', 'MILANO'), line('2002', 'FARMACIA DUE', 'MILANO')].join('\r\n');
      const audit = { actor: CLI_ACTOR, now: new Date() };
      const report = await importRegistry(t.database.db, file, { atomic, audit });
      expect(report).toMatchObject({ read: 2, imported: 2, updated: 0 });
      expect(await total()).toBe(2);
      const entries = await t.database.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.action, 'registry.import'))
        .orderBy(desc(auditLog.id));
      expect(entries).toHaveLength(1);
      expect(entries[0]?.details).toMatchObject({ read: 2, imported: 2, updated: 0, complete: true });
    },
  );

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
    expect(first).toMatchObject({ read: 5, imported: 3, updated: 0, skipped: 2, withoutCoordinates: 2, encoding: 'utf-8-bom' });
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

describe('faulty rows and encodings', () => {
  it('skips a row with an impossible date and a row with a NUL byte, imports the others, and names rows 3 and 5', async () => {
    const file = [
      HEADER,
      line('2001', 'FARMACIA UNO', 'MILANO'),
      line('2002', 'FARMACIA DATA IMPOSSIBILE', 'MILANO', '-', '45,46', '9,19', '31/02/2020'),
      line('2003', 'FARMACIA TRE', 'MILANO'),
      line('2004', 'FARMACIA\u0000NUL', 'MILANO'),
      line('', 'FARMACIA SENZA CODICE', 'MILANO'),
      line('2006', 'FARMACIA CHIUSA MALE', 'MILANO', '30/02/2019'),
      line('2007', 'FARMACIA SETTE', 'MILANO'),
    ].join('\r\n');
    const report = await importRegistry(t.database.db, file);
    expect(report).toMatchObject({ read: 7, imported: 3, skipped: 4, badRowCount: 4, encoding: 'utf-8-bom' });
    expect(report.badRows).toEqual([
      { row: 3, reason: 'data impossibile o non nel formato GG/MM/AAAA nella colonna data_inizio_validita: "31/02/2020"' },
      { row: 5, reason: 'carattere non ammesso (NUL) nella colonna descrizione_farmacia' },
      { row: 6, reason: 'campo obbligatorio vuoto: cod_farmacia' },
      { row: 7, reason: 'data impossibile o non nel formato GG/MM/AAAA nella colonna data_fine_validita: "30/02/2019"' },
    ]);
    expect(report.skippedReasons).toEqual({
      [SKIP_REASONS.invalidDate]: 2,
      [SKIP_REASONS.controlCharacters]: 1,
      [SKIP_REASONS.missing]: 1,
    });
    const stored = await t.database.db.select({ code: pharmacies.codFarmacia }).from(pharmacies).orderBy(pharmacies.codFarmacia);
    expect(stored.map((p) => p.code)).toEqual(['2001', '2003', '2007']);
  });

  it('reads a Windows-1252 file: "FARMACIA CITTÀ" is stored as written and the report names the encoding', async () => {
    const text = [
      REGISTRY_COLUMNS.join(';'),
      line('3001', 'FARMACIA CITTÀ', 'CITTÀ DI CASTELLO'),
      line('3002', "FARMACIA SANT'ANDREA", 'FORLÌ'),
    ].join('\r\n');
    // Latin-1 bytes are Windows-1252 bytes for every letter of Italian: À is the single byte C0.
    const bytes = Buffer.from(text, 'latin1');
    expect(bytes.includes(0xc0)).toBe(true);
    const report = await importRegistry(t.database.db, bytes);
    expect(report).toMatchObject({ imported: 2, badRowCount: 0, encoding: 'windows-1252' });
    const rows = await t.database.db.select().from(pharmacies).orderBy(pharmacies.codFarmacia);
    expect(rows.map((p) => [p.name, p.comune])).toEqual([
      ['FARMACIA CITTÀ', 'CITTÀ DI CASTELLO'],
      ["FARMACIA SANT'ANDREA", 'FORLÌ'],
    ]);
    expect((await importRegistry(t.database.db, Buffer.from(text, 'utf8'))).encoding).toBe('utf-8');
  });

  it('lists the first faulty rows one by one and counts them all', async () => {
    const faulty = Array.from({ length: LIMITS.importBadRowsListed + 5 }, (_, i) => `${4000 + i};troppo;poche`);
    const report = await importRegistry(t.database.db, [HEADER, line('4999', 'FARMACIA BUONA', 'MILANO'), ...faulty].join('\n'));
    expect(report).toMatchObject({ imported: 1, badRowCount: LIMITS.importBadRowsListed + 5 });
    expect(report.badRows).toHaveLength(LIMITS.importBadRowsListed);
    expect(report.badRows[0]).toEqual({ row: 3, reason: 'numero di colonne errato (3 invece di 21)' });
  });
});

describe('an import that is stopped', () => {
  const file = sampleRegistryCsv(2_000, { seed: 5 });
  const stopAfterFirstBatch = () => {
    const controller = new AbortController();
    return { signal: controller.signal, onProgress: () => controller.abort() };
  };

  it('rolls back entirely when it is one transaction (PostgreSQL, the command)', async () => {
    await expect(importRegistry(t.database.db, file, stopAfterFirstBatch())).rejects.toThrow();
    expect(await total()).toBe(0);
  });

  it('keeps the batches already saved when each commits by itself (the server on PGlite), and the same file completes it', async () => {
    await expect(importRegistry(t.database.db, file, { atomic: false, ...stopAfterFirstBatch() })).rejects.toThrow();
    const saved = await total();
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThan(2_000);
    const again = await importRegistry(t.database.db, file, { atomic: false });
    expect(again).toMatchObject({ imported: 2_000 - saved, updated: saved });
    expect(await total()).toBe(2_000);
  });
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

  it('uploads a Windows-1252 file with faulty rows: the report gives the encoding and the rows skipped, the rest is stored', async () => {
    const { headers } = await signedIn(t.app, 'admin');
    const text = [
      REGISTRY_COLUMNS.join(';'),
      line('5001', 'FARMACIA CITTÀ', 'CITTÀ DI CASTELLO'),
      line('5002', 'FARMACIA FEBBRAIO', 'MILANO', '-', '45,46', '9,19', '31/02/2020'),
      line('5003', 'FARMACIA\u0000NUL', 'MILANO'),
      line('5004', 'FARMACIA QUATTRO', 'MILANO'),
    ].join('\r\n');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/pharmacies/import/',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: Buffer.from(text, 'latin1'),
    });
    expect(response.statusCode).toBe(200);
    const done = JSON.parse(response.body.trim().split('\n').at(-1) ?? '{}');
    expect(done).toMatchObject({
      type: 'done',
      report: {
        imported: 2,
        encoding: 'windows-1252',
        badRowCount: 2,
        badRows: [
          { row: 3, reason: expect.stringContaining('31/02/2020') },
          { row: 4, reason: 'carattere non ammesso (NUL) nella colonna descrizione_farmacia' },
        ],
      },
    });
    const found = (
      await t.app.inject({ method: 'GET', url: `/api/pharmacies/?search=${encodeURIComponent('città')}`, headers })
    ).json();
    expect(found.map((p: { pharmacy_name: string }) => p.pharmacy_name)).toEqual(['FARMACIA CITTÀ']);
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
