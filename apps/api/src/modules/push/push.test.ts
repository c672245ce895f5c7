/**
 * Web Push (decision 096): a browser's subscription is its user's alone (another cannot take it, 409, nor remove it,
 * 404), only a push service's address with real keys is taken, and a notification of a pushed type reaches the
 * browser: a local push service receives the sender's request, checks its VAPID signature and decrypts it as a browser
 * would (test/push-service.ts). A gone subscription is removed, a push service that is down is tried again, a type
 * turned off is not pushed, and two senders at once send each push once.
 */
import { PUSH_MESSAGES, type TPushPayload } from '@farmaponte/shared';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type TSignedIn, type TTestApp, tableSnapshot } from '../../../test/helpers';
import { hiringCalls, hiringScenario } from '../../../test/hiring-loop';
import { browserKeys, decryptPush, startPushService, type TPushService, verifyVapid } from '../../../test/push-service';
import { notifications, offers, pushOutbox, pushSubscriptions } from '../../db/schema';
import { generateVapidKeys } from '../../lib/secrets';
import { writeTransaction } from '../../lib/transactions';
import { pushOutboxJob } from './sender';

const t = {} as TTestApp;
let service: TPushService;
const vapid = { ...generateVapidKeys(), subject: 'mailto:test@farmaponte.test' };
const call = hiringCalls(t);

beforeEach(async () => {
  service = await startPushService();
  Object.assign(t, await buildTestApp({}, { pushOrigins: [service.origin], vapid }));
});
afterEach(async () => {
  await t.app.close();
  await service.close();
});

const subscribe = (who: TSignedIn | undefined, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/push/subscriptions/', headers: who?.headers, payload: body as object });
const unsubscribe = (who: TSignedIn | undefined, endpoint: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions/', headers: who?.headers, payload: { endpoint } });
const runSender = () => t.app.jobs.run('push-outbox');
const subscriptionRows = () => t.database.db.select().from(pushSubscriptions).orderBy(pushSubscriptions.id);
const outboxRows = () => t.database.db.select().from(pushOutbox).orderBy(pushOutbox.id);
const FCM = 'https://fcm.googleapis.com/fcm/send/';

/** An owner's offer with Anna's application, and Anna's browser subscribed at the local push service. */
async function annaSubscribed() {
  const s = await hiringScenario(t);
  const anna = await s.pharmacist('Anna');
  const applied = await call.apply(anna, s.offer.id);
  expect(applied.statusCode).toBe(201);
  const browser = browserKeys();
  const endpoint = `${service.origin}/push/anna-phone`;
  expect((await subscribe(anna, browser.json(endpoint))).statusCode).toBe(201);
  return { ...s, anna, applicationId: applied.json().id as number, browser, endpoint };
}

describe('a subscription belongs to its user', () => {
  it('is saved (201), its keys renewed by the same user (200), refused to another (409) and removed only by its own (404)', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const bruno = await signedIn(t.app, 'farmacista');
    const endpoint = `${FCM}anna-device-1`;
    const first = browserKeys();
    const created = await subscribe(anna, first.json(endpoint));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ message: PUSH_MESSAGES.subscribed });

    const renewed = browserKeys();
    const again = await subscribe(anna, renewed.json(endpoint));
    expect(again.statusCode).toBe(200);
    expect(await subscriptionRows()).toMatchObject([
      { userId: anna.user.id, endpoint, p256dh: renewed.json(endpoint).keys.p256dh },
    ]);

    // Bruno posting Anna's endpoint (a shared computer, or a forged body) neither takes it nor changes its keys.
    const before = await tableSnapshot(t.database);
    const taken = await subscribe(bruno, browserKeys().json(endpoint));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'push_endpoint_taken', message: PUSH_MESSAGES.endpointTaken });
    // Nor removes it.
    const removedByOther = await unsubscribe(bruno, endpoint);
    expect(removedByOther.statusCode).toBe(404);
    expect(await tableSnapshot(t.database)).toEqual(before);

    // Without a session: 401 for each route but the public key.
    expect((await subscribe(undefined, first.json(`${FCM}x`))).statusCode).toBe(401);
    expect((await unsubscribe(undefined, endpoint)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/preferences/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/push/preferences/', payload: { push: {} } })).statusCode).toBe(401);
    expect(await tableSnapshot(t.database)).toEqual(before);

    const removed = await unsubscribe(anna, endpoint);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: PUSH_MESSAGES.unsubscribed });
    expect(await subscriptionRows()).toEqual([]);
    expect((await unsubscribe(anna, endpoint)).statusCode).toBe(404);
  });

  it('gives the public key browsers subscribe with, to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/push/key/' });
    expect(response.statusCode).toBe(200);
    const key = Buffer.from(response.json().public_key, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });
});

describe('a subscription is checked before it is kept', () => {
  it('refuses an address that is not a known push service, or keys that cannot encrypt, with an Italian message', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const keys = browserKeys().json('').keys;
    const before = await tableSnapshot(t.database);
    for (const endpoint of [
      'https://evil.example/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://push.services.mozilla.com.evil.example/wpush/v2/abc',
      'http://127.0.0.1:9/push/abc',
      'http://169.254.169.254/latest/meta-data/',
      'non è un indirizzo',
    ]) {
      const response = await subscribe(anna, { endpoint, keys });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().message, endpoint).toBe(PUSH_MESSAGES.endpointNotAllowed);
    }
    const notOnCurve = Buffer.alloc(65, 7);
    notOnCurve[0] = 4;
    for (const bad of [
      { p256dh: notOnCurve.toString('base64url'), auth: keys.auth },
      { p256dh: Buffer.from(keys.p256dh, 'base64url').subarray(0, 33).toString('base64url'), auth: keys.auth },
      { p256dh: keys.p256dh, auth: Buffer.alloc(15, 1).toString('base64url') },
      { p256dh: keys.p256dh, auth: 'non base64!' },
      { p256dh: keys.p256dh },
    ]) {
      const response = await subscribe(anna, { endpoint: `${FCM}abc`, keys: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().message).toBe(PUSH_MESSAGES.keysInvalid);
    }
    expect((await subscribe(anna, { endpoint: `${FCM}abc` })).statusCode).toBe(400);
    expect(await tableSnapshot(t.database)).toEqual(before);

    // The push services browsers use are taken.
    for (const endpoint of [
      `${FCM}abc`,
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ])
      expect((await subscribe(anna, { endpoint, keys })).statusCode, endpoint).toBe(201);
  });
});

describe('a notification of a pushed type reaches the browser', () => {
  it('is posted to the push service signed with the VAPID key and encrypted for the browser alone (RFC 8291)', async () => {
    const s = await annaSubscribed();
    const key = (await t.app.inject({ method: 'GET', url: '/api/push/key/' })).json().public_key as string;
    expect((await call.decide(s.owner, s.applicationId, { decision: 'accepted' })).statusCode).toBe(200);
    // Queued with the notification, in its transaction.
    expect(await outboxRows()).toMatchObject([{ sentAt: null, attempts: 0, urgency: 'normal' }]);

    expect(await runSender()).toEqual({ sent: 1, retried: 0, failed: 0, gone: 0 });
    expect(service.received).toHaveLength(1);
    const [request] = service.received;
    expect(request?.path).toBe('/push/anna-phone');
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request?.headers.ttl)).toBe(24 * 3600);
    const vapid = verifyVapid(request?.headers.authorization, service.origin, Math.floor(Date.now() / 1000));
    expect(vapid.key).toBe(key);

    const [bell] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, s.anna.user.id))
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    const payload = JSON.parse(decryptPush(request?.body as Buffer, s.browser)) as TPushPayload;
    expect(payload).toEqual({
      type: 'application_accepted',
      title: bell?.title,
      body: bell?.body,
      url: bell?.link,
      tag: `application_accepted:${bell?.link}`,
    });
    // Another browser's keys cannot read it.
    expect(() => decryptPush(request?.body as Buffer, browserKeys())).toThrow();

    // Sent once: marked, and the next round sends nothing.
    expect(await outboxRows()).toMatchObject([{ sentAt: t.clock.now, claimedUntil: null }]);
    expect(await runSender()).toEqual({ sent: 0, retried: 0, failed: 0, gone: 0 });
    expect(service.received).toHaveLength(1);
  });

  it('removes a subscription the push service says is gone (410), and does not try it again', async () => {
    const s = await annaSubscribed();
    service.answer = 410;
    await call.decide(s.owner, s.applicationId, { decision: 'accepted' });
    expect(await runSender()).toEqual({ sent: 0, retried: 0, failed: 0, gone: 1 });
    expect(await subscriptionRows()).toEqual([]);
    expect(await outboxRows()).toEqual([]);
    // Her notification is still in the bell.
    const bell = await call.notifications(s.anna);
    expect(bell.json().results[0].type).toBe('application_accepted');
    t.clock.advance(3600_000);
    await runSender();
    expect(service.received).toHaveLength(1);
  });

  it('tries again later when the push service is down (500) or away, and never fails a request for it', async () => {
    const s = await annaSubscribed();
    service.answer = 500;
    const decided = await call.decide(s.owner, s.applicationId, { decision: 'accepted' });
    expect(decided.statusCode).toBe(200);
    expect(await runSender()).toEqual({ sent: 0, retried: 1, failed: 0, gone: 0 });
    expect(await outboxRows()).toMatchObject([{ sentAt: null, failedAt: null, attempts: 1, lastError: '500' }]);
    // Not before its backoff.
    await runSender();
    expect(service.received).toHaveLength(1);
    t.clock.advance(11_000);
    service.answer = 201;
    expect(await runSender()).toEqual({ sent: 1, retried: 0, failed: 0, gone: 0 });
    expect(service.received).toHaveLength(2);
    expect(JSON.parse(decryptPush(service.received[1]?.body as Buffer, s.browser)).type).toBe('application_accepted');

    // A push service that does not answer at all (nothing listens there): tried again, the round does not fail.
    await service.close();
    await writeTransaction(t.app.db, (tx) =>
      t.app.notifier.notify(tx, { userId: s.anna.user.id, type: 'message_received', title: 'T', body: 'B', link: '/messaggi/1' }),
    );
    expect(await runSender()).toEqual({ sent: 0, retried: 1, failed: 0, gone: 0 });
    const [, waiting] = await outboxRows();
    expect(waiting).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect(waiting?.lastError).toMatch(/^no answer/);
    service = await startPushService();
  });

  it('gives up at once on a request the push service refuses as wrong (400, 413)', async () => {
    const s = await annaSubscribed();
    service.answer = 413;
    await call.decide(s.owner, s.applicationId, { decision: 'accepted' });
    expect(await runSender()).toEqual({ sent: 0, retried: 0, failed: 1, gone: 0 });
    expect(await outboxRows()).toMatchObject([{ sentAt: null, failedAt: t.clock.now, lastError: '413' }]);
    // The subscription stays: the next push may well fit.
    expect(await subscriptionRows()).toHaveLength(1);
  });
});

describe('the per-type choices', () => {
  it('keeps a type turned off from the browsers, while the bell still has it', async () => {
    const s = await annaSubscribed();
    const prefs = await t.app.inject({ method: 'GET', url: '/api/push/preferences/', headers: s.anna.headers });
    expect(prefs.json()).toMatchObject({ devices: 1, push: { application_accepted: true, message_received: true } });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/push/preferences/',
      headers: s.anna.headers,
      payload: { push: { application_accepted: false } },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ devices: 1, push: { application_accepted: false, message_received: true } });
    // A type that is not pushed cannot be chosen.
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/push/preferences/',
      headers: s.anna.headers,
      payload: { push: { offer_alert: true } },
    });
    expect(unknown.statusCode).toBe(400);

    await call.decide(s.owner, s.applicationId, { decision: 'accepted' });
    expect(await outboxRows()).toEqual([]);
    expect((await call.notifications(s.anna)).json().results[0].type).toBe('application_accepted');
  });

  it("pushes an owner's new application only when the shift is urgent, as urgent", async () => {
    const s = await hiringScenario(t);
    const browser = browserKeys();
    expect((await subscribe(s.owner, browser.json(`${service.origin}/push/owner`))).statusCode).toBe(201);
    expect((await call.apply(await s.pharmacist('Anna'), s.offer.id)).statusCode).toBe(201);
    expect(await outboxRows()).toEqual([]);

    await t.database.db.update(offers).set({ urgentAt: t.clock.now }).where(eq(offers.id, s.offer.id));
    expect((await call.apply(await s.pharmacist('Bea'), s.offer.id)).statusCode).toBe(201);
    expect(await outboxRows()).toMatchObject([{ urgency: 'high', ttlSeconds: 6 * 3600 }]);
    await runSender();
    expect(service.received[0]?.headers.urgency).toBe('high');
    expect(JSON.parse(decryptPush(service.received[0]?.body as Buffer, browser))).toMatchObject({
      type: 'application_received',
      url: `/candidature?offer_id=${s.offer.id}`,
    });
  });
});

describe('two senders at once', () => {
  it('send each push once', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const browser = browserKeys();
    expect((await subscribe(anna, browser.json(`${service.origin}/push/anna`))).statusCode).toBe(201);
    const count = 30;
    for (let i = 1; i <= count; i++)
      await writeTransaction(t.app.db, (tx) =>
        t.app.notifier.notify(tx, {
          userId: anna.user.id,
          type: 'message_received',
          title: `M${i}`,
          body: 'B',
          link: `/messaggi/${i}`,
        }),
      );
    service.delayMs = 5;
    // Two instances' senders (each its own job, as each instance has), small batches so they claim in turns.
    const ctx = () => ({
      now: () => t.clock.now,
      signal: new AbortController().signal,
      log: { info() {}, warn() {}, error() {} },
    });
    const rounds = await Promise.all([otherSender().run(ctx()), otherSender().run(ctx())]);
    // Both took part.
    expect(rounds.every((round) => round.sent > 0)).toBe(true);
    const sent = rounds.reduce((sum, round) => sum + (round?.sent ?? 0), 0);
    expect(sent).toBe(count);
    const titles = service.received.map((request) => JSON.parse(decryptPush(request.body, browser)).title as string);
    expect(titles.sort()).toEqual(Array.from({ length: count }, (_, i) => `M${i + 1}`).sort());
    expect(await outboxRows()).toHaveLength(count);
    expect((await outboxRows()).every((row) => row.sentAt !== null)).toBe(true);
  });
});

/** Another instance's sender on the same database, with the app's keys (as a fleet sets them in the environment). */
function otherSender() {
  return pushOutboxJob({ db: t.database.db, vapid, extraOrigins: [service.origin], batchSize: 4 });
}
