/**
 * writeTransaction's retry and the answer when it gives up (docs/decisions/035). PostgreSQL's deadlock error is
 * raised for real by a trigger on the applications table: the decision meets it as it would meet a deadlock.
 */
import { OUTAGE_MESSAGES } from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';
import { hiringCalls, hiringScenario } from '../../test/hiring-loop';
import { createApplication } from '../factories';
import { WRITE_ATTEMPTS } from './transactions';

const t = useTestApp();
const call = hiringCalls(t);

/** Every change of an application's status fails with SQLSTATE 40P01 for its first `times` tries. */
async function deadlockApplicationUpdates(times: number) {
  await t.database.db.execute(sql.raw('create sequence if not exists test_deadlock_tries'));
  await t.database.db.execute(
    sql.raw(`
    create or replace function test_raise_deadlock() returns trigger language plpgsql as $$
    begin
      if nextval('test_deadlock_tries') <= ${times} then
        raise exception 'deadlock detected (raised by the test)' using errcode = '40P01';
      end if;
      return new;
    end $$`),
  );
  await t.database.db.execute(
    sql.raw('create trigger test_deadlock before update on applications for each row execute function test_raise_deadlock()'),
  );
}

afterEach(async () => {
  // The database outlives this file: the trigger must not.
  await t.database.db.execute(sql.raw('drop trigger if exists test_deadlock on applications'));
  await t.database.db.execute(sql.raw('drop function if exists test_raise_deadlock()'));
  await t.database.db.execute(sql.raw('drop sequence if exists test_deadlock_tries'));
});

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
