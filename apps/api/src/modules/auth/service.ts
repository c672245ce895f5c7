/**
 * Sessions and passwords (docs/rules.md#sessions). Refresh-token families: every refresh rotates the token; presenting a rotated
 * one revokes the whole family. Reset tokens: 32 random bytes, stored as a SHA-256 hash, single use, valid one hour.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TRole, TTokenPair } from '@farmaponte/shared';
import { and, eq, exists, gt, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { passwordResetTokens, refreshTokens, users } from '../../db/schema';
import { tooManyRequests, unauthorized } from '../../lib/errors';
import type { TJwt } from '../../lib/jwt';
import { REFRESH_TTL_SECONDS } from '../../lib/jwt';
import type { TCounterStore } from '../../lib/limiter';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { isForeignKeyViolation, unlessParentGone } from '../../lib/sql';
import type { TSessionUser } from '../../types';
import { findSessionUser, findUserByEmail } from '../account';
import type { TMailer } from '../mail';
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
type TLimitedAction = 'login' | 'forgot';

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

/** The account with this e-mail and password, or undefined (an unknown e-mail costs a hash too). */
export async function checkCredentials(db: TDb, email: string, password: string) {
  const user = await findUserByEmail(db, email);
  if (!(await verifyPassword(user?.passwordHash, password)) || !user) return undefined;
  return user;
}

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
  return db.transaction(async (tx) => {
    // The user row first, as an account deletion locks it before it cascades to the refresh tokens: the same order
    // in both, so a refresh racing a deletion waits for it (then finds no user) instead of deadlocking with it.
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, claims.userId))
      .for('key share');
    if (!user) return null;
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
    return issueTokens(tx as unknown as TDb, jwt, user, now, rotated.familyId);
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
    .where(and(eq(users.id, userId), exists(liveSession)));
  return row;
}

/** Logout: ends the session of this refresh token; returns its user, whose cached sessions must be forgotten. */
export async function revokeFamilyOf(db: TDb, jwt: TJwt, token: string, now: Date): Promise<number | undefined> {
  const claims = await jwt.verifyRefresh(token);
  if (!claims) return undefined;
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, claims.familyId), isNull(refreshTokens.revokedAt)));
  return claims.userId;
}

/** Logout everywhere (and what a password reset does): every session of the user ends, access tokens included. */
export async function revokeAllSessions(db: TDb, userId: number, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export const RESET_TTL_MS = 60 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A new reset token for the user, or undefined when the account was deleted meanwhile. */
async function createResetToken(db: TDb, userId: number, now: Date): Promise<string | undefined> {
  const token = randomBytes(32).toString('base64url');
  try {
    await db.insert(passwordResetTokens).values({
      tokenHash: sha256(token),
      userId,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return undefined;
    throw error;
  }
  return token;
}

/** Consumes the token and sets the password; returns the user, or undefined when the token is unknown, used or expired. */
export async function resetPassword(db: TDb, token: string, password: string, now: Date): Promise<number | undefined> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return undefined;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    // Other outstanding links die with this one, and every session must log in again.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    await revokeAllSessions(tx as unknown as TDb, used.userId, now);
    return used.userId;
  });
}

/** Mails a reset link to the account with this e-mail; false when there is no such account. */
export async function mailResetLink(
  db: TDb,
  mailer: TMailer,
  { email, publicUrl, now }: { email: string; publicUrl: string; now: Date },
): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user) return false;
  const token = await createResetToken(db, user.id, now);
  if (!token) return false;
  const link = `${publicUrl}/reset-password/${token}`;
  await mailer.send({ to: user.email, ...resetMail(link) });
  return true;
}
