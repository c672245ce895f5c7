/**
 * Every authenticated request checks that its user still exists and that its session (the refresh-token family the
 * access token was issued in) has not ended: a deleted account's token, and one of a session ended by logout, logout
 * everywhere or a password reset, must stop working. The answer is kept for a few seconds per user and session; this
 * instance forgets a user's answers at once when they change, other instances within the TTL.
 */
import type { TRole } from '@farmaponte/shared';

/** Who a request's token names, as the guards and services see them (`request.user`). */
export interface TSessionUser {
  id: number;
  role: TRole;
  email: string;
}

/** How long another instance may still accept a deleted account's or an ended session's token. */
export const SESSION_USER_TTL_MS = 5_000;
const MAX_USERS = 50_000;

/** Loads the user of a token, or undefined when the account is gone or the session (familyId) has ended. */
export type TSessionLoader = (userId: number, familyId: string | undefined) => Promise<TSessionUser | undefined>;

export function createSessionUserCache(now: () => Date, load: TSessionLoader) {
  /** Tells the other instances to forget a user (set by `broadcastForgets` when Redis is configured). */
  let tellOthers: ((userId: number) => void) | undefined;
  /** Told after this instance forgets a user (the live streams check their sessions again: decision 072). */
  const forgotten: ((userId: number) => void)[] = [];
  const users = new Map<number, Map<string, { user: TSessionUser; expiresAt: number }>>();
  const drop = (userId: number) => {
    users.delete(userId);
    for (const listener of forgotten) listener(userId);
  };
  return {
    async get(userId: number, familyId?: string): Promise<TSessionUser | undefined> {
      const sessions = users.get(userId);
      const key = familyId ?? '';
      const entry = sessions?.get(key);
      if (entry && entry.expiresAt > now().getTime()) return entry.user;
      const user = await load(userId, familyId);
      if (!user) {
        sessions?.delete(key);
        return undefined;
      }
      if (!sessions && users.size >= MAX_USERS) users.clear();
      const mine = sessions ?? new Map();
      mine.set(key, { user, expiresAt: now().getTime() + SESSION_USER_TTL_MS });
      users.set(userId, mine);
      return user;
    },
    /** Drops every cached answer for this user (account deleted, sessions ended). */
    forget(userId: number) {
      drop(userId);
    },
    /**
     * Forgets the user here and on every other instance at once (a suspension, decision 062): through Redis when it
     * answers; without it, the other instances' answers expire within the TTL.
     */
    forgetEverywhere(userId: number) {
      drop(userId);
      tellOthers?.(userId);
    },
    /** Calls `listener` with each user this instance forgets, here or on word from another instance. */
    onForget(listener: (userId: number) => void) {
      forgotten.push(listener);
    },
    /** How forgetEverywhere reaches the other instances. */
    onForgetEverywhere(send: (userId: number) => void) {
      tellOthers = send;
    },
  };
}

/** The channel every instance listens on for users whose cached sessions must go (decision 062). */
export const SESSION_FORGET_CHANNEL = 'farmaponte:sessions:forget';

/** The part of an ioredis client the broadcast uses (a connection of its own listens, another publishes). */
interface TPubSubRedis {
  publish(channel: string, message: string): Promise<unknown>;
  duplicate(override?: { lazyConnect?: boolean }): TSubscriberRedis;
}
interface TSubscriberRedis {
  on(event: 'ready', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  subscribe(channel: string): Promise<unknown>;
  disconnect(): void;
}

/**
 * Wires a cache to Redis pub/sub: forgetEverywhere publishes the user's id, and every instance (this one too, which
 * has already forgotten) drops its cached answers for that user when the message arrives. A publish that fails (Redis
 * away) is not an error of the request: the other instances then forget within SESSION_USER_TTL_MS. Returns the
 * subscriber's close.
 */
export function broadcastForgets(cache: TSessionUserCache, redis: TPubSubRedis): () => void {
  // Its own connection, opened now even when the app's client connects lazily.
  const subscriber = redis.duplicate({ lazyConnect: false });
  subscriber.on('error', () => {});
  // Subscribed on every (re)connection: while Redis is away the TTL is the fallback.
  subscriber.on('ready', () => {
    subscriber.subscribe(SESSION_FORGET_CHANNEL).catch(() => {});
  });
  subscriber.on('message', (channel, message) => {
    const userId = Number(message);
    if (channel === SESSION_FORGET_CHANNEL && Number.isInteger(userId)) cache.forget(userId);
  });
  cache.onForgetEverywhere((userId) => {
    redis.publish(SESSION_FORGET_CHANNEL, String(userId)).catch(() => {});
  });
  return () => subscriber.disconnect();
}
export type TSessionUserCache = ReturnType<typeof createSessionUserCache>;
