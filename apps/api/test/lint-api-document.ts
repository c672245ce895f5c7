/**
 * `npm run lint`'s check of the API's OpenAPI document: the document the app serves, written to a temporary file and
 * linted by `redocly lint` with the repository's redocly.yaml (Redocly's recommended rules; docs/decisions/053).
 * A deployment's PUBLIC_URL is given (tests name farmaponte.test): without one the server would be localhost, which
 * the rules warn of. Redocly sends nothing anywhere: no usage report, no check for a newer version.
 *
 *   npx tsx apps/api/test/lint-api-document.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { servedApiDocument } from './api-document';

const directory = mkdtempSync(join(tmpdir(), 'farmaponte-openapi-'));
const file = join(directory, 'openapi.json');
writeFileSync(file, await servedApiDocument('https://farmaponte.test'));
const redocly = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
const lint = spawnSync(
  process.execPath,
  [redocly, 'lint', '--config', join(import.meta.dirname, '../../../redocly.yaml'), file],
  {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
rmSync(directory, { recursive: true, force: true });
process.exit(lint.status ?? 1);
