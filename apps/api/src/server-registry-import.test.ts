/**
 * The registry import in real processes on the embedded database: SIGTERM in the middle of an admin's upload exits 0
 * and the same file completes the registry afterwards; the import-pharmacies command reads a Windows-1252 file and
 * prints its encoding and the faulty rows it skipped.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { healthy, spawnBuilt, spawnServer, testPort } from '../test/server-process';
import { DEFAULT_PASSWORD } from './factories';
import { sampleRegistryCsv } from './modules/pharmacies';
import { REGISTRY_COLUMNS } from './modules/pharmacies/registry-file';

const scratch = mkdtempSync(join(tmpdir(), 'farmaponte-import-test-'));
const dataDir = join(scratch, 'data');
const port = testPort();
const base = `http://127.0.0.1:${port}`;
const ADMIN = { ADMIN_EMAIL: 'admin.import@farmaponte.it', ADMIN_PASSWORD: DEFAULT_PASSWORD };
const ROWS = 30_000;
const file = sampleRegistryCsv(ROWS, { seed: 13 });
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function startServer() {
  return spawnServer({ DATA_DIR: dataDir, PORT: String(port), SHUTDOWN_TIMEOUT_SECONDS: '1', ...ADMIN });
}

async function adminHeaders() {
  const response = await fetch(`${base}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  return { authorization: `Bearer ${((await response.json()) as { access: string }).access}` };
}

function upload(headers: Record<string, string>, body: string) {
  return fetch(`${base}/api/pharmacies/import/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'text/csv' },
    body,
  });
}

describe('the registry import in real processes (embedded database)', () => {
  it('SIGTERM during an upload exits 0; the same file then completes the registry', async () => {
    const server = startServer();
    const exited = new Promise<number | null>((done) => server.once('exit', done));
    await healthy(base);
    const response = await upload(await adminHeaders(), file);
    const reader = response.body?.getReader();
    // The first progress line: batches are being saved.
    const first = new TextDecoder().decode((await reader?.read())?.value);
    expect(first).toContain('"type":"progress"');
    server.kill('SIGTERM');
    await reader?.cancel().catch(() => {});
    expect(await exited).toBe(0);

    const again = startServer();
    try {
      await healthy(base, 'the server to start again');
      const lines = (await (await upload(await adminHeaders(), file)).text()).trim().split('\n');
      const done = JSON.parse(lines.at(-1) ?? '{}');
      expect(done.type).toBe('done');
      // What the first import had saved is updated, the rest added: every pharmacy once.
      expect(done.report.imported + done.report.updated).toBe(ROWS);
      expect(done.report.imported).toBeLessThan(ROWS);
    } finally {
      again.kill('SIGTERM');
      await new Promise((done) => again.once('exit', done));
    }
  }, 240_000);

  it('import-pharmacies reads a Windows-1252 file and prints the encoding and the rows it skipped', async () => {
    const row = (code: string, name: string, start: string) =>
      [code, '301', 'VIA ROMA 1', name, '01234567890', '06083', '054013', 'CITTÀ DELLA PIEVE', '', '054', 'PG', 'PERUGIA']
        .concat(['010', 'UMBRIA', start, '-', 'Ordinaria', '1', '42,95', '12,0', ''])
        .join(';');
    const path = join(scratch, 'farmacie-windows.csv');
    const text = [
      REGISTRY_COLUMNS.join(';'),
      row('WIN-1', 'FARMACIA CITTÀ', '01/01/2001'),
      row('WIN-2', 'FARMACIA FEBBRAIO', '31/02/2020'),
      row('WIN-3', 'FARMACIA\u0000NUL', '01/01/2001'),
    ].join('\r\n');
    writeFileSync(path, Buffer.from(text, 'latin1'));
    const command = spawnBuilt('cli/import-pharmacies', [path], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    command.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    command.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((done) => command.once('exit', done));
    expect(code, output).toBe(0);
    expect(output).toContain('Codifica del file:  Windows-1252 (Latin-1)');
    expect(output).toContain('Farmacie nuove:     1');
    expect(output).toContain('Righe con errori (2, non importate):');
    expect(output).toContain(
      'riga 3: data impossibile o non nel formato GG/MM/AAAA nella colonna data_inizio_validita: "31/02/2020"',
    );
    expect(output).toContain('riga 4: carattere non ammesso (NUL) nella colonna descrizione_farmacia');
  }, 180_000);
});
