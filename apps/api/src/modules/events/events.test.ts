/**
 * GET /api/events/ (decision 072) on a real port, read with fetch as the browser reads it: the user's events only, kinds
 * and ids only; written through another instance too; ended by logout, suspension, too many streams and shutdown.
 */
import type { AddressInfo } from 'node:net';
import { LIMITS } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildOtherInstance, login, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls, hiringScenario } from '../../../test/hiring-loop';
import { readLiveEvents } from '../../../test/live-stream';
import { until } from '../../../test/server-process';
import { refreshTokens, users } from '../../db/schema';
import { findLiveSessions, type TSessionRef } from '../sessions';
import { createLiveStreams, type TLiveStream } from './live-streams';

const t = useTestApp();
const call = hiringCalls(t);
const opened: { close(): void }[] = [];
const others: FastifyInstance[] = [];
afterEach(async () => {
  for (const stream of opened.splice(0)) stream.close();
  await Promise.all(others.splice(0).map((app) => app.close()));
});

interface TReceived {
  event: string;
  data: Record<string, unknown>;
}

/** Opens a stream as the web client does (fetch with the bearer token) and collects its events until it ends. */
async function openStream(app: FastifyInstance, token: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events/`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const received: TReceived[] = [];
  const state = { ended: false };
  const reading = (async () => {
    if (!response.body || response.status !== 200) return;
    await readLiveEvents(response.body, ({ event, data }) => received.push({ event, data: JSON.parse(data || '{}') }));
  })()
    .catch(() => {})
    .finally(() => {
      state.ended = true;
    });
  const stream = {
    response,
    received,
    get ended() {
      return state.ended;
    },
    close: () => controller.abort(),
    reading,
    /** Waits for an event of this kind (and application) among those after the first `after`. */
    async next(event: string, applicationId?: number, after = 0) {
      await until(
        () => received.slice(after).some((r) => r.event === event && r.data.application_id === applicationId),
        `the event ${event} ${applicationId ?? ''}`,
        15_000,
      );
    },
  };
  opened.push(stream);
  if (response.status === 200) await stream.next('ready');
  return stream;
}

const write = (who: TSignedIn, applicationId: number, body: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: `/api/applications/${applicationId}/messages/`, headers: who.headers, payload: { body } });

async function loop() {
  const s = await hiringScenario(t);
  const anna = await s.pharmacist('Anna');
  const applicationId = (await call.apply(anna, s.offer.id)).json().id as number;
  return { ...s, anna, applicationId };
}

describe('GET /api/events/', () => {
  it('answers 401 without a valid session, in the API’s own JSON error', async () => {
    const refused = await openStream(t.app, 'not-a-token');
    expect(refused.response.status).toBe(401);
    expect(await refused.response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it("streams to each user their own events only, as kinds and ids: messages, notifications, applications' changes", async () => {
    const s = await loop();
    const bruno = await s.pharmacist('Bruno');
    const brunoApplication = (await call.apply(bruno, s.offer.id)).json().id as number;
    const [annaStream, ownerStream, brunoStream] = await Promise.all([
      openStream(t.app, s.anna.access),
      openStream(t.app, s.owner.access),
      openStream(t.app, bruno.access),
    ]);
    expect(annaStream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(annaStream.response.headers.get('cache-control')).toBe('no-store');

    expect((await write(s.owner, s.applicationId, 'Ciao Anna')).statusCode).toBe(201);
    await annaStream.next('message', s.applicationId);
    await annaStream.next('notification');
    await ownerStream.next('message', s.applicationId);
    expect((await call.decide(s.owner, s.applicationId, { decision: 'accepted' })).statusCode).toBe(200);
    await annaStream.next('application', s.applicationId);
    await ownerStream.next('application', s.applicationId);
    // Anna reads the thread: both sides hear of it (her unread count, the owner's 'Letto').
    const mark = ownerStream.received.length;
    await t.app.inject({ method: 'GET', url: `/api/applications/${s.applicationId}/messages/`, headers: s.anna.headers });
    await ownerStream.next('message', s.applicationId, mark);

    // Bruno hears only of his own application (the owner's message to him), nothing of Anna's.
    await write(s.owner, brunoApplication, 'Ciao Bruno');
    await brunoStream.next('message', brunoApplication);
    expect(
      brunoStream.received.map((r) => r.data.application_id).filter((id) => id !== undefined && id !== brunoApplication),
    ).toEqual([]);
    // Kinds and ids only: no names, no text.
    for (const { data } of [...annaStream.received, ...ownerStream.received, ...brunoStream.received])
      expect(Object.keys(data).filter((key) => key !== 'application_id')).toEqual([]);
    expect(JSON.stringify(annaStream.received)).not.toContain('Ciao');
  });

  it('carries an event written through another instance of the app on the same database', async () => {
    const s = await loop();
    const other = await buildOtherInstance(t);
    others.push(other);
    const annaStream = await openStream(t.app, s.anna.access);
    expect((await write(s.owner, s.applicationId, 'Dall’altra istanza', other)).statusCode).toBe(201);
    await annaStream.next('message', s.applicationId);
    // And the other way round: a stream on the other instance hears a write made here.
    const ownerStream = await openStream(other, s.owner.access);
    expect((await write(s.anna, s.applicationId, 'Risposta')).statusCode).toBe(201);
    await ownerStream.next('message', s.applicationId);
  });

  it('ends the stream of a session that logs out (not the same user’s other session), and of a suspended account', async () => {
    const s = await loop();
    const second = await login(t.app, s.anna.user.email, s.anna.user.password);
    const [first, other] = await Promise.all([openStream(t.app, s.anna.access), openStream(t.app, second.access)]);
    const ownerStream = await openStream(t.app, s.owner.access);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/token/revoke/', payload: { refresh: s.anna.refresh } })).statusCode,
    ).toBe(204);
    await until(() => first.ended, 'the logged-out session’s stream to end', 15_000);
    expect(other.ended).toBe(false);
    const admin = await signedIn(t.app, 'admin');
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${s.owner.user.id}/suspend/`,
      headers: admin.headers,
      payload: { reason: 'Messaggi offensivi ripetuti.' },
    });
    expect(suspended.statusCode).toBe(200);
    await until(() => ownerStream.ended, 'the suspended account’s stream to end', 15_000);
    expect(other.ended).toBe(false);
  });

  it(`keeps at most ${LIMITS.eventsStreamsPerUser} streams a user in a process (the oldest ends), and counts them in the metrics`, async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i < LIMITS.eventsStreamsPerUser; i++) streams.push(await openStream(t.app, anna.access));
    const gauge = async () => (await t.app.metrics.registry.getSingleMetric('events_open_streams')?.get())?.values[0]?.value;
    expect(await gauge()).toBe(LIMITS.eventsStreamsPerUser);
    streams.push(await openStream(t.app, anna.access));
    await until(() => streams[0]?.ended === true, 'the oldest stream to end', 15_000);
    expect(streams.slice(1).every((stream) => !stream.ended)).toBe(true);
    await until(async () => (await gauge()) === LIMITS.eventsStreamsPerUser, 'the gauge to count the streams left', 15_000);
  });

  it("checks every open stream's session again, a slice of the streams at a time in one statement: a session ended or an account suspended without a word to this process ends its streams, the others stay", async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const bruno = await signedIn(t.app, 'farmacista');
    const carla = await signedIn(t.app, 'farmacista');
    const familyOf = async (who: TSignedIn) => (await t.app.jwt.verifyAccess(who.access))?.familyId;
    const asked: TSessionRef[][] = [];
    // The process's own walk, faster: a slice every 20 ms instead of every second (each stream every 25 s).
    const streams = createLiveStreams({
      bus: t.app.events,
      sessionUsers: t.app.sessionUsers,
      liveSessions: (sessions) => {
        asked.push(sessions);
        return findLiveSessions(t.app.db, sessions);
      },
      log: t.app.log,
      now: () => new Date(),
      sliceMs: 20,
    });
    const ended = new Set<TLiveStream>();
    const open = async (who: TSignedIn, count: number) => {
      const familyId = await familyOf(who);
      return Array.from({ length: count }, () => {
        const stream: TLiveStream = {
          userId: who.user.id,
          familyId,
          send: () => {},
          end: () => {
            ended.add(stream);
            remove();
          },
        };
        const remove = streams.add(stream, undefined);
        return stream;
      });
    };
    try {
      const annas = await open(anna, 5);
      const brunos = await open(bruno, 5);
      const carlas = await open(carla, 5);
      await streams.ready();
      // One full walk: every stream asked about once, each in a slice of its own (fifteen streams, more slices).
      await until(() => asked.flat().length >= 15, 'a full walk of the slices', 15_000);
      const firstWalk = asked.slice(0, 15);
      expect(new Set(firstWalk.flat())).toEqual(new Set([...annas, ...brunos, ...carlas]));
      expect(firstWalk.every((slice) => slice.length === 1)).toBe(true);
      expect(ended.size).toBe(0);
      // Another instance ends Bruno's session and suspends Carla, and this one never hears of it.
      await t.app.db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(eq(refreshTokens.familyId, (await familyOf(bruno)) ?? ''));
      await t.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, carla.user.id));
      await until(
        () => [...brunos, ...carlas].every((stream) => ended.has(stream)),
        'the ended sessions’ streams to end',
        15_000,
      );
      expect(annas.some((stream) => ended.has(stream))).toBe(false);
      expect(streams.count()).toBe(5);
    } finally {
      await streams.close();
    }
  });

  it('ends its streams when the app closes (shutdown)', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const other = await buildOtherInstance(t);
    const stream = await openStream(other, anna.access);
    await other.close();
    await until(() => stream.ended, 'the stream to end with its app', 15_000);
  });
});
