/**
 * What the session check costs on a session-cache miss (once per user and session every 5 s per instance): the
 * account lookup alone (before decision 019) against the account plus "its session has not ended" (refresh-token
 * family, indexed). 2,000 users with 3 sessions each; prints a table.
 *   npx tsx bench/session-check.ts [--database-url postgres://…/farmaponte_bench_sessions] [--lookups 5000]
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase, type TDatabase } from '../apps/api/src/db/client';
import { refreshTokens, users } from '../apps/api/src/db/schema';
import { findSessionUser } from '../apps/api/src/modules/account';
import { findSession } from '../apps/api/src/modules/sessions';
import { createBenchDatabase, dropBenchDatabase } from './database';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/farmaponte_bench_sessions' },
    lookups: { type: 'string', default: '5000' },
  },
});
const lookups = Number(values.lookups);

async function seed(database: TDatabase) {
  await database.migrate();
  const created = await database.db
    .insert(users)
    .values(Array.from({ length: 2000 }, (_, i) => ({ email: `u${i}@bench.it`, passwordHash: 'x', role: 'farmacista' as const })))
    .returning({ id: users.id });
  const sessions = created.flatMap(({ id }) =>
    Array.from({ length: 3 }, () => ({
      jti: randomUUID(),
      userId: id,
      familyId: randomUUID(),
      expiresAt: new Date(Date.now() + 1e9),
    })),
  );
  for (let i = 0; i < sessions.length; i += 1000) await database.db.insert(refreshTokens).values(sessions.slice(i, i + 1000));
  return sessions;
}

async function time(run: (i: number) => Promise<unknown>) {
  const started = performance.now();
  for (let i = 0; i < lookups; i++) await run(i);
  return ((performance.now() - started) * 1000) / lookups;
}

const rows: string[] = [];
for (const kind of ['pglite', 'postgres'] as const) {
  const database =
    kind === 'pglite'
      ? await openDatabase({ pglite: await PGlite.create({ extensions: { pg_trgm } }) })
      : await openDatabase({ databaseUrl: await createBenchDatabase(values['database-url']) });
  const sessions = await seed(database);
  const pick = (i: number) => sessions[(i * 7919) % sessions.length] as (typeof sessions)[number];
  const accountOnly = await time((i) => findSessionUser(database.db, pick(i).userId));
  const withSession = await time((i) => findSession(database.db, pick(i).userId, pick(i).familyId));
  rows.push(`| ${kind} | ${accountOnly.toFixed(0)} µs | ${withSession.toFixed(0)} µs |`);
  await database.close();
}
await dropBenchDatabase(values['database-url']);
console.log(`Session check on a cache miss, mean of ${lookups} sequential lookups\n`);
console.log('| database | account only (before) | account + live session (now) |');
console.log('| --- | --- | --- |');
for (const row of rows) console.log(row);
