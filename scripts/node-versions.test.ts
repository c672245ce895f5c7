/** The README promises Node 20.20.2+, 22.13+ and 24: every package the lock file installs must say it runs on each. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const PROMISED = ['20.20.2', '22.13.0', '24.0.0'];

describe('Node versions', () => {
  it('package.json accepts each promised version', () => {
    for (const version of PROMISED) expect(semver.satisfies(version, manifest.engines.node), version).toBe(true);
  });

  it('no installed package needs a newer Node than the oldest promised one (npm ci would warn)', () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      if (!path || !range) continue;
      for (const version of PROMISED)
        if (!semver.satisfies(version, range)) refused.push(`${path}@${entry.version} needs ${range}, not ${version}`);
    }
    expect(refused).toEqual([]);
  });
});
