/**
 * Every authenticated request checks that its user still exists (a deleted account's token must stop working).
 * The answer is kept for a few seconds per user; this instance forgets it at once when the account is deleted,
 * other instances within the TTL.
 */
import type { TSessionUser } from '../types';

/** How long another instance may still accept a deleted account's or an ended session's token. */
export const SESSION_USER_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

export function createSessionUserCache(now: () => Date, load: (userId: number) => Promise<TSessionUser | undefined>) {
  const entries = new Map<number, { user: TSessionUser; expiresAt: number }>();
  return {
    async get(userId: number): Promise<TSessionUser | undefined> {
      const entry = entries.get(userId);
      if (entry && entry.expiresAt > now().getTime()) return entry.user;
      const user = await load(userId);
      if (!user) {
        entries.delete(userId);
        return undefined;
      }
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(userId, { user, expiresAt: now().getTime() + SESSION_USER_TTL_MS });
      return user;
    },
    forget(userId: number) {
      entries.delete(userId);
    },
  };
}
export type TSessionUserCache = ReturnType<typeof createSessionUserCache>;
