/**
 * writeTransaction's retry and the answer when it gives up (docs/decisions/035). PostgreSQL's deadlock error is
 * raised for real by a trigger on the applications table: the decision meets it as it would meet a deadlock.
 */
import { OUTAGE_MESSAGES } from '@farmaponte/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { injectDeadlocks, removeDeadlocks } from '../../test/deadlocks';
import { useTestApp } from '../../test/helpers';
import { hiringCalls, hiringScenario } from '../../test/hiring-loop';
import type { TDb } from '../db/client';
import { createApplication } from '../factories';
import { WRITE_ATTEMPTS, whenCommitted, writeTransaction } from './transactions';

const t = useTestApp();
const call = hiringCalls(t);

afterEach(() => removeDeadlocks(t.database.db, 'applications'));

/** Every change of an application's status fails with SQLSTATE 40P01 for its first `times` tries. */
const deadlockApplicationUpdates = (times: number) =>
  injectDeadlocks(t.database.db, { table: 'applications', on: 'update', times });

describe('a write that meets a deadlock', () => {
  it('is tried again, and succeeds once the deadlock is gone (200, the decision made once)', async () => {
    const s = await hiringScenario(t);
    const anna = await s.pharmacist('Anna');
    const { id } = await createApplication(t.database.db, s.offer.id, anna.user.id);
    await deadlockApplicationUpdates(WRITE_ATTEMPTS - 1);
    const decided = await call.decide(s.owner, id, { decision: 'accepted' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'accepted' });
    const [offer] = (await call.myOffers(s.owner)).json();
    expect(offer).toMatchObject({ accepted_count: 1, status: 'filled' });
    expect((await call.notifications(anna)).json().results).toHaveLength(1);
  });

  it('still deadlocked after the last try: 503 with Retry-After and the Italian message, nothing changed', async () => {
    const s = await hiringScenario(t);
    const anna = await s.pharmacist('Anna');
    const { id } = await createApplication(t.database.db, s.offer.id, anna.user.id);
    await deadlockApplicationUpdates(WRITE_ATTEMPTS);
    const refused = await call.decide(s.owner, id, { decision: 'accepted' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ message: OUTAGE_MESSAGES.writeConflict, code: 'write_conflict' });
    const [offer] = (await call.myOffers(s.owner)).json();
    expect(offer).toMatchObject({ accepted_count: 0, status: 'open' });
    expect((await call.notifications(anna)).json().results).toHaveLength(0);
    // Tried again later, it is done.
    expect((await call.decide(s.owner, id, { decision: 'accepted' })).statusCode).toBe(200);
  });
});

describe('what a write asks to run once committed (whenCommitted, decision 076)', () => {
  it('runs after the commit, once, for the last try only; never for a rolled-back write; a nested one waits for the outer', async () => {
    const ran: string[] = [];
    let tries = 0;
    await writeTransaction(t.database.db, async (tx) => {
      tries++;
      whenCommitted(tx, () => ran.push(`try ${tries}`));
      expect(ran).toEqual([]);
      if (tries < 2) throw Object.assign(new Error('deadlock detected (raised by the test)'), { code: '40P01' });
    });
    expect(ran).toEqual(['try 2']);

    const rolledBack = writeTransaction(t.database.db, async (tx) => {
      whenCommitted(tx, () => ran.push('rolled back'));
      throw new Error('refused by a rule');
    });
    await expect(rolledBack).rejects.toThrow('refused by a rule');

    await writeTransaction(t.database.db, async (tx) => {
      await writeTransaction(tx, async (inner) => whenCommitted(inner, () => ran.push('nested')));
      // The inner one has returned; the outer has not committed yet.
      expect(ran).toEqual(['try 2']);
    });
    expect(ran).toEqual(['try 2', 'nested']);

    // Outside a transaction the write has already committed: at once.
    whenCommitted(t.database.db, () => ran.push('plain'));
    expect(ran).toEqual(['try 2', 'nested', 'plain']);

    // A transaction writeTransaction did not open cannot say when it commits: nothing runs (it may only hurry).
    await t.database.db.transaction(async (tx) => whenCommitted(tx as unknown as TDb, () => ran.push('unknown')));
    expect(ran).toEqual(['try 2', 'nested', 'plain']);
  });

  it('a callback that throws changes nothing that was written, and the others still run', async () => {
    const ran: string[] = [];
    const result = await writeTransaction(t.database.db, async (tx) => {
      whenCommitted(tx, () => {
        throw new Error('hurry failed');
      });
      whenCommitted(tx, () => ran.push('second'));
      return 'written';
    });
    expect(result).toBe('written');
    expect(ran).toEqual(['second']);
  });
});
