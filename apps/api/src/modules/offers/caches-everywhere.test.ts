/**
 * A write on one instance reaches the other instances' caches through the event bus (decision 087), not through their
 * expiry: the test's clock never moves, so a cache that answered before the write can only answer differently because
 * the committed events arrived (through LISTEN/NOTIFY on PostgreSQL). An acceptance that fills an offer, a suspension
 * and an erasure, each made on one instance and read on another.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildOtherInstance, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls, hiringScenario } from '../../../test/hiring-loop';
import { until } from '../../../test/server-process';
import { createApplication, createOffer } from '../../factories';

const t = useTestApp();
const call = hiringCalls(t);
let other: FastifyInstance;
beforeEach(async () => {
  other = await buildOtherInstance(t);
});
afterEach(async () => {
  await other.close();
});

/** The open offers' ids as the other instance answers them now. */
const openThere = async (who: TSignedIn) =>
  ((await other.inject({ method: 'GET', url: '/api/offers/', headers: who.headers })).json() as { id: number }[]).map(
    (offer) => offer.id,
  );
const detailsThere = async (access: string) =>
  (await other.inject({ method: 'GET', url: '/api/user/details/', headers: bearer(access) })).statusCode;

describe('the caches of another instance, without waiting for them to expire', () => {
  it('an acceptance that fills the offer takes it off the other instance’s open list', async () => {
    const s = await hiringScenario(t, { positions: 1 });
    const anna = await s.pharmacist('Anna');
    const { id } = await createApplication(t.database.db, s.offer.id, anna.user.id);
    // The other instance has built its list with the offer in it.
    expect(await openThere(anna)).toContain(s.offer.id);
    expect((await call.decide(s.owner, id, { decision: 'accepted' })).statusCode).toBe(200);
    await until(async () => !(await openThere(anna)).includes(s.offer.id), 'the other instance to drop the filled offer', 5_000);
  });

  it('a suspension ends the owner’s sessions and takes their offers off the other instance', async () => {
    const s = await hiringScenario(t);
    const second = await createOffer(t.database.db, s.owner.user.id, { title: 'Secondo turno' });
    const anna = await s.pharmacist('Anna');
    const admin = await signedIn(t.app, 'admin');
    expect(await openThere(anna)).toEqual(expect.arrayContaining([s.offer.id, second.id]));
    expect(await detailsThere(s.owner.access)).toBe(200);
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${s.owner.user.id}/suspend/`,
      headers: admin.headers,
      payload: { reason: 'Offerte con paghe diverse da quelle pubblicate.' },
    });
    expect(suspended.statusCode).toBe(200);
    await until(async () => (await detailsThere(s.owner.access)) === 401, 'the other instance to end the session', 5_000);
    await until(
      async () => !(await openThere(anna)).some((offerId) => offerId === s.offer.id || offerId === second.id),
      'the other instance to drop the suspended owner’s offers',
      5_000,
    );
  });

  it('an erased account’s token and offers end on the other instance', async () => {
    const s = await hiringScenario(t);
    const anna = await s.pharmacist('Anna');
    expect(await openThere(anna)).toContain(s.offer.id);
    expect(await detailsThere(s.owner.access)).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: s.owner.headers })).statusCode).toBe(204);
    await until(async () => (await detailsThere(s.owner.access)) === 401, 'the other instance to end the session', 5_000);
    await until(async () => !(await openThere(anna)).includes(s.offer.id), 'the other instance to drop the erased offers', 5_000);
  });
});
