/**
 * The image, built from this checkout with the real Containerfile and run as an operator runs it: a newcomer registers,
 * confirms her address from the mail the container sent, logs in and searches; SIGTERM ends the container cleanly, and
 * a new container on the same volume still knows her. Then what the image is: a non-root user, a health check, labels,
 * no sources or development tools.
 */
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, registration, SERVER_TEST_PASSWORD, testPort, until } from '../../apps/api/test/server-process';
import { startSmtpServer, type TSmtp } from '../../apps/api/test/smtp';
import { podman, removeContainer, revision, TEST_IMAGE } from './podman';

/** The image's user (Containerfile): the data volume must be its to write. */
const IMAGE_UID = 10001;
const port = testPort();
const base = `http://127.0.0.1:${port}`;
const name = `farmaponte-smoke-${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-image-data-'));
chownSync(dataDir, IMAGE_UID, IMAGE_UID);
let smtp: TSmtp;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await removeContainer(name);
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the image as an operator would: its own settings, the data volume, SMTP, on the host's network. */
const runContainer = () =>
  podman([
    'run',
    '--detach',
    '--name',
    name,
    '--network',
    'host',
    '--volume',
    `${dataDir}:/data`,
    '--env',
    `PORT=${port}`,
    '--env',
    `PUBLIC_URL=${base}`,
    '--env',
    `SMTP_URL=${smtp.url}`,
    '--env',
    'SEED_DEMO=true',
    TEST_IMAGE,
  ]);

/** Like healthy(), but a container that ended fails at once, with the end of its log. */
async function answering(what: string) {
  let ended = false;
  await until(
    async () => {
      if (await exited()) ended = true;
      return ended || (await fetch(`${base}/api/health/`, { signal: AbortSignal.timeout(5_000) })).ok;
    },
    what,
    120_000,
  );
  if (ended) throw new Error(`${what}: the container ended\n${(await podman(['logs', name])).slice(-2_000)}`);
}
const exited = async () => (await podman(['inspect', '--format', '{{.State.Status}}', name])) === 'exited';
const login = (email: string) => postJson(base, '/api/token/', { username: email, password: SERVER_TEST_PASSWORD });

describe('the image', () => {
  it('serves a newcomer from registration to search, and stops cleanly on SIGTERM', async () => {
    await runContainer();
    await answering('the container to answer');
    // The built web app is served by the same process.
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // The image's own health check (the one a container engine runs) passes.
    await podman(['healthcheck', 'run', name]);

    const email = 'nuova.farmacista@example.it';
    expect((await postJson(base, '/api/user/register/', registration(email))).status).toBe(201);
    await until(() => smtp.lastTo(email) !== undefined, 'the confirmation mail', 60_000);
    const token = smtp.lastTo(email)?.text.match(/\/conferma-email\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect((await postJson(base, '/api/user/verify-email/', { token })).status).toBe(200);
    const session = await login(email);
    expect(session.status).toBe(200);
    const { access } = (await session.json()) as { access: string };
    const search = await fetch(`${base}/api/offers/?ordine=data`, { headers: { authorization: `Bearer ${access}` } });
    expect(search.status).toBe(200);
    // The demo's pharmacies publish shifts: the search finds them.
    expect(((await search.json()) as unknown[]).length).toBeGreaterThan(0);

    // node is PID 1 and gets the signal itself: it drains and exits 0, well within the engine's default 10 s.
    expect(await podman(['exec', name, 'sh', '-c', "tr '\\0' ' ' < /proc/1/cmdline"])).toBe(
      'node --enable-source-maps apps/api/dist/server.js',
    );
    await podman(['kill', '--signal', 'TERM', name]);
    await until(exited, 'the container to exit after SIGTERM', 15_000);
    expect(await podman(['inspect', '--format', '{{.State.ExitCode}}', name])).toBe('0');
    expect(await podman(['logs', name])).toContain('shutting down');
    await removeContainer(name);

    // A new container on the same volume: her account is still there.
    await runContainer();
    await answering('the second container to answer');
    expect((await login(email)).status).toBe(200);
  });

  it('runs as a user of its own, with labels, a health check, a data volume, and nothing but what it runs', async () => {
    const [config] = JSON.parse(await podman(['image', 'inspect', TEST_IMAGE])) as {
      Config: {
        User: string;
        Labels: Record<string, string>;
        Volumes: Record<string, unknown>;
        StopSignal: string;
      };
      Healthcheck?: { Test: string[] };
    }[];
    expect(config?.Config.User).toBe('farmaponte:farmaponte');
    expect(config?.Config.Labels).toMatchObject({
      // Built by the globalSetup (build-image.ts) from this checkout.
      'org.opencontainers.image.version': `test-${revision()}`,
      'org.opencontainers.image.revision': revision(),
      'org.opencontainers.image.title': 'Farmaponte',
    });
    expect(config?.Config.Labels['org.opencontainers.image.source']).toMatch(/^https:\/\//);
    expect(config?.Healthcheck?.Test.join(' ')).toContain('/api/health/live');
    expect(Object.keys(config?.Config.Volumes ?? {})).toEqual(['/data']);
    expect(config?.Config.StopSignal).toBe('SIGTERM');
    const inside = await podman([
      'run',
      '--rm',
      '--entrypoint',
      'sh',
      TEST_IMAGE,
      '-c',
      'id -u; ls apps/api; ls node_modules/.bin 2>/dev/null | grep -cE "^(vitest|vite|tsc|playwright|biome|esbuild|tsx)$" || true',
    ]);
    const [uid, apiFolder, devTools] = [inside.split('\n')[0], inside.split('\n').slice(1, -1), inside.split('\n').at(-1)];
    expect(uid).toBe(String(IMAGE_UID));
    // The API's build and the data it reads; no sources, tests or build scripts.
    expect(apiFolder.sort()).toEqual(['dist', 'node_modules', 'package.json', 'run-built.sh', 'src']);
    expect(devTools).toBe('0');
  });
});
