/**
 * The open event streams of this process (GET /api/events/, decision 072), by user: each committed event the event bus
 * brings (decision 087), from this process or another, is written as its kind and id to the streams of the users it
 * concerns. A stream ends when its session ends (logout, a
 * suspension, the account erased: the session cache's forget tells us, and every stream's session is checked again
 * every heartbeat period, a slice of the streams each second in one query, decision 102), when its
 * access token expires (the browser refreshes it and opens a new one), when the process stops hearing events (the
 * LISTEN connection lost: the browser reconnects and reloads what it shows), and on shutdown.
 */
import { LIMITS, type TLiveEventData } from '@farmaponte/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TDomainEvent } from '../../lib/domain-events';
import type { TEventBus } from '../../lib/event-bus';
import type { TSessionUserCache } from '../../lib/session-user-cache';
import { sessionKey, type TSessionRef } from '../sessions';

/** What a browser is told of an event: its kind, for the users it concerns (the page reloads what it shows). */
interface TLiveEvent {
  type: 'notification' | 'message' | 'application';
  userIds: number[];
  applicationId?: number;
}

/** The domain events the streams tell, and who hears of them. */
const LIVE_TYPES = [
  'notification.created',
  'message.posted',
  'messages.read',
  'application.submitted',
  'application.status_changed',
  'proposal.made',
  'proposal.decided',
  'counter.decided',
] as const;

function liveEventOf(event: TDomainEvent): TLiveEvent | undefined {
  switch (event.type) {
    case 'notification.created':
      return { type: 'notification', userIds: [event.userId] };
    case 'message.posted':
      return { type: 'message', applicationId: event.applicationId, userIds: [event.recipientId, event.authorId] };
    case 'messages.read':
      return { type: 'message', applicationId: event.applicationId, userIds: [event.readerId, event.otherId] };
    case 'application.submitted':
    case 'application.status_changed':
    case 'proposal.made':
    case 'proposal.decided':
    case 'counter.decided':
      return { type: 'application', applicationId: event.applicationId, userIds: [event.pharmacistId, event.ownerId] };
    default:
      return undefined;
  }
}

export interface TLiveStream {
  userId: number;
  /**
   * Whose events it carries besides the user's own: the pharmacies an owner-side person acts for (decision 089), whose
   * notifications, messages and applications are addressed to the pharmacy.
   */
  parties?: number[];
  /** The session the stream's token belongs to. */
  familyId: string | undefined;
  /** Writes one event to the browser. */
  send(event: string, data: TLiveEventData): void;
  /** Ends the response; the browser's client opens a new stream by itself if it still wants one. */
  end(): void;
}

/** How long a stream request waits for this process to hear events before it answers 503. */
const LISTEN_WAIT_MS = 3_000;
/**
 * Every stream's session is checked again once every LIMITS.eventsHeartbeatSeconds: the streams are dealt in turn into
 * that many slices, and each second one slice is checked, in queries of at most this many sessions, one after another.
 * Checking them all at once (16,000 queries built in one turn) stalled the process for 2.2 s (decision 102).
 */
export const SESSION_CHECK_BATCH = 1_000;

export function createLiveStreams(deps: {
  bus: TEventBus;
  sessionUsers: TSessionUserCache;
  /** Which of these sessions are still open, by `sessionKey` (one statement for many: findLiveSessions). */
  liveSessions: (sessions: TSessionRef[]) => Promise<Set<string>>;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How often a slice is checked (1 s: each stream every heartbeat period); a test's shorter one walks them faster. */
  sliceMs?: number;
}) {
  const sliceMs = deps.sliceMs ?? 1_000;
  const byUser = new Map<number, Set<TLiveStream>>();
  /** The streams by each id they carry events of (the user, and the pharmacies they act for). */
  const byParty = new Map<number, Set<TLiveStream>>();
  const timers = new Map<TLiveStream, NodeJS.Timeout>();
  /** The streams dealt in turn into one slice per second of the heartbeat period; slice `next` is checked next. */
  const slices = Array.from({ length: LIMITS.eventsHeartbeatSeconds }, () => new Set<TLiveStream>());
  const sliceOf = new Map<TLiveStream, Set<TLiveStream>>();
  let dealt = 0;
  let next = 0;
  let started = false;
  let closed = false;
  const waiting = new Set<() => void>();
  let sweep: NodeJS.Timeout | undefined;

  const all = () => [...byUser.values()].flatMap((streams) => [...streams]);

  function deliver(events: TDomainEvent[]) {
    for (const domainEvent of events) {
      const event = liveEventOf(domainEvent);
      if (!event) continue;
      const data: TLiveEventData = event.applicationId ? { application_id: event.applicationId } : {};
      const streams = new Set([...new Set(event.userIds)].flatMap((id) => [...(byParty.get(id) ?? [])]));
      for (const stream of streams) stream.send(event.type, data);
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

  /** Checks one slice's sessions, SESSION_CHECK_BATCH a query; a database away keeps them (checked next period). */
  async function checkSlice(slice: Set<TLiveStream>) {
    const streams = [...slice];
    for (let start = 0; start < streams.length && !closed; start += SESSION_CHECK_BATCH) {
      const batch = streams.slice(start, start + SESSION_CHECK_BATCH);
      let live: Set<string>;
      try {
        live = await deps.liveSessions(batch);
      } catch {
        // The database is away: nothing is known, nothing ends.
        return;
      }
      for (const stream of batch) if (slice.has(stream) && !live.has(sessionKey(stream))) stream.end();
    }
  }

  /** One slice a second, the next one timed from the start of this one, so a slow check never piles up. */
  function tick() {
    const startedAt = Date.now();
    const slice = slices[next] as Set<TLiveStream>;
    next = (next + 1) % slices.length;
    void checkSlice(slice).finally(() => {
      if (closed) return;
      sweep = setTimeout(tick, Math.max(0, sliceMs - (Date.now() - startedAt)));
      sweep.unref();
    });
  }

  function start() {
    if (started || closed) return;
    started = true;
    sweep = setTimeout(tick, sliceMs);
    sweep.unref();
  }

  deps.bus.afterCommit(LIVE_TYPES, deliver);
  deps.bus.onHearing((up) => {
    if (up) {
      for (const wake of waiting) wake();
      return;
    }
    // Events sent meanwhile would be missed: the browsers reconnect (when this process hears again) and reload.
    deps.log.warn('live events: the LISTEN connection was lost, its streams end and it reconnects');
    for (const stream of all()) stream.end();
  });

  deps.sessionUsers.onForget((userId) => void recheck(userId));

  return {
    /** Whether this process hears events now; the first call starts listening and waits a little for it. */
    async ready(): Promise<boolean> {
      start();
      if (deps.bus.hearing() || closed) return deps.bus.hearing() && !closed;
      let wake = () => {};
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
      });
      waiting.add(wake);
      const timer = setTimeout(wake, LISTEN_WAIT_MS);
      await woken;
      clearTimeout(timer);
      waiting.delete(wake);
      return deps.bus.hearing() && !closed;
    },
    /**
     * Adds a stream; past LIMITS.eventsStreamsPerUser for its user the oldest is ended. `expiresAt` (seconds since 1970)
     * ends it when its token expires. Answers the stream's removal, for when its response closes.
     */
    add(stream: TLiveStream, expiresAt: number | undefined): () => void {
      const mine = byUser.get(stream.userId) ?? new Set();
      byUser.set(stream.userId, mine);
      mine.add(stream);
      const parties = [...new Set([stream.userId, ...(stream.parties ?? [])])];
      for (const party of parties) {
        const carried = byParty.get(party) ?? new Set();
        byParty.set(party, carried);
        carried.add(stream);
      }
      const slice = slices[dealt++ % slices.length] as Set<TLiveStream>;
      slice.add(stream);
      sliceOf.set(stream, slice);
      if (mine.size > LIMITS.eventsStreamsPerUser) [...mine][0]?.end();
      if (expiresAt !== undefined) {
        const timer = setTimeout(() => stream.end(), Math.max(0, expiresAt * 1000 - deps.now().getTime()));
        timer.unref();
        timers.set(stream, timer);
      }
      return () => {
        clearTimeout(timers.get(stream));
        timers.delete(stream);
        sliceOf.get(stream)?.delete(stream);
        sliceOf.delete(stream);
        mine.delete(stream);
        if (!mine.size && byUser.get(stream.userId) === mine) byUser.delete(stream.userId);
        for (const party of parties) {
          const carried = byParty.get(party);
          carried?.delete(stream);
          if (carried && !carried.size) byParty.delete(party);
        }
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
      clearTimeout(sweep);
      for (const wake of waiting) wake();
      for (const stream of all()) stream.end();
    },
  };
}

export type TLiveStreams = ReturnType<typeof createLiveStreams>;
