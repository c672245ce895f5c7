/**
 * The event bus (decision 087) on the database the tests run on: what runs in a write's transaction and rolls back with
 * it, what runs after the commit on this instance at once and on another instance through the database's channel
 * (LISTEN/NOTIFY on PostgreSQL), and what a rolled-back or retried try drops.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, useTestApp } from '../../test/helpers';
import { until } from '../../test/server-process';
import type { TDb } from '../db/client';
import type { TDomainEvent } from './domain-events';
import { createEventBus, type TEventBus } from './event-bus';
import { writeTransaction } from './transactions';

const t = useTestApp();

/** An instance's bus on the test database's channel, with what its after-commit subscribers heard. */
async function instance(): Promise<{ bus: TEventBus; heard: TDomainEvent[]; errors: unknown[]; stop: () => Promise<void> }> {
  const errors: unknown[] = [];
  const bus = createEventBus({ channel: t.database.events, log: { error: (entry: unknown) => errors.push(entry) } });
  const heard: TDomainEvent[] = [];
  bus.afterCommit(['session.ended', 'user.suspended', 'offer.updated'], (events) => heard.push(...events));
  const stop = bus.listen();
  await until(() => bus.hearing(), 'the bus to hear the channel');
  return { bus, heard, errors, stop };
}

const ended = (userId: number): TDomainEvent => ({ type: 'session.ended', userId });

describe('the event bus', () => {
  it('hands the committed events to this instance at the commit and to another through the channel; a rolled-back or retried try’s never', async () => {
    const here = await instance();
    const there = await instance();
    try {
      let tries = 0;
      await writeTransaction(t.database.db, async (tx) => {
        tries++;
        await here.bus.record(tx, ended(100 + tries));
        // Nothing is told before the commit.
        expect(here.heard).toEqual([]);
        // A deadlock on the first two tries: their events go with them.
        if (tries < 3) throw Object.assign(new Error('deadlock detected (raised by the test)'), { code: '40P01' });
      });
      // This instance's subscribers ran at the commit, before writeTransaction returned.
      expect(here.heard).toEqual([ended(103)]);

      const rolledBack = writeTransaction(t.database.db, async (tx) => {
        await here.bus.record(tx, ended(999));
        throw new Error('refused by a rule');
      });
      await expect(rolledBack).rejects.toThrow('refused by a rule');

      // A nested writeTransaction's events wait for the outer commit, and arrive together.
      await writeTransaction(t.database.db, async (tx) => {
        await writeTransaction(tx, (inner) => here.bus.record(inner, { type: 'user.suspended', userId: 7 }));
        await here.bus.record(tx, { type: 'offer.updated', offerId: 8, ownerId: 7 });
        expect(here.heard).toEqual([ended(103)]);
      });
      // Recorded on the database itself, the write has committed already: at once.
      await here.bus.record(t.database.db, ended(200));

      const expected = [
        ended(103),
        { type: 'user.suspended', userId: 7 },
        { type: 'offer.updated', offerId: 8, ownerId: 7 },
        ended(200),
      ];
      expect(here.heard).toEqual(expected);
      await until(() => there.heard.length >= expected.length, 'the other instance to hear the events');
      // Each write's message goes out after its commit through a connection of the pool, so two writes' messages may
      // overtake each other on the way (decision 087); one transaction's events arrive together, in their order.
      expect(there.heard).toHaveLength(expected.length);
      expect(there.heard).toEqual(expect.arrayContaining(expected));
      const suspended = there.heard.findIndex((event) => event.type === 'user.suspended');
      expect(there.heard[suspended + 1]).toEqual({ type: 'offer.updated', offerId: 8, ownerId: 7 });
      // This instance does not hear its own events twice.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(here.heard).toHaveLength(expected.length);
      expect(there.heard).toHaveLength(expected.length);
    } finally {
      await here.stop();
      await there.stop();
    }
  });

  it('runs the in-transaction subscribers in the write’s transaction: what they write rolls back with it', async () => {
    const bus = createEventBus({ channel: t.database.events, log: { error: () => {} } });
    await t.database.db.execute(sql.raw('create table if not exists test_bus_writes (user_id integer not null)'));
    try {
      bus.inTransaction(['session.ended'], async (db, event) => {
        await db.execute(sql`insert into test_bus_writes (user_id) values (${event.userId})`);
      });
      await writeTransaction(t.database.db, (tx) => bus.record(tx, ended(1)));
      const rolledBack = writeTransaction(t.database.db, async (tx) => {
        await bus.record(tx, ended(2));
        throw new Error('refused by a rule');
      });
      await expect(rolledBack).rejects.toThrow('refused by a rule');
      const rows = rowsOf<{ user_id: number }>(
        await t.database.db.execute(sql.raw('select user_id from test_bus_writes order by user_id')),
      );
      expect(rows).toEqual([{ user_id: 1 }]);
    } finally {
      await t.database.db.execute(sql.raw('drop table if exists test_bus_writes'));
    }
  });

  it('refuses an event in a transaction writeTransaction did not open (it could never be handed on)', async () => {
    const bus = createEventBus({ channel: t.database.events, log: { error: () => {} } });
    const plain = t.database.db.transaction(async (tx) => bus.record(tx as unknown as TDb, ended(1)));
    await expect(plain).rejects.toThrow(/writeTransaction/);
  });

  it('a subscriber that throws after the commit is logged; the write stands and the other subscribers still hear', async () => {
    const errors: unknown[] = [];
    const bus = createEventBus({ channel: t.database.events, log: { error: (entry: unknown) => errors.push(entry) } });
    const heard: TDomainEvent[] = [];
    bus.afterCommit(['session.ended'], () => {
      throw new Error('a cache failed');
    });
    bus.afterCommit(['session.ended'], (events) => heard.push(...events));
    const result = await writeTransaction(t.database.db, async (tx) => {
      await bus.record(tx, ended(5));
      return 'written';
    });
    expect(result).toBe('written');
    expect(heard).toEqual([ended(5)]);
    expect(errors).toHaveLength(1);
  });
});
