/**
 * Single-use tokens (decision 086): the one way to issue, use and forget a token that is mailed or answered once, for
 * every purpose (`SINGLE_USE_TOKEN_PURPOSES`: a password-reset link, an e-mail confirmation link, a login's challenge, a
 * retention warning's keep link). A token is 32 random bytes (base64url), kept only as its SHA-256 in
 * `single_use_tokens`, with its purpose, its user, when it expires and when it was used.
 *
 * Each feature keeps its own answers: `consumeToken` says whether a token was unknown, used or expired, and the feature
 * answers that as it always has (its codes and messages stay in the feature).
 *
 * Locks, in the order of docs/architecture.md: a write on more than the token takes the user's row first (`tokenHolder`
 * says whose token it is, without a lock), then consumes the token, whose row it locks, in the same writeTransaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TRetentionKind } from '@farmaponte/shared';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { type SINGLE_USE_TOKEN_PURPOSES, singleUseTokens } from '../db/schema';
import { deleteInBatches } from './batched-delete';

export type TTokenPurpose = (typeof SINGLE_USE_TOKEN_PURPOSES)[number];

/** What each purpose keeps beside its user. */
export interface TTokenData {
  password_reset: Record<string, never>;
  email_confirmation: Record<string, never>;
  second_step: Record<string, never>;
  /** The notice the link keeps: the account's or the CV's (with the notice given at the token's `createdAt`). */
  retention_keep: { kind: TRetentionKind };
}

/**
 * The purposes the retention job prunes once expired: each answers an unknown, a used and an expired token alike, so a
 * token deleted after its expiry changes no answer. E-mail confirmation links stay while the account does: a used one
 * answers `email_link_used` and an expired one `email_link_expired`, never `email_link_invalid`; an account holds at
 * most one (a new link deletes the unused older one, a confirmation leaves the one it used).
 */
const PRUNED_PURPOSES = ['password_reset', 'second_step', 'retention_keep'] as const satisfies readonly TTokenPurpose[];

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token drawn but not stored yet: the string shown once, and its key. */
export interface TDrawnToken {
  token: string;
  hash: string;
}

export function drawToken(): TDrawnToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

/**
 * Stores a new token of the user and answers it: the only time the string exists outside the mail or the answer that
 * carries it. `drawn`: a token drawn before the transaction (forgot-password draws one for every address, decision 054).
 */
export async function issueToken<P extends TTokenPurpose>(
  db: TDb,
  issue: { purpose: P; userId: number; now: Date; expiresAt: Date; data?: TTokenData[P]; drawn?: TDrawnToken },
): Promise<string> {
  const { token, hash } = issue.drawn ?? drawToken();
  await db.insert(singleUseTokens).values({
    tokenHash: hash,
    purpose: issue.purpose,
    userId: issue.userId,
    data: issue.data ?? {},
    createdAt: issue.now,
    expiresAt: issue.expiresAt,
  });
  return token;
}

/**
 * The statement of an issue for nobody (forgot-password with an address no account has, decision 054): one primary-key
 * lookup on a key no row has, which writes nothing, so the request does the same work as for an account.
 */
export async function issueToNobody(db: TDb, drawn: TDrawnToken, now: Date): Promise<void> {
  await db.update(singleUseTokens).set({ usedAt: now }).where(eq(singleUseTokens.tokenHash, drawn.hash));
}

export interface THeldToken<P extends TTokenPurpose> {
  userId: number;
  data: TTokenData[P];
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/** What a token's row tells of it, for a read and for a use alike. */
const HELD_COLUMNS = {
  userId: singleUseTokens.userId,
  data: singleUseTokens.data,
  createdAt: singleUseTokens.createdAt,
  expiresAt: singleUseTokens.expiresAt,
  usedAt: singleUseTokens.usedAt,
};

/**
 * Whose token of this purpose this is, whatever its state, read without a lock: the user whose row a write locks before
 * it consumes the token. Undefined for a token no row has (never issued, replaced, pruned, or of another purpose).
 */
export async function tokenHolder<P extends TTokenPurpose>(
  db: TDb,
  purpose: P,
  token: string,
): Promise<THeldToken<P> | undefined> {
  const [row] = await db
    .select(HELD_COLUMNS)
    .from(singleUseTokens)
    .where(and(eq(singleUseTokens.tokenHash, tokenHash(token)), eq(singleUseTokens.purpose, purpose)));
  return row ? { ...row, data: row.data as TTokenData[P] } : undefined;
}

/** The holder of a token that still works (not used, not expired), for a read that changes nothing; else undefined. */
export async function liveTokenHolder<P extends TTokenPurpose>(
  db: TDb,
  purpose: P,
  token: string,
  now: Date,
): Promise<THeldToken<P> | undefined> {
  const held = await tokenHolder(db, purpose, token);
  return held && !held.usedAt && held.expiresAt > now ? held : undefined;
}

export type TConsumed<P extends TTokenPurpose> =
  | { outcome: 'consumed'; userId: number; data: TTokenData[P]; createdAt: Date }
  | { outcome: 'unknown' | 'used' | 'expired' };

/**
 * Uses the token, once, in the caller's transaction: its row is locked (FOR UPDATE) before it is judged, so a second
 * use at the same time waits for the first to commit, then finds it used. `userId`: only a token of this user counts,
 * any other is unknown. A used token answers `used` even once expired.
 */
export async function consumeToken<P extends TTokenPurpose>(
  tx: TDb,
  purpose: P,
  token: string,
  now: Date,
  { userId }: { userId?: number } = {},
): Promise<TConsumed<P>> {
  const hash = tokenHash(token);
  const [row] = await tx
    .select(HELD_COLUMNS)
    .from(singleUseTokens)
    .where(
      and(
        eq(singleUseTokens.tokenHash, hash),
        eq(singleUseTokens.purpose, purpose),
        userId === undefined ? undefined : eq(singleUseTokens.userId, userId),
      ),
    )
    .for('update');
  if (!row) return { outcome: 'unknown' };
  if (row.usedAt) return { outcome: 'used' };
  if (row.expiresAt <= now) return { outcome: 'expired' };
  await tx.update(singleUseTokens).set({ usedAt: now }).where(eq(singleUseTokens.tokenHash, hash));
  return { outcome: 'consumed', userId: row.userId, data: row.data as TTokenData[P], createdAt: row.createdAt };
}

/** The user's tokens of this purpose not used yet count as used from now: one link used ends the others. */
export async function endTokens(db: TDb, purpose: TTokenPurpose, userId: number, now: Date): Promise<void> {
  await db
    .update(singleUseTokens)
    .set({ usedAt: now })
    .where(and(eq(singleUseTokens.userId, userId), eq(singleUseTokens.purpose, purpose), isNull(singleUseTokens.usedAt)));
}

/**
 * Deletes the user's tokens of this purpose, which then answer as unknown: `unused` ones (a new link replaces the older
 * ones), those expired by a time, or all of them (the second step turned off).
 */
export async function deleteTokens(
  db: TDb,
  purpose: TTokenPurpose,
  userId: number,
  which: 'all' | 'unused' | { expiredBy: Date },
): Promise<void> {
  const only =
    which === 'all'
      ? undefined
      : which === 'unused'
        ? isNull(singleUseTokens.usedAt)
        : lte(singleUseTokens.expiresAt, which.expiredBy);
  await db.delete(singleUseTokens).where(and(eq(singleUseTokens.userId, userId), eq(singleUseTokens.purpose, purpose), only));
}

/**
 * Deletes the tokens of the pruned purposes expired by `before`, `batch` at a time (the retention job, decision 068):
 * answers how many went.
 */
export function pruneExpiredTokens(db: TDb, before: Date, batch: number, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(
    async (limit) => {
      const expired = db
        .select({ tokenHash: singleUseTokens.tokenHash })
        .from(singleUseTokens)
        .where(and(inArray(singleUseTokens.purpose, PRUNED_PURPOSES), lte(singleUseTokens.expiresAt, before)))
        .limit(limit);
      const rows = await db
        .delete(singleUseTokens)
        .where(inArray(singleUseTokens.tokenHash, expired))
        .returning({ tokenHash: singleUseTokens.tokenHash });
      return rows.length;
    },
    batch,
    signal,
  );
}
