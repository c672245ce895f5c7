/**
 * Starts a real SMTP server that files each message under E2E_INBOX, then the product pointed at it (fresh database, demo
 * data): the built server (`npm run build`) run with plain node, as `npm start` runs it (docs/decisions/041).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPushService } from '../../apps/api/test/push-service';
import { spawnBuilt } from '../../apps/api/test/server-process';
import { startSmtpServer } from '../../apps/api/test/smtp';
import { E2E_DATA_DIR, E2E_DIR, E2E_INBOX, E2E_PUSHES } from './paths';

rmSync(E2E_DIR, { recursive: true, force: true });
mkdirSync(E2E_INBOX, { recursive: true });
mkdirSync(E2E_PUSHES, { recursive: true });

let count = 0;
// The same real SMTP server as the API tests; each message is filed, already decoded, for the browser tests to read.
const smtp = await startSmtpServer((mail) => {
  count += 1;
  writeFileSync(join(E2E_INBOX, `${String(count).padStart(5, '0')}.eml`), `X-Envelope-To: ${mail.to.join(',')}\r\n${mail.text}`);
});
const smtpPort = new URL(smtp.url).port;

// A push service of the tests' own: what the server's push sender posts is filed under E2E_PUSHES, still encrypted, for
// a journey to decrypt with its browser's keys and hand to the service worker (e2e/support/push.ts).
const pushService = await startPushService();
writeFileSync(join(E2E_PUSHES, 'origin'), pushService.origin);
pushService.onReceive = (push) => {
  writeFileSync(
    join(E2E_PUSHES, `${String(pushService.received.length).padStart(5, '0')}.json`),
    JSON.stringify({ path: push.path, body: push.body.toString('base64') }),
  );
};

const port = process.env.E2E_PORT ?? '3100';
const env: Record<string, string | undefined> = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: E2E_DATA_DIR,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  // Every test logs in from 127.0.0.1: the per-address budget is for the real world.
  AUTH_MAX_PER_IP: '100000',
  // An admin of its own for e2e/two-step-login.spec.ts, which turns its second step on: the demo admin stays as it is.
  ADMIN_EMAIL: 'admin.due-passaggi@farmaponte.it',
  ADMIN_PASSWORD: 'Farmaponte2026!',
  // e2e/external-calendar.spec.ts serves a pharmacist's calendar from this machine: let the fetcher reach it.
  OUTBOUND_FETCH_ALLOW: '127.0.0.1',
  // e2e/pocket-journey.spec.ts subscribes a browser at the local push service above.
  PUSH_ALLOW_ORIGINS: pushService.origin,
};
// No PUBLIC_URL: the links in mails and the CV links are derived from the port, as on a new user's machine.
delete env.PUBLIC_URL;
const server = spawnBuilt('server', [], { env, stdio: 'inherit' });
// Playwright stops this process group; a server that stops by itself ends this process too, with its code.
server.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
