/**
 * The API's OpenAPI document as the server serves it at /api/docs/json: the app built in-process on an empty embedded
 * database (the document reads no table), asked once and closed. `npm run lint` lints it (lint-api-document.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

/** `publicUrl` is PUBLIC_URL, the document's server; unset, the server names the address it would listen on. */
export async function servedApiDocument(publicUrl?: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-api-document-'));
  const database = await openDatabase({ pglite: await PGlite.create() });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
  });
  const app = await buildApp(config, { database, jwtSecret: 'a-secret-only-for-reading-the-api-document', logger: false });
  try {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    if (response.statusCode !== 200) throw new Error(`/api/docs/json answered ${response.statusCode}`);
    return response.body;
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
