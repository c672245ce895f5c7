/**
 * The one way to issue and use a single-use token (decision 086): the string is shown once and only its hash is kept,
 * a token is used once even by several transactions at once, it counts only for its purpose (and its user when the
 * caller names one), and it goes with the account. On PGlite and PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, signedIn, useTestApp } from '../../test/helpers';
import { singleUseTokens } from '../db/schema';
import { createPharmacist } from '../factories';
import {
  consumeToken,
  deleteTokens,
  endTokens,
  issueToken,
  liveTokenHolder,
  pruneExpiredTokens,
  tokenHash,
  tokenHolder,
} from './single-use-tokens';
import { writeTransaction } from './transactions';

const t = useTestApp();
const HOUR_MS = 3_600_000;
const inAnHour = () => new Date(t.clock.now.getTime() + HOUR_MS);

describe('single-use tokens', () => {
  it('are shown once and kept only as their SHA-256, with their purpose, user, data and times', async () => {
    const user = await createPharmacist(t.app.db);
    const token = await issueToken(t.app.db, {
      purpose: 'retention_keep',
      userId: user.id,
      now: t.clock.now,
      expiresAt: inAnHour(),
      data: { kind: 'cv' },
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.app.db.select().from(singleUseTokens);
    expect(rows).toEqual([
      {
        tokenHash: tokenHash(token),
        purpose: 'retention_keep',
        userId: user.id,
        data: { kind: 'cv' },
        createdAt: t.clock.now,
        expiresAt: inAnHour(),
        usedAt: null,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await tokenHolder(t.app.db, 'retention_keep', token)).toMatchObject({ userId: user.id, data: { kind: 'cv' } });
  });

  it('are used once; then used, expired, unknown, of another purpose or of another user, each said as such', async () => {
    const user = await createPharmacist(t.app.db);
    const other = await createPharmacist(t.app.db);
    const issue = (expiresAt = inAnHour()) =>
      issueToken(t.app.db, { purpose: 'password_reset', userId: user.id, now: t.clock.now, expiresAt });
    const consume = (token: string, options = {}, purpose: 'password_reset' | 'email_confirmation' = 'password_reset') =>
      writeTransaction(t.app.db, (tx) => consumeToken(tx, purpose, token, t.clock.now, options));

    const token = await issue();
    expect(await consume(token, {}, 'email_confirmation')).toEqual({ outcome: 'unknown' });
    expect(await consume(token, { userId: other.id })).toEqual({ outcome: 'unknown' });
    expect(await consume('mai-emesso')).toEqual({ outcome: 'unknown' });
    expect(await consume(token, { userId: user.id })).toEqual({
      outcome: 'consumed',
      userId: user.id,
      data: {},
      createdAt: t.clock.now,
    });
    expect(await consume(token)).toEqual({ outcome: 'used' });

    const late = await issue(new Date(t.clock.now.getTime() + 1000));
    expect(await liveTokenHolder(t.app.db, 'password_reset', late, t.clock.now)).toMatchObject({ userId: user.id });
    t.clock.advance(1000);
    expect(await liveTokenHolder(t.app.db, 'password_reset', late, t.clock.now)).toBeUndefined();
    expect(await consume(late)).toEqual({ outcome: 'expired' });
    // Used stays used once it has expired too.
    t.clock.advance(2 * HOUR_MS);
    expect(await consume(token)).toEqual({ outcome: 'used' });
  });

  it('two transactions using one token at once: one uses it, the others find it used', async () => {
    const user = await createPharmacist(t.app.db);
    const token = await issueToken(t.app.db, {
      purpose: 'email_confirmation',
      userId: user.id,
      now: t.clock.now,
      expiresAt: inAnHour(),
    });
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        writeTransaction(t.app.db, async (tx) => (await consumeToken(tx, 'email_confirmation', token, t.clock.now)).outcome),
      ),
    );
    expect(outcomes.sort()).toEqual(['consumed', 'used', 'used', 'used', 'used', 'used']);
  });

  it('one used ends the user’s others of its purpose; a new one may replace the unused ones, which are then unknown', async () => {
    const user = await createPharmacist(t.app.db);
    const issue = (purpose: 'password_reset' | 'second_step') =>
      issueToken(t.app.db, { purpose, userId: user.id, now: t.clock.now, expiresAt: inAnHour() });
    const [first, second, challenge] = [await issue('password_reset'), await issue('password_reset'), await issue('second_step')];
    await endTokens(t.app.db, 'password_reset', user.id, t.clock.now);
    const outcome = (purpose: 'password_reset' | 'second_step', token: string) =>
      writeTransaction(t.app.db, async (tx) => (await consumeToken(tx, purpose, token, t.clock.now)).outcome);
    expect([await outcome('password_reset', first), await outcome('password_reset', second)]).toEqual(['used', 'used']);
    expect(await outcome('second_step', challenge)).toBe('consumed');

    const unused = await issue('second_step');
    await deleteTokens(t.app.db, 'second_step', user.id, 'unused');
    expect(await outcome('second_step', unused)).toBe('unknown');
    // The used one stays: it still answers as used.
    expect(await outcome('second_step', challenge)).toBe('used');
    await deleteTokens(t.app.db, 'second_step', user.id, 'all');
    expect(await outcome('second_step', challenge)).toBe('unknown');
  });

  it('the prune deletes the expired tokens of the purposes that answer them like unknown ones, never an e-mail link', async () => {
    const user = await createPharmacist(t.app.db);
    const issue = (purpose: 'password_reset' | 'second_step' | 'email_confirmation', expiresAt: Date) =>
      issueToken(t.app.db, { purpose, userId: user.id, now: t.clock.now, expiresAt });
    const past = new Date(t.clock.now.getTime() - 1000);
    await issue('password_reset', past);
    await issue('second_step', past);
    const live = await issue('password_reset', inAnHour());
    const email = await issue('email_confirmation', past);
    expect(await pruneExpiredTokens(t.app.db, t.clock.now, 1)).toBe(2);
    const left = await t.app.db.select({ tokenHash: singleUseTokens.tokenHash }).from(singleUseTokens);
    expect(left.map((row) => row.tokenHash).sort()).toEqual([tokenHash(live), tokenHash(email)].sort());
  });

  it('go with the account that is erased', async () => {
    const { user, headers } = await signedIn(t.app, 'farmacista');
    const keeper = await createPharmacist(t.app.db);
    for (const purpose of ['password_reset', 'email_confirmation', 'second_step'] as const)
      for (const userId of [user.id, keeper.id])
        await issueToken(t.app.db, { purpose, userId, now: t.clock.now, expiresAt: inAnHour() });
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers });
    expect(deleted.statusCode).toBe(204);
    expect(await t.app.db.select().from(singleUseTokens).where(eq(singleUseTokens.userId, user.id))).toEqual([]);
    const kept = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from single_use_tokens where user_id = ${keeper.id}`),
    );
    expect(kept[0]?.n).toBe(3);
  });
});
