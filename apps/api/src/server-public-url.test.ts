/** The real server on an unusual port with no PUBLIC_URL: the banner and every link it makes follow the port it listens on. */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, testPort, until } from '../test/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-public-url-test-'));
const port = testPort();
const expectedBase = `http://localhost:${port}`;
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server and resolves with everything it printed once the banner is complete. */
function startAndReadBanner(): Promise<string> {
  // No PUBLIC_URL, no SMTP (mail is filed under DATA_DIR/mail), the embedded database, every address.
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '0.0.0.0',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
  const inherited = ['PUBLIC_URL', 'SMTP_URL', 'DATABASE_URL', 'REDIS_URL'].filter((name) => process.env[name]);
  for (const name of inherited) env[name] = '';
  child = spawnServer(env, ['ignore', 'pipe', 'inherit']);
  return new Promise((done, fail) => {
    let output = '';
    child?.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/luca\.verdi@farmaponte\.it\n/.test(output)) done(output);
    });
    child?.once('exit', (code) => fail(new Error(`server exited ${code}: ${output}`)));
  });
}

const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });

/** A link as the user would use it: same path and query, reached on this machine. */
const follow = (link: string) => fetch(link.replace(expectedBase, `http://127.0.0.1:${port}`));

describe('links follow the port when PUBLIC_URL is not set', () => {
  it('prints the real address and the demo accounts, and its CV and password-reset links work', async () => {
    const banner = await startAndReadBanner();
    expect(banner).toContain(`Farmaponte pronto su ${expectedBase} (database: pglite in ${dataDir})`);
    expect(banner).toContain(`Senza SMTP_URL le e-mail sono scritte in ${join(dataDir, 'mail')}`);
    expect(banner).toContain('admin@farmaponte.it');
    expect(banner).toContain('Farmaponte2026!');

    const { access } = (await (
      await api('/api/token/', { body: { username: 'giulia.bianchi@farmaponte.it', password: 'Farmaponte2026!' } })
    ).json()) as { access: string };
    const details = (await (await api('/api/user/details/', { token: access })).json()) as { profile: { pdf_file: string } };
    expect(details.profile.pdf_file.startsWith(`${expectedBase}/api/cv/`)).toBe(true);
    const cv = await follow(details.profile.pdf_file);
    expect(cv.status).toBe(200);
    expect(cv.headers.get('content-type')).toContain('application/pdf');

    expect((await api('/api/forgot-password/', { body: { email: 'giulia.bianchi@farmaponte.it' } })).status).toBe(200);
    // The reset mail goes through the outbox (decision 054): filed on its next round.
    const mailDir = join(dataDir, 'mail');
    const filed = () =>
      (existsSync(mailDir) ? readdirSync(mailDir) : []).map((file) =>
        readFileSync(join(mailDir, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      );
    await until(() => filed().some((text) => text.includes('/reset-password/')), 'the reset mail to be filed');
    const mail = filed().find((text) => text.includes('/reset-password/')) ?? '';
    const link = mail.match(/http:\/\/localhost:\d+\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
    expect(link?.startsWith(`${expectedBase}/reset-password/`)).toBe(true);
    const token = link?.split('/').pop();
    expect((await api('/api/reset-password/', { body: { token, password: 'Nuova-password-2026' } })).status).toBe(200);
    expect(
      (await api('/api/token/', { body: { username: 'giulia.bianchi@farmaponte.it', password: 'Nuova-password-2026' } })).status,
    ).toBe(200);
  }, 120_000);
});
