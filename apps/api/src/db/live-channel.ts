/**
 * How a committed write reaches the open event streams of every process (GET /api/events/, decision 072). On
 * PostgreSQL: `pg_notify` on one channel, sent after the commit through the pool, and one connection per process that
 * LISTENs, reconnecting by itself when the database restarts. On the embedded database (one process): handed over in
 * memory. Events carry kinds and ids only; who receives them is the `userIds` each names.
 */
import { EventEmitter } from 'node:events';
import type { TLiveEventType } from '@farmaponte/shared';
import pg from 'pg';

/** One thing that changed, for the users it concerns. */
export interface TLiveEvent {
  type: TLiveEventType;
  userIds: number[];
  applicationId?: number;
}

export interface TLiveListener {
  onEvents(events: TLiveEvent[]): void;
  /** False when this process stops hearing events (the LISTEN connection lost), true when it hears them (again). */
  onState(up: boolean): void;
}

export interface TLiveChannel {
  /** Sends committed events to every listener; never throws: a lost event is made good by the browser's reload. */
  publish(events: TLiveEvent[]): void;
  /** Starts hearing events; the answer stops it. */
  listen(listener: TLiveListener): () => Promise<void>;
}

/** The channel's name; LISTEN/NOTIFY is scoped to one database, so two databases on a server never mix. */
export const LIVE_CHANNEL = 'farmaponte_events';
/** NOTIFY refuses a payload of 8,000 bytes or more: the events of a big write go in several. */
const MAX_PAYLOAD_CHARACTERS = 7_000;
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;

/** [type, applicationId or 0, ...userIds] per event: compact, and read back by `decode` only. */
type TWireEvent = [TLiveEventType, number, ...number[]];

export function encodeLiveEvents(events: TLiveEvent[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let length = 2;
  for (const event of events) {
    const wire = JSON.stringify([event.type, event.applicationId ?? 0, ...event.userIds] satisfies TWireEvent);
    if (batch.length && length + wire.length + 1 > MAX_PAYLOAD_CHARACTERS) {
      payloads.push(`[${batch.join(',')}]`);
      batch = [];
      length = 2;
    }
    batch.push(wire);
    length += wire.length + 1;
  }
  if (batch.length) payloads.push(`[${batch.join(',')}]`);
  return payloads;
}

export function decodeLiveEvents(payload: string): TLiveEvent[] {
  try {
    const wire = JSON.parse(payload) as TWireEvent[];
    return wire.map(([type, applicationId, ...userIds]) => ({
      type,
      userIds,
      ...(applicationId ? { applicationId } : {}),
    }));
  } catch {
    // Someone else's NOTIFY on our channel: nothing of ours.
    return [];
  }
}

/** The embedded database's channel: one process, so the events go from the commit to the listeners in memory. */
export function memoryLiveChannel(): TLiveChannel {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(events) {
      if (!events.length) return;
      // After the commit's own turn, as a NOTIFY would arrive: a listener never runs inside the writer's code.
      queueMicrotask(() => emitter.emit('events', events));
    },
    listen(listener) {
      const onEvents = (events: TLiveEvent[]) => listener.onEvents(events);
      emitter.on('events', onEvents);
      queueMicrotask(() => listener.onState(true));
      return async () => {
        emitter.off('events', onEvents);
      };
    },
  };
}

/**
 * PostgreSQL's channel. `publish` runs `pg_notify` through the pool after the commit (a NOTIFY inside the write's
 * transaction would take a lock at commit that serialises every committing transaction). `listen` holds a connection of
 * its own (not the pool's) that LISTENs, and opens a new one, after a growing pause, whenever it is lost.
 */
export function postgresLiveChannel(pool: pg.Pool, databaseUrl: string): TLiveChannel {
  return {
    publish(events) {
      for (const payload of encodeLiveEvents(events))
        pool.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]).catch(() => {
          // The database went away after the commit: the browsers reload what they show when their stream comes back.
        });
    },
    listen(listener) {
      let stopped = false;
      let current: pg.Client | undefined;
      let timer: NodeJS.Timeout | undefined;
      let delay = RECONNECT_FIRST_MS;
      const gone = new WeakSet<pg.Client>();
      const lost = (client: pg.Client) => {
        if (gone.has(client)) return;
        gone.add(client);
        client.end().catch(() => {});
        if (current === client) {
          current = undefined;
          listener.onState(false);
        }
        if (stopped) return;
        timer = setTimeout(connect, delay);
        timer.unref();
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
      };
      const connect = async () => {
        if (stopped) return;
        const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: 5_000 });
        client.on('error', () => lost(client));
        client.on('end', () => lost(client));
        client.on('notification', (message) => {
          if (message.channel === LIVE_CHANNEL && message.payload) listener.onEvents(decodeLiveEvents(message.payload));
        });
        try {
          await client.connect();
          await client.query(`LISTEN ${LIVE_CHANNEL}`);
        } catch {
          lost(client);
          return;
        }
        if (stopped || gone.has(client)) {
          client.end().catch(() => {});
          return;
        }
        current = client;
        delay = RECONNECT_FIRST_MS;
        listener.onState(true);
      };
      void connect();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        const client = current;
        current = undefined;
        if (client) {
          gone.add(client);
          await client.end().catch(() => {});
        }
      };
    },
  };
}

const channels = new WeakMap<object, TLiveChannel>();

/** Called by openDatabase: the channel of this database's `db`. */
export function attachLiveChannel(db: object, channel: TLiveChannel): void {
  channels.set(db, channel);
}

/** The channel of a database's `db` (undefined for a transaction's handle). */
export function liveChannelOf(db: object): TLiveChannel | undefined {
  return channels.get(db);
}
