/**
 * Sessions and passwords (docs/rules.md#sessions). Refresh-token families: every refresh rotates the token; presenting a rotated
 * one revokes the whole family. Reset links: single-use tokens (`password_reset`, lib/single-use-tokens.ts, decision 086),
 * valid one hour, mailed through the outbox.
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES, type TRole, type TTokenPair } from '@farmaponte/shared';
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import { mailOutbox, refreshTokens, users } from '../../db/schema';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import type { TJwt } from '../../lib/jwt';
import { REFRESH_TTL_SECONDS } from '../../lib/jwt';
import type { TCounterStore } from '../../lib/limiter';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { TSessionUser } from '../../lib/session-user-cache';
import { consumeToken, drawToken, endTokens, issueToken, issueToNobody, tokenHolder } from '../../lib/single-use-tokens';
import { unlessParentGone } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { findSessionUser, findUserByEmail } from '../account';
import { enqueueMail } from '../mail';
import { touchActivity } from '../retention';
import { resetMail } from './reset-mail';

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

/**
 * The account with this e-mail and password, or undefined (an unknown e-mail costs a hash too). An address not yet
 * confirmed does not log in, and is refused like a wrong password (decision 054): otherwise whoever registered an
 * address could tell, by logging in, whether the registration made an account or found one.
 */
export async function checkCredentials(db: TDb, email: string, password: string) {
  const user = await findUserByEmail(db, email);
  if (!(await verifyPassword(user?.passwordHash, password)) || !user?.emailVerifiedAt) return undefined;
  return user;
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

export const RESET_TTL_MS = 60 * 60 * 1000;

/** Consumes the token and sets the password; returns the user, or undefined when the token is unknown, used or expired. */
export async function resetPassword(
  db: TDb,
  events: TEvents,
  token: string,
  password: string,
  now: Date,
): Promise<number | undefined> {
  const passwordHash = await hashPassword(password);
  return writeTransaction(db, async (tx) => {
    // The user's row first (the lock order, docs/architecture.md), as an account deletion locks it before it cascades
    // to the user's tokens: consuming the token first would hold it while waiting for the row the deletion holds.
    const holder = await tokenHolder(tx, 'password_reset', token);
    if (!holder) return undefined;
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, holder.userId)).for('no key update');
    if (!user) return undefined;
    // Unknown, used and expired links get the same answer (the route's 400).
    const used = await consumeToken(tx, 'password_reset', token, now, { userId: user.id });
    if (used.outcome !== 'consumed') return undefined;
    // The link came through the mailbox, so the address is confirmed too (decision 054).
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(users.id, user.id));
    // Other outstanding links die with this one, and every session must log in again.
    await endTokens(tx, 'password_reset', user.id, now);
    await revokeAllSessions(tx, events, user.id, now);
    return user.id;
  });
}

/**
 * A password-reset request (decision 054): the account with this e-mail gets a new link, mailed through the outbox in
 * the link's transaction; an unknown e-mail gets nothing, after the same work (a token drawn and hashed, the same
 * statements, which then touch no row), so the caller learns nothing from the answer or its time.
 */
export async function requestPasswordReset(
  db: TDb,
  { email, publicUrl, now }: { email: string; publicUrl: string; now: Date },
): Promise<void> {
  const drawn = drawToken();
  const expiresAt = new Date(now.getTime() + RESET_TTL_MS);
  const mail = resetMail(`${publicUrl}/reset-password/${drawn.token}`);
  await writeTransaction(db, async (tx) => {
    // The user's row first (the lock order, docs/architecture.md): a deletion waits, or has already gone.
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .for('key share');
    if (!user) {
      // The statements of a known address, on a key no row has: a primary-key lookup each, no write.
      await issueToNobody(tx, drawn, now);
      await tx.update(mailOutbox).set({ nextAttemptAt: now }).where(eq(mailOutbox.id, -1));
      return;
    }
    await issueToken(tx, { purpose: 'password_reset', userId: user.id, now, expiresAt, drawn });
    await enqueueMail(tx, { userId: user.id, to: user.email, ...mail }, now);
  });
}
