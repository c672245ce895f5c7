/**
 * How a committed write's events reach every process on the database (the event bus, decision 087; first for the live
 * streams, decision 072). On PostgreSQL: `pg_notify` on one channel, sent after the commit through the pool, and one
 * connection per process that LISTENs, reconnecting by itself when the database restarts. On the embedded database
 * (one process): handed over in memory. A message carries the sender's origin (a process skips its own, already
 * handled at the commit) and the events, ids and short texts only.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';

/** A batch of committed events from one process. */
export interface TChannelMessage {
  origin: string;
  events: unknown[];
}

export interface TChannelListener {
  onMessage(message: TChannelMessage): void;
  /** False when this process stops hearing events (the LISTEN connection lost), true when it hears them (again). */
  onState(up: boolean): void;
}

export interface TEventsChannel {
  /** Sends a committed batch to every listener; never throws: what is lost is made good by caches' expiry and reloads. */
  publish(message: TChannelMessage): void;
  /** Starts hearing events; the answer stops it. */
  listen(listener: TChannelListener): () => Promise<void>;
}

/** The channel's name; LISTEN/NOTIFY is scoped to one database, so two databases on a server never mix. */
export const EVENTS_CHANNEL = 'farmaponte_events';
/** NOTIFY refuses a payload of 8,000 bytes or more: the events of a big write go in several. */
const MAX_PAYLOAD_BYTES = 7_000;
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;

/** The message as one or more NOTIFY payloads, each under the limit (an event bigger than it goes alone). */
export function encodeChannelMessage({ origin, events }: TChannelMessage): string[] {
  const head = `{"origin":${JSON.stringify(origin)},"events":[`;
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = Buffer.byteLength(head) + 2;
  for (const event of events) {
    const wire = JSON.stringify(event);
    const size = Buffer.byteLength(wire) + 1;
    if (batch.length && bytes + size > MAX_PAYLOAD_BYTES) {
      payloads.push(`${head}${batch.join(',')}]}`);
      batch = [];
      bytes = Buffer.byteLength(head) + 2;
    }
    batch.push(wire);
    bytes += size;
  }
  if (batch.length) payloads.push(`${head}${batch.join(',')}]}`);
  return payloads;
}

export function decodeChannelMessage(payload: string): TChannelMessage | undefined {
  try {
    const message = JSON.parse(payload) as TChannelMessage;
    return typeof message.origin === 'string' && Array.isArray(message.events) ? message : undefined;
  } catch {
    // Someone else's NOTIFY on our channel: nothing of ours.
    return undefined;
  }
}

/** The embedded database's channel: one process, so the events go from the commit to the listeners in memory. */
export function memoryEventsChannel(): TEventsChannel {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(message) {
      if (!message.events.length) return;
      // After the commit's own turn, as a NOTIFY would arrive: a listener never runs inside the writer's code.
      queueMicrotask(() => emitter.emit('message', message));
    },
    listen(listener) {
      const onMessage = (message: TChannelMessage) => listener.onMessage(message);
      emitter.on('message', onMessage);
      queueMicrotask(() => listener.onState(true));
      return async () => {
        emitter.off('message', onMessage);
      };
    },
  };
}

/**
 * PostgreSQL's channel. `publish` runs `pg_notify` through the pool after the commit (a NOTIFY inside the write's
 * transaction would take a lock at commit that serialises every committing transaction). `listen` holds a connection of
 * its own (not the pool's) that LISTENs, and opens a new one, after a growing pause, whenever it is lost.
 */
export function postgresEventsChannel(pool: pg.Pool, databaseUrl: string): TEventsChannel {
  return {
    publish(message) {
      for (const payload of encodeChannelMessage(message))
        pool.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, payload]).catch(() => {
          // The database went away after the commit: caches expire, the browsers reload when their stream comes back.
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
        client.on('notification', (notification) => {
          if (notification.channel !== EVENTS_CHANNEL || !notification.payload) return;
          const message = decodeChannelMessage(notification.payload);
          if (message) listener.onMessage(message);
        });
        try {
          await client.connect();
          await client.query(`LISTEN ${EVENTS_CHANNEL}`);
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
