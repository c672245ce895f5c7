/**
 * A process killed between a write's commit and what runs after it (decision 087), with real server processes on a
 * PostgreSQL of the test's own and a real SMTP server. The fault drill (FAULT_DRILL) kills the server with SIGKILL the
 * moment an owner's acceptance has committed, before its answer and before any after-commit subscriber: the
 * pharmacist's notification and its mail were committed with the acceptance, so another server finds them and sends
 * the mail, once; its open-offer list, built after the commit, no longer shows the filled offer.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnPostgres, type TOwnPostgres } from '../test/own-postgres';
import {
  callJson,
  confirmAndApprove,
  healthy,
  postJson,
  registration,
  SERVER_TEST_PASSWORD,
  spawnServer,
  testPort,
  until,
} from '../test/server-process';
import { startSmtpServer, type TSmtp } from '../test/smtp';
import { openDatabase, type TDatabase } from './db/client';
import { makeCvPdf } from './factories';

const pgPort = testPort();
const apiPort = testPort(2);
const bases = [`http://127.0.0.1:${apiPort}`, `http://127.0.0.1:${apiPort + 1}`] as const;
const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-fault-after-commit-'));
let postgres: TOwnPostgres;
let database: TDatabase;
let smtp: TSmtp;
const servers: ChildProcess[] = [];

beforeAll(async () => {
  postgres = createOwnPostgres(pgPort);
  postgres.start();
  smtp = await startSmtpServer();
}, 60_000);
afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  await database?.close();
  await smtp?.close();
  postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(index: number, env: Record<string, string> = {}) {
  const server = spawnServer({
    DATABASE_URL: postgres.url,
    JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
    DATA_DIR: join(dataDir, String(index)),
    PORT: String(apiPort + index),
    SMTP_URL: smtp.url,
    ...env,
  });
  servers.push(server);
  const exit = new Promise<NodeJS.Signals | number | null>((resolve) =>
    server.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return { server, exit };
}

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await postJson(base, '/api/token/', { username: email, password: SERVER_TEST_PASSWORD });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

describe('a server killed right after a commit', () => {
  it('loses nothing the write owed: the notification and its mail were committed with it, and go out once from another server', async () => {
    const first = startServer(0, { FAULT_DRILL: 'kill-after-commit:application.status_changed' });
    await healthy(bases[0]);
    database = await openDatabase({ databaseUrl: postgres.url });

    for (const [email, role] of [
      ['titolare@example.it', 'titolare'],
      ['farmacista@example.it', 'farmacista'],
    ] as const)
      expect((await postJson(bases[0], '/api/user/register/', registration(email, role))).status).toBe(201);
    await confirmAndApprove(postgres.url, ['titolare@example.it', 'farmacista@example.it']);
    const owner = await signIn(bases[0], 'titolare@example.it');
    const pharmacist = await signIn(bases[0], 'farmacista@example.it');
    const cv = (await makeCvPdf('Rita Riavvio')).toString('base64');
    expect((await callJson(bases[0], 'PUT', '/api/user/details/', { pdf_file: cv }, pharmacist)).status).toBe(200);
    const offer = { title: 'Turno dopo il guasto', description: 'Sostituzione per ferie.', salary: '20 €/ora' };
    const created = await postJson(bases[0], '/api/offers/create/', offer, owner);
    expect(created.status).toBe(201);
    const offerId = ((await created.json()) as { id: number }).id;
    const applied = await postJson(bases[0], '/api/candidature/', { offer_id: offerId }, pharmacist);
    expect(applied.status).toBe(201);
    const applicationId = ((await applied.json()) as { id: number }).id;

    // The acceptance commits, and the process dies before it answers.
    const decision = await postJson(
      bases[0],
      `/api/titolare/candidatures/${applicationId}/decision/`,
      { decision: 'accepted' },
      owner,
    ).then(
      (response) => response.status,
      () => 'no answer',
    );
    expect(decision).toBe('no answer');
    expect(await first.exit).toBe('SIGKILL');

    const [application] = await rowsOf<{ status: string }>(sql`select status from applications where id = ${applicationId}`);
    expect(application?.status).toBe('accepted');
    const told = await rowsOf<{ type: string }>(
      sql`select n.type from notifications n join users u on u.id = n.user_id where u.email = 'farmacista@example.it'`,
    );
    expect(told.map((row) => row.type)).toEqual(['application_accepted']);
    const queued = await rowsOf<{ subject: string }>(
      sql`select subject from mail_outbox where "to" = 'farmacista@example.it' and text like ${`%${offer.title}%`}`,
    );
    expect(queued).toHaveLength(1);

    // Another server (the replacement) sends what the dead one owed, once; its list was built after the commit.
    const second = startServer(1);
    await healthy(bases[1]);
    const accepted = () =>
      smtp.received.filter((mail) => mail.to.includes('farmacista@example.it') && mail.text.includes(offer.title));
    await until(() => accepted().length > 0, 'the acceptance mail from the other server');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(accepted()).toHaveLength(1);
    const open = await callJson(bases[1], 'GET', '/api/offers/', undefined, pharmacist);
    expect(((await open.json()) as { id: number }[]).map((row) => row.id)).not.toContain(offerId);
    second.server.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  });
});
