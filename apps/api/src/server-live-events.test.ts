/**
 * The live stream across processes and a database restart (decision 072): two servers on one PostgreSQL of the test's
 * own (test/own-postgres.ts); a browser-like client streams from the first and hears what is written through the
 * second (pg_notify after commit, LISTEN in each process). PostgreSQL stops: the streams end (the process no longer
 * hears events) and the client reconnects by itself; once the database is back, the new stream hears events again.
 * SIGTERM with a stream open still exits 0, long before the shutdown deadline.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveEvents } from '../test/live-stream';
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
import { makeCvPdf } from './factories';

const pgPort = testPort();
const apiPort = testPort(2);
const bases = [`http://127.0.0.1:${apiPort}`, `http://127.0.0.1:${apiPort + 1}`] as const;
let postgres: TOwnPostgres;
const servers: ChildProcess[] = [];
const exits: (number | null)[] = [null, null];

beforeAll(() => {
  postgres = createOwnPostgres(pgPort);
  postgres.start();
}, 60_000);
afterAll(() => {
  for (const server of servers) server.kill('SIGKILL');
  postgres?.destroy();
});

function startServer(index: number) {
  const server = spawnServer({
    DATABASE_URL: postgres.url,
    JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
    PORT: String(apiPort + index),
    // Long enough that a stream holding the shutdown up would show: the exit below is awaited for far less.
    SHUTDOWN_TIMEOUT_SECONDS: '120',
  });
  server.once('exit', (code) => {
    exits[index] = code;
  });
  servers[index] = server;
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await postJson(base, '/api/token/', { username: email, password: SERVER_TEST_PASSWORD });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

/**
 * A client as the web app's: reads the stream with fetch, and when it ends (or is refused while the database is away)
 * opens a new one after a short pause, until stopped. `ready` counts the streams opened.
 */
function liveClient(base: string, token: string) {
  const received: { event: string; data: string }[] = [];
  const state = { ready: 0, stopped: false };
  const controller = new AbortController();
  const readOnce = async () => {
    const response = await fetch(`${base}/api/events/`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel();
      return;
    }
    await readLiveEvents(response.body, ({ event, data }) => {
      if (event === 'ready') state.ready++;
      else received.push({ event, data });
    });
  };
  const running = (async () => {
    while (!state.stopped) {
      await readOnce().catch(() => {});
      // The web client's backoff, short here: the pause between two attempts.
      if (!state.stopped) await new Promise((resolve) => setTimeout(resolve, 300));
    }
  })();
  return {
    received,
    state,
    heard: (event: string, applicationId?: number, after = 0) =>
      until(
        () =>
          received
            .slice(after)
            .some(
              (r) =>
                r.event === event &&
                (applicationId === undefined || r.data === JSON.stringify({ application_id: applicationId })),
            ),
        `the event ${event}`,
        30_000,
      ),
    stop: async () => {
      state.stopped = true;
      controller.abort();
      await running;
    },
  };
}

describe('live events across two servers and a PostgreSQL restart', () => {
  it('a stream on one server hears writes made through the other, and again after the database restarts', async () => {
    startServer(0);
    await healthy(bases[0]);
    startServer(1);
    await healthy(bases[1]);
    const [first, second] = bases;

    for (const [email, role] of [
      ['titolare@example.it', 'titolare'],
      ['farmacista@example.it', 'farmacista'],
    ] as const)
      expect((await postJson(first, '/api/user/register/', registration(email, role))).status).toBe(201);
    await confirmAndApprove(postgres.url, ['titolare@example.it', 'farmacista@example.it']);
    const owner = await signIn(first, 'titolare@example.it');
    const pharmacist = await signIn(second, 'farmacista@example.it');
    const cv = (await makeCvPdf('Rita Riavvio')).toString('base64');
    expect((await callJson(second, 'PUT', '/api/user/details/', { pdf_file: cv }, pharmacist)).status).toBe(200);
    const offer = { title: 'Turno in diretta', description: 'Sostituzione per ferie.', salary: '20 €/ora' };
    const published = await callJson(second, 'POST', '/api/offers/create/', offer, owner);
    expect(published.status).toBe(201);
    const offerId = ((await published.json()) as { id: number }).id;

    const client = liveClient(first, owner);
    await until(() => client.state.ready > 0, 'the stream to open');
    const applied = await callJson(second, 'POST', '/api/candidature/', { offer_id: offerId }, pharmacist);
    expect(applied.status).toBe(201);
    const applicationId = ((await applied.json()) as { id: number }).id;
    await client.heard('application', applicationId);
    await client.heard('notification');

    postgres.stop();
    const opened = client.state.ready;
    postgres.start();
    // The stream ended with the LISTEN connection; the client opened a new one once its server heard events again.
    await until(() => client.state.ready > opened, 'the client to be streaming again after the restart', 60_000);
    const mark = client.received.length;
    await until(
      async () =>
        (await callJson(second, 'POST', `/api/applications/${applicationId}/messages/`, { body: 'Ci sono!' }, pharmacist))
          .status === 201,
      'a message written through the other server after the restart',
    );
    await client.heard('message', applicationId, mark);
    expect(exits).toEqual([null, null]);

    // SIGTERM with the stream open: the stream ends at once, and the server exits 0 well before its 120 s deadline.
    servers[0]?.kill('SIGTERM');
    await until(() => exits[0] !== null, 'the first server to exit', 20_000);
    expect(exits[0]).toBe(0);
    await client.stop();
    servers[1]?.kill('SIGTERM');
    await until(() => exits[1] !== null, 'the second server to exit', 20_000);
    expect(exits[1]).toBe(0);
  }, 180_000);
});
