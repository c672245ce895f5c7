/**
 * The one way a write says what happened (decision 087). `record(tx, event)` in the write's transaction:
 * - the *in-transaction* subscribers run at once, in that transaction: what must not be lost if the process dies
 *   right after the commit (a notification and its mail in the outbox, a calendar invitation, the answers an offer's
 *   waiting applications are owed) is committed with the change, or not at all;
 * - once it has committed, the *after-commit* subscribers run on this instance at once and, through the database's
 *   channel (`pg_notify` after the commit, memory on PGlite), on every other instance: the caches, the session cache,
 *   the live streams. A rolled-back or retried try drops its events. A process that dies between the commit and these
 *   loses only what rebuilds itself: caches expire, browsers reload what their stream missed.
 */
import { randomUUID } from 'node:crypto';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../db/client';
import type { TEventsChannel } from '../db/events-channel';
import type { TDomainEvent, TDomainEventType, TEventOf } from './domain-events';
import { opensWriteTransaction, whenCommitted } from './transactions';

/** What a write needs: recording an event in its transaction. */
export interface TEvents {
  record(db: TDb, event: TDomainEvent): Promise<void>;
}

type TInTransaction = (db: TDb, event: TDomainEvent) => Promise<void>;
type TAfterCommit = (events: TDomainEvent[]) => void;

export interface TEventBus extends TEvents {
  /** Runs `handler` in the transaction of every event of these types, in the order subscribed. */
  inTransaction<T extends TDomainEventType>(types: readonly T[], handler: (db: TDb, event: TEventOf<T>) => Promise<void>): void;
  /**
   * Runs `handler` after the commit, on every instance, with each committed batch's events of these types (a write's
   * events arrive together). It must not throw and must not wait: it tells a cache or a stream.
   */
  afterCommit<T extends TDomainEventType>(types: readonly T[], handler: (events: TEventOf<T>[]) => void): void;
  /** True while this instance hears the other instances' events (the LISTEN connection on PostgreSQL). */
  onHearing(listener: (hearing: boolean) => void): void;
  hearing(): boolean;
  /** Starts hearing the other instances (at app start); the answer stops it. */
  listen(): () => Promise<void>;
}

export function createEventBus(deps: {
  channel: TEventsChannel;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The fault drill (config FAULT_DRILL): called at each commit with its events, before anything after it runs. */
  committedHook?: (events: TDomainEvent[]) => void;
}): TEventBus {
  const origin = randomUUID();
  const inTransaction = new Map<TDomainEventType, TInTransaction[]>();
  const afterCommit: { types: Set<TDomainEventType>; handler: TAfterCommit }[] = [];
  const hearingListeners: ((hearing: boolean) => void)[] = [];
  let hearing = false;
  /** The events each open transaction has recorded, handed on once it commits. */
  const lists = new WeakMap<object, TDomainEvent[]>();

  function dispatchCommitted(events: TDomainEvent[]) {
    for (const { types, handler } of afterCommit) {
      const mine = events.filter((event) => types.has(event.type));
      if (!mine.length) continue;
      try {
        handler(mine);
      } catch (error) {
        deps.log.error({ err: error }, 'an after-commit subscriber failed');
      }
    }
  }

  /**
   * Committed: this instance's subscribers, then the others' through the channel. The batches of one commit (a nested
   * writeTransaction's and its outer one's) are handed on together, each transaction's in the order it recorded them:
   * gathered until the commit's callbacks have all run (a microtask, before the write's caller resumes), then one
   * dispatch and one message.
   */
  let gathered: TDomainEvent[] = [];
  function committed(events: TDomainEvent[]) {
    if (!events.length) return;
    deps.committedHook?.(events);
    if (!gathered.length) queueMicrotask(handOn);
    gathered.push(...events);
  }
  function handOn() {
    const events = gathered;
    gathered = [];
    dispatchCommitted(events);
    deps.channel.publish({ origin, events });
  }

  return {
    async record(db, event) {
      for (const handler of inTransaction.get(event.type) ?? []) await handler(db, event);
      const list = lists.get(db);
      if (list) {
        list.push(event);
        return;
      }
      // On the database itself, each statement of the write has committed already.
      const inTransactionHandle = (db as unknown) instanceof PgTransaction;
      if (!inTransactionHandle) {
        committed([event]);
        return;
      }
      if (!opensWriteTransaction(db))
        throw new Error('an event recorded in a transaction that writeTransaction did not open: run the write through it');
      const events: TDomainEvent[] = [event];
      lists.set(db, events);
      // After the commit (never for a try that rolled back); a nested writeTransaction's wait for the outer commit.
      whenCommitted(db, () => committed(events));
    },
    inTransaction(types, handler) {
      for (const type of types) inTransaction.set(type, [...(inTransaction.get(type) ?? []), handler as TInTransaction]);
    },
    afterCommit(types, handler) {
      afterCommit.push({ types: new Set(types), handler: handler as TAfterCommit });
    },
    onHearing(listener) {
      hearingListeners.push(listener);
    },
    hearing: () => hearing,
    listen() {
      return deps.channel.listen({
        onMessage(message) {
          // This instance's own batches were handed to its subscribers at the commit.
          if (message.origin !== origin) dispatchCommitted(message.events as TDomainEvent[]);
        },
        onState(up) {
          hearing = up;
          for (const listener of hearingListeners) listener(up);
        },
      });
    },
  };
}

/** The fault drill's hook: `kill-after-commit:<type>` kills this process right after a commit recording that type. */
export function faultDrillHook(drill: string | undefined): ((events: TDomainEvent[]) => void) | undefined {
  const type = drill?.replace(/^kill-after-commit:/, '');
  if (!type) return undefined;
  return (events) => {
    if (events.some((event) => event.type === type)) process.kill(process.pid, 'SIGKILL');
  };
}
