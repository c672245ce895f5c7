/**
 * Write quotas on offers (decision 020): one owner cannot flood the list every pharmacist reads. 30 offers an
 * hour, 100 open at once; past either, 429 with Retry-After and an Italian message.
 */
import { daysFromNow, LIMITS, MESSAGES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { bearer, login, signedIn, useTestApp } from '../../../test/helpers';
import { createOffer } from '../../factories';

const t = useTestApp();

const offer = (overrides: Record<string, unknown> = {}) => ({
  title: 'Turno festivo',
  description: 'Banco e consulenza, 9-13 e 16-20.',
  date_from: daysFromNow(3),
  date_to: daysFromNow(3),
  salary: '20 €/ora',
  ...overrides,
});
const publish = (headers: Record<string, string>, payload = offer()) =>
  t.app.inject({ method: 'POST', url: '/api/offers/create/', headers, payload });

type TAnswer = { statusCode: number; headers: Record<string, unknown>; json(): { message: string; code: string } };
function expectQuota(response: TAnswer, message: string, retryAfter: { min: number; max: number }) {
  expect(response.statusCode).toBe(429);
  expect(response.json().message).toBe(message);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(retryAfter.min);
  expect(seconds).toBeLessThanOrEqual(retryAfter.max);
}

describe('offers per owner per hour', () => {
  it(`publishes ${LIMITS.offersPerOwnerPerHour} in an hour, refuses the next until the hour has passed`, async () => {
    const owner = await signedIn(t.app, 'titolare');
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.offersPerOwnerPerHour; i++) statuses.push((await publish(owner.headers)).statusCode);
    expect(statuses.every((s) => s === 201)).toBe(true);

    t.clock.advance(10 * 60 * 1000);
    expectQuota(await publish(owner.headers), MESSAGES.offersPerHourLimit, { min: 49 * 60, max: 50 * 60 });
    // Another owner has a quota of their own.
    const colleague = await signedIn(t.app, 'titolare');
    expect((await publish(colleague.headers)).statusCode).toBe(201);

    t.clock.advance(50 * 60 * 1000);
    // An hour later (with a new access token: the first one has expired) the owner publishes again.
    const { access } = await login(t.app, owner.user.email, owner.user.password);
    expect((await publish(bearer(access))).statusCode).toBe(201);
  });
});

describe('open offers per owner at once', () => {
  it(`bounds an owner's share of the list: ${LIMITS.openOffersPerOwner} open, the next refused until one closes or goes`, async () => {
    const owner = await signedIn(t.app, 'titolare');
    // Closed offers do not count; open ones do, whoever published them (API or import).
    for (let i = 0; i < 5; i++)
      await createOffer(t.app.db, owner.user.id, { dateFrom: daysFromNow(-9), dateTo: daysFromNow(-8) });
    const open = [];
    for (let i = 0; i < LIMITS.openOffersPerOwner; i++) open.push(await createOffer(t.app.db, owner.user.id));

    // None of them has an end date: the owner has to delete one; the client is told to come back in a day.
    expectQuota(await publish(owner.headers), MESSAGES.openOffersLimit, { min: 86_400, max: 86_400 });
    const pharmacist = await signedIn(t.app, 'farmacista');
    const list = await t.app.inject({ method: 'GET', url: '/api/offers/', headers: pharmacist.headers });
    expect(list.json()).toHaveLength(LIMITS.openOffersPerOwner);

    // Reopening a closed offer counts like publishing one.
    const closed = await createOffer(t.app.db, owner.user.id, { dateFrom: daysFromNow(-3), dateTo: daysFromNow(-2) });
    const reopen = await t.app.inject({
      method: 'PUT',
      url: `/api/offers/${closed.id}/update/`,
      headers: owner.headers,
      payload: offer(),
    });
    expect(reopen.statusCode).toBe(429);
    // Editing an offer that is already open is not publishing a new one.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/offers/${open[0]?.id}/update/`,
      headers: owner.headers,
      payload: offer({ title: 'Turno serale' }),
    });
    expect(edit.statusCode).toBe(200);

    const remove = await t.app.inject({ method: 'DELETE', url: `/api/offers/${open[1]?.id}/delete/`, headers: owner.headers });
    expect(remove.statusCode).toBe(204);
    expect((await publish(owner.headers)).statusCode).toBe(201);
  });

  it('holds under concurrent publishes: 10 at once with 95 open leave exactly 100 open', async () => {
    const owner = await signedIn(t.app, 'titolare');
    for (let i = 0; i < LIMITS.openOffersPerOwner - 5; i++) await createOffer(t.app.db, owner.user.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => publish(owner.headers)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(5).fill(201), ...Array(5).fill(429)]);
    const mine = await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers });
    expect(mine.json()).toHaveLength(LIMITS.openOffersPerOwner);
  });

  it('tells the owner to come back when the first of their open offers closes', async () => {
    const owner = await signedIn(t.app, 'titolare');
    await createOffer(t.app.db, owner.user.id, { dateFrom: daysFromNow(1), dateTo: daysFromNow(1) });
    for (let i = 1; i < LIMITS.openOffersPerOwner; i++) await createOffer(t.app.db, owner.user.id);
    // It closes at the end of tomorrow in Italy: more than a day from now, at most two.
    expectQuota(await publish(owner.headers), MESSAGES.openOffersLimit, { min: 86_400, max: 2 * 86_400 });
  });
});
