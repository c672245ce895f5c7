/**
 * Migration 0018 (decision 086): a database as the release before left it, with reset links, e-mail confirmation links,
 * login challenges and retention keep links in their old tables, is migrated as a server start migrates it; then every
 * link mailed before the upgrade answers as it did: the live ones work once, the used and expired ones are refused with
 * their own codes. On PGlite and PostgreSQL.
 */
import { MESSAGES } from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { rowsOf, TEST_JWT_SECRET, type TTestApp } from '../../test/helpers';
import { useDatabaseBefore } from '../../test/migrations';
import { createPharmacist } from '../factories';
import { createSecretBox } from '../lib/secret-box';
import { tokenHash } from '../lib/single-use-tokens';
import type { TDatabase } from './client';

const MIGRATION = '0018_single_use_tokens';
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const migration = useDatabaseBefore(MIGRATION);

async function tableNames(db: TDatabase['db']): Promise<string[]> {
  const rows = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  );
  return rows.map((row) => row.tablename);
}

const post = (app: TTestApp['app'], url: string, payload: object) => app.inject({ method: 'POST', url, payload });

describe('migration 0018: one table for single-use tokens', () => {
  // A database of its own, created and migrated in the test: the time a worker's first database gets in its hook.
  it('moves the links that still answer, drops the old tables, and every link answers after the upgrade as before', {
    timeout: 60_000,
  }, async () => {
    const database = await migration.before();
    const db = database.db;
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

    // A reset link still live, one used and one expired, of one account.
    const resetting = await createPharmacist(db);
    for (const [token, expiresAt, usedAt] of [
      ['reset-live', at(HOUR_MS / 2), null],
      ['reset-used', at(HOUR_MS / 2), at(-60_000)],
      ['reset-expired', at(-60_000), null],
    ] as const)
      await db.execute(
        sql`insert into password_reset_tokens (token_hash, user_id, expires_at, used_at) values (${tokenHash(token)}, ${resetting.id}, ${expiresAt}, ${usedAt})`,
      );

    // E-mail confirmation links: one waiting, one used (its account confirmed), one expired.
    const waiting = await createPharmacist(db, { emailConfirmed: false });
    const confirmed = await createPharmacist(db);
    const late = await createPharmacist(db, { emailConfirmed: false });
    for (const [token, userId, expiresAt, usedAt] of [
      ['email-live', waiting.id, at(DAY_MS), null],
      ['email-used', confirmed.id, at(DAY_MS), at(-DAY_MS)],
      ['email-expired', late.id, at(-HOUR_MS), null],
    ] as const)
      await db.execute(
        sql`insert into email_verification_tokens (token_hash, user_id, expires_at, used_at) values (${tokenHash(token)}, ${userId}, ${expiresAt}, ${usedAt})`,
      );

    // A pharmacist with the second step on, between her password and her code, and an older challenge expired.
    const stepping = await createPharmacist(db);
    const secret = new Secret({ size: 20 });
    const sealed = createSecretBox(TEST_JWT_SECRET).seal(secret.base32, `two-factor:${stepping.id}`);
    await db.execute(
      sql`insert into two_factor (user_id, secret, enabled_at, last_step) values (${stepping.id}, ${sealed}, ${at(-DAY_MS)}, 0)`,
    );
    for (const [token, expiresAt] of [
      ['challenge-live', at(4 * 60_000)],
      ['challenge-expired', at(-60_000)],
    ] as const)
      await db.execute(
        sql`insert into two_factor_challenges (token_hash, user_id, expires_at) values (${tokenHash(token)}, ${stepping.id}, ${expiresAt})`,
      );

    // A pharmacist warned that her account will be erased, with the keep link of the warning (its time to the microsecond,
    // as the database's own clock writes it).
    const warned = await createPharmacist(db);
    const erasesAt = at(20 * DAY_MS);
    await db.execute(
      sql`insert into retention_notices (user_id, kind, token_hash, warned_at, erases_at) values (${warned.id}, 'account', ${tokenHash('keep-live')}, now() - interval '10 days 0.000123 seconds', ${erasesAt})`,
    );

    await database.migrate();

    const tables = await tableNames(db);
    expect(tables).toContain('single_use_tokens');
    for (const gone of ['password_reset_tokens', 'email_verification_tokens', 'two_factor_challenges'])
      expect(tables).not.toContain(gone);
    const noticeColumns = rowsOf<{ column_name: string }>(
      await db.execute(
        sql`select column_name from information_schema.columns where table_name = 'retention_notices' order by column_name`,
      ),
    );
    expect(noticeColumns.map((c) => c.column_name)).toEqual(['erases_at', 'kind', 'user_id', 'warned_at']);
    const moved = rowsOf<{ token_hash: string; purpose: string; user_id: number; data: unknown }>(
      await db.execute(sql`select token_hash, purpose, user_id, data from single_use_tokens order by purpose, token_hash`),
    );
    const named = Object.fromEntries(
      ['reset-live', 'email-live', 'email-used', 'email-expired', 'challenge-live', 'keep-live'].map((token) => [
        tokenHash(token),
        token,
      ]),
    );
    // The reset links and challenges that no longer work answer like unknown ones: they were left behind.
    expect(moved.map((row) => [named[row.token_hash] ?? row.token_hash, row.purpose, row.user_id, row.data]).sort()).toEqual(
      [
        ['challenge-live', 'second_step', stepping.id, {}],
        ['email-expired', 'email_confirmation', late.id, {}],
        ['email-live', 'email_confirmation', waiting.id, {}],
        ['email-used', 'email_confirmation', confirmed.id, {}],
        ['keep-live', 'retention_keep', warned.id, { kind: 'account' }],
        ['reset-live', 'password_reset', resetting.id, {}],
      ].sort(),
    );

    // The server of this release, on the migrated database.
    const t = await migration.app();
    const app = t.app;

    expect((await post(app, '/api/reset-password/', { token: 'reset-used', password: 'nuova-password' })).json()).toMatchObject({
      code: 'invalid_reset_token',
      message: MESSAGES.resetInvalidToken,
    });
    expect((await post(app, '/api/reset-password/', { token: 'reset-expired', password: 'nuova-password' })).statusCode).toBe(
      400,
    );
    expect((await post(app, '/api/reset-password/', { token: 'reset-live', password: 'nuova-password' })).statusCode).toBe(200);
    expect((await post(app, '/api/token/', { username: resetting.email, password: 'nuova-password' })).statusCode).toBe(200);
    expect((await post(app, '/api/reset-password/', { token: 'reset-live', password: 'terza-password' })).statusCode).toBe(400);

    expect((await post(app, '/api/user/verify-email/', { token: 'email-used' })).json()).toMatchObject({
      code: 'email_link_used',
    });
    expect((await post(app, '/api/user/verify-email/', { token: 'email-expired' })).json()).toMatchObject({
      code: 'email_link_expired',
    });
    expect((await post(app, '/api/user/verify-email/', { token: 'email-live' })).statusCode).toBe(200);
    expect((await post(app, '/api/token/', { username: waiting.email, password: waiting.password })).statusCode).toBe(200);

    const code = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: t.clock.now.getTime() });
    expect((await post(app, '/api/token/2fa/', { challenge: 'challenge-expired', code })).json()).toMatchObject({
      code: 'invalid_challenge',
    });
    const second = await post(app, '/api/token/2fa/', { challenge: 'challenge-live', code });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toHaveProperty('access');

    const notice = await app.inject({ method: 'GET', url: '/api/retention/keep/?token=keep-live' });
    expect(notice.json()).toEqual({ kind: 'account', erases_at: erasesAt });
    expect((await post(app, '/api/retention/keep/', { token: 'keep-live' })).statusCode).toBe(200);
    expect((await post(app, '/api/retention/keep/', { token: 'keep-live' })).json()).toMatchObject({
      code: 'retention_link_invalid',
    });
    expect(rowsOf(await db.execute(sql`select 1 from retention_notices`))).toEqual([]);
  });
});
