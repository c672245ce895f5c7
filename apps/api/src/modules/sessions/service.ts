/**
 * Sessions (docs/rules.md#sessions): the per-account limits of the login and the second step, the token pair a login
 * issues, refresh-token families (every refresh rotates the token; presenting a rotated one revokes the whole family),
 * the session an access token belongs to, and ending sessions (each recorded as `session.ended`: every instance's
 * session cache forgets the user, decision 087). Used by the password login (auth) and the second step (two-factor).
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES, type TRole, type TTokenPair } from '@farmaponte/shared';
import { and, eq, exists, inArray, isNull } from 'drizzle-orm';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import { refreshTokens, users } from '../../db/schema';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import type { TJwt } from '../../lib/jwt';
import { REFRESH_TTL_SECONDS } from '../../lib/jwt';
import type { TCounterStore } from '../../lib/limiter';
import type { TSessionUser } from '../../lib/session-user-cache';
import { unlessParentGone } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { findSessionUser } from '../account';
import { touchActivity } from '../retention';

/** The per-account limits of login and forgot-password (decision 019), on the app's counter store. */
export interface TAccountLimits {
  counters: TCounterStore;
  windowMs: number;
  /** Tries for one e-mail from one address per window. */
  maxPerAddress: number;
  /** Failed logins (or reset requests) for one e-mail from every address together per window. */
  maxPerAccount: number;
}
/** Logins, reset requests, and the codes of the second login step (decision 063), each counted on its own. */
type TLimitedAction = 'login' | 'forgot' | 'second-step';

/** The limits of the app's config on its counter store: the login, forgot-password and second-step routes share them. */
export function accountLimits(
  config: Pick<TConfig, 'RATE_LIMIT_WINDOW_SECONDS' | 'LOGIN_MAX_FAILURES_PER_ADDRESS' | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'>,
  counters: TCounterStore,
): TAccountLimits {
  return {
    counters,
    windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    maxPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  };
}

const limitKeys = (action: TLimitedAction, email: string, address: string) => ({
  address: `${action}:${email}:${address}`,
  account: `${action}:${email}`,
});

/**
 * Counts one try for this e-mail from this address, and throws 429 (with Retry-After) when the address has used up
 * its own tries, or when it has tried before and the e-mail's ceiling across all addresses is reached. The first
 * try from an address always goes through: a stranger who knows an e-mail cannot keep its owner out, and a botnet
 * gets one guess per address beyond the ceiling. Counting before checking keeps concurrent tries within the limit.
 */
export async function takeAccountAttempt(limits: TAccountLimits, action: TLimitedAction, email: string, address: string) {
  const keys = limitKeys(action, email, address);
  const fromAddress = await limits.counters.hit(keys.address, limits.windowMs);
  if (fromAddress > limits.maxPerAddress) throw tooManyRequests(await limits.counters.retryAfterMs(keys.address));
  if (fromAddress > 1 && (await limits.counters.count(keys.account)) >= limits.maxPerAccount)
    throw tooManyRequests(await limits.counters.retryAfterMs(keys.account));
}

/** A failed login (or a reset request) counts towards the e-mail's ceiling across all addresses. */
export async function countAgainstAccount(limits: TAccountLimits, action: TLimitedAction, email: string) {
  await limits.counters.hit(limitKeys(action, email, '').account, limits.windowMs);
}

/** A successful login clears that address's tries (not the e-mail's ceiling, which other addresses share). */
export async function clearAddressAttempts(limits: TAccountLimits, action: TLimitedAction, email: string, address: string) {
  await limits.counters.reset(limitKeys(action, email, address).address);
}

/** 403 `account_suspended`: the answer of a login or a refresh of a suspended account (decision 062). */
export const accountSuspended = () => forbidden(MESSAGES.accountSuspended, 'account_suspended');

export async function issueTokens(
  db: TDb,
  jwt: TJwt,
  user: { id: number; role: TRole },
  now: Date,
  familyId: string = randomUUID(),
): Promise<TTokenPair> {
  const jti = randomUUID();
  // The account deleted by a concurrent request (or on another instance) has no session to start.
  await unlessParentGone(
    () =>
      db.insert(refreshTokens).values({
        jti,
        userId: user.id,
        familyId,
        expiresAt: new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
      }),
    unauthorized,
  );
  const [access, refresh] = await Promise.all([
    jwt.signAccess({ userId: user.id, role: user.role, familyId }),
    jwt.signRefresh({ userId: user.id, jti, familyId }),
  ]);
  return { access, refresh };
}

/** Returns a new pair, or null when the token is invalid, expired, revoked or reused (reuse revokes the family). */
export async function rotateRefreshToken(db: TDb, jwt: TJwt, token: string, now: Date): Promise<TTokenPair | null> {
  const claims = await jwt.verifyRefresh(token);
  if (!claims) return null;
  return writeTransaction(db, async (tx) => {
    // The user row first, as an account deletion locks it before it cascades to the refresh tokens: the same order
    // in both, so a refresh racing a deletion waits for it (then finds no user) instead of deadlocking with it.
    const [user] = await tx
      .select({ id: users.id, role: users.role, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, claims.userId))
      .for('key share');
    if (!user) return null;
    // A suspended account's refresh token says so (its family was revoked by the suspension anyway): decision 062.
    if (user.suspendedAt) throw accountSuspended();
    // Mark as rotated only if nobody else did: a concurrent second use sees zero rows and counts as reuse.
    const [rotated] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.jti, claims.jti), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
      .returning();
    if (!rotated) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, claims.familyId), isNull(refreshTokens.revokedAt)));
      return null;
    }
    if (rotated.expiresAt <= now || rotated.userId !== claims.userId) return null;
    const pair = await issueTokens(tx, jwt, user, now, rotated.familyId);
    // A refresh is activity for the retention of the account (decision 068): at most one write a day.
    await touchActivity(tx, user.id, now);
    return pair;
  });
}

/**
 * Who an access token's user is now: undefined when the account is gone, or when the token's session ended (every
 * refresh token of its family revoked: logout, logout everywhere, a password reset, a reused refresh token).
 * A token without a family (issued before sessions were checked) is only checked for its account.
 */
export async function findSession(db: TDb, userId: number, familyId: string | undefined): Promise<TSessionUser | undefined> {
  if (familyId === undefined) return findSessionUser(db, userId);
  const liveSession = db
    .select({ jti: refreshTokens.jti })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  const [row] = await db
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.suspendedAt), exists(liveSession)));
  return row;
}

/** A session as a live stream holds it: its user, and the refresh-token family its access token was issued in. */
export interface TSessionRef {
  userId: number;
  familyId: string | undefined;
}

/** The key of a session in `findLiveSessions`' answer. */
export const sessionKey = (session: TSessionRef) => `${session.userId}:${session.familyId ?? ''}`;

/**
 * Which of these sessions are still open, by `sessionKey`: what `findSession` answers for each, for many at once in one
 * statement (two when some have no family), so the live streams' periodic check is one query a slice (decision 102).
 */
export async function findLiveSessions(db: TDb, sessions: TSessionRef[]): Promise<Set<string>> {
  const live = new Set<string>();
  const families = [...new Set(sessions.flatMap((session) => (session.familyId === undefined ? [] : [session.familyId])))];
  if (families.length) {
    const rows = await db
      .selectDistinct({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(and(inArray(refreshTokens.familyId, families), isNull(refreshTokens.revokedAt), isNull(users.suspendedAt)));
    for (const row of rows) live.add(sessionKey(row));
  }
  const bare = [...new Set(sessions.flatMap((session) => (session.familyId === undefined ? [session.userId] : [])))];
  if (bare.length) {
    const rows = await db
      .select({ userId: users.id })
      .from(users)
      .where(and(inArray(users.id, bare), isNull(users.suspendedAt)));
    for (const row of rows) live.add(sessionKey({ userId: row.userId, familyId: undefined }));
  }
  return live;
}

/** Logout: ends the session of this refresh token (its user's cached sessions go on every instance: `session.ended`). */
export async function revokeFamilyOf(db: TDb, events: TEvents, jwt: TJwt, token: string, now: Date): Promise<void> {
  const claims = await jwt.verifyRefresh(token);
  if (!claims) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, claims.familyId), isNull(refreshTokens.revokedAt)));
  await events.record(db, { type: 'session.ended', userId: claims.userId });
}

/**
 * Logout everywhere (and what a password reset, a suspension, the second step reset do): every session of the user
 * ends, access tokens included, on every instance once committed (`session.ended`).
 */
export async function revokeAllSessions(db: TDb, events: TEvents, userId: number, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await events.record(db, { type: 'session.ended', userId });
}
