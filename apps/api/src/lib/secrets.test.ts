/** The Web Push keys (decision 096): from the environment for a fleet, else generated once into DATA_DIR and kept. */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { generateVapidKeys, resolveVapidKeys } from './secrets';

describe('the VAPID keys', () => {
  it('are generated once into DATA_DIR, readable only by the server, and the same on the next start', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-vapid-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = resolveVapidKeys(config);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toBe('mailto:info@farmaponte.it');
    const file = join(dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveVapidKeys(config)).toEqual(first);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
  });

  it('come from the environment when set (every instance of a fleet the same), both or neither', () => {
    const pair = generateVapidKeys();
    const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-vapid-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'https://farmaponte.it/contatti',
    });
    expect(resolveVapidKeys(config)).toEqual({ ...pair, subject: 'https://farmaponte.it/contatti' });
    expect(() => statSync(join(dataDir, 'vapid-keys.json'))).toThrow();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'corta', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'chiunque' })).toThrow(/VAPID_SUBJECT/);
  });
});
