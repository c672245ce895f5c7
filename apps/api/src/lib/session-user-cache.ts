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
  const users = new Map<number, Map<string, { user: TSessionUser; expiresAt: number }>>();
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
      users.delete(userId);
    },
  };
}
export type TSessionUserCache = ReturnType<typeof createSessionUserCache>;
