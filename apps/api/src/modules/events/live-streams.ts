/**
 * The open event streams of this process (GET /api/events/, decision 072), by user: each event the database's live
 * channel brings is written to the streams of the users it names. A stream ends when its session ends (logout, a
 * suspension, the account erased: the session cache's forget tells us, and each heartbeat checks again), when its
 * access token expires (the browser refreshes it and opens a new one), when the process stops hearing events (the
 * LISTEN connection lost: the browser reconnects and reloads what it shows), and on shutdown.
 */
import { LIMITS, type TLiveEventData } from '@farmaponte/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TLiveChannel, TLiveEvent } from '../../db/live-channel';
import type { TSessionUserCache } from '../../lib/session-user-cache';

export interface TLiveStream {
  userId: number;
  /** The session the stream's token belongs to. */
  familyId: string | undefined;
  /** Writes one event to the browser. */
  send(event: string, data: TLiveEventData): void;
  /** Ends the response; the browser's client opens a new stream by itself if it still wants one. */
  end(): void;
}

/** How long a stream request waits for this process to hear events before it answers 503. */
const LISTEN_WAIT_MS = 3_000;

export function createLiveStreams(deps: {
  channel: TLiveChannel;
  sessionUsers: TSessionUserCache;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const byUser = new Map<number, Set<TLiveStream>>();
  const timers = new Map<TLiveStream, NodeJS.Timeout>();
  let listening = false;
  let stopListening: (() => Promise<void>) | undefined;
  let closed = false;
  const waiting = new Set<() => void>();
  let sweep: NodeJS.Timeout | undefined;

  const all = () => [...byUser.values()].flatMap((streams) => [...streams]);

  function deliver(events: TLiveEvent[]) {
    for (const event of events) {
      const data: TLiveEventData = event.applicationId ? { application_id: event.applicationId } : {};
      for (const userId of new Set(event.userIds)) for (const stream of byUser.get(userId) ?? []) stream.send(event.type, data);
    }
  }

  /** Ends the user's streams whose session is over; a database away keeps them (the heartbeat checks again). */
  async function recheck(userId: number) {
    for (const stream of byUser.get(userId) ?? []) {
      try {
        if (!(await deps.sessionUsers.get(userId, stream.familyId))) stream.end();
      } catch {
        // The database is away: nothing is known, nothing ends.
      }
    }
  }

  function start() {
    if (stopListening || closed) return;
    stopListening = deps.channel.listen({
      onEvents: deliver,
      onState(up) {
        listening = up;
        if (up) {
          for (const wake of waiting) wake();
          return;
        }
        // Events sent meanwhile would be missed: the browsers reconnect (when this process hears again) and reload.
        deps.log.warn('live events: the LISTEN connection was lost, its streams end and it reconnects');
        for (const stream of all()) stream.end();
      },
    });
    sweep = setInterval(() => {
      for (const userId of byUser.keys()) void recheck(userId);
    }, LIMITS.eventsHeartbeatSeconds * 1000);
    sweep.unref();
  }

  deps.sessionUsers.onForget((userId) => void recheck(userId));

  return {
    /** Whether this process hears events now; the first call starts listening and waits a little for it. */
    async ready(): Promise<boolean> {
      start();
      if (listening || closed) return listening;
      let wake = () => {};
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
      });
      waiting.add(wake);
      const timer = setTimeout(wake, LISTEN_WAIT_MS);
      await woken;
      clearTimeout(timer);
      waiting.delete(wake);
      return listening && !closed;
    },
    /**
     * Adds a stream; past LIMITS.eventsStreamsPerUser for its user the oldest is ended. `expiresAt` (seconds since 1970)
     * ends it when its token expires. Answers the stream's removal, for when its response closes.
     */
    add(stream: TLiveStream, expiresAt: number | undefined): () => void {
      const mine = byUser.get(stream.userId) ?? new Set();
      byUser.set(stream.userId, mine);
      mine.add(stream);
      if (mine.size > LIMITS.eventsStreamsPerUser) [...mine][0]?.end();
      if (expiresAt !== undefined) {
        const timer = setTimeout(() => stream.end(), Math.max(0, expiresAt * 1000 - deps.now().getTime()));
        timer.unref();
        timers.set(stream, timer);
      }
      return () => {
        clearTimeout(timers.get(stream));
        timers.delete(stream);
        mine.delete(stream);
        if (!mine.size && byUser.get(stream.userId) === mine) byUser.delete(stream.userId);
      };
    },
    /** Streams open in this process (the metrics' events_open_streams). */
    count(): number {
      let n = 0;
      for (const streams of byUser.values()) n += streams.size;
      return n;
    },
    /** Shutdown: every stream ends, and no new one is taken. */
    async close(): Promise<void> {
      closed = true;
      clearInterval(sweep);
      for (const wake of waiting) wake();
      for (const stream of all()) stream.end();
      await stopListening?.();
    },
  };
}

export type TLiveStreams = ReturnType<typeof createLiveStreams>;
