/** Refresh-token families (DESIGN §6): every refresh rotates the token; presenting a rotated one revokes the whole family. */
import { randomUUID } from 'node:crypto';
import type { TRole, TTokenPair } from '@farmaponte/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { refreshTokens, users } from '../../db/schema';
import type { TJwt } from '../../lib/jwt';
import { REFRESH_TTL_SECONDS } from '../../lib/jwt';

export async function issueTokens(
  db: TDb,
  jwt: TJwt,
  user: { id: number; role: TRole },
  now: Date,
  familyId: string = randomUUID(),
): Promise<TTokenPair> {
  const jti = randomUUID();
  await db.insert(refreshTokens).values({
    jti,
    userId: user.id,
    familyId,
    expiresAt: new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
  });
  const [access, refresh] = await Promise.all([
    jwt.signAccess({ userId: user.id, role: user.role }),
    jwt.signRefresh({ userId: user.id, jti, familyId }),
  ]);
  return { access, refresh };
}

/** Returns a new pair, or null when the token is invalid, expired, revoked or reused (reuse revokes the family). */
export async function rotateRefreshToken(db: TDb, jwt: TJwt, token: string, now: Date): Promise<TTokenPair | null> {
  const claims = await jwt.verifyRefresh(token);
  if (!claims) return null;
  return db.transaction(async (tx) => {
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
    const [user] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, rotated.userId));
    if (!user) return null;
    return issueTokens(tx as unknown as TDb, jwt, user, now, rotated.familyId);
  });
}

export async function revokeFamilyOf(db: TDb, jwt: TJwt, token: string, now: Date) {
  const claims = await jwt.verifyRefresh(token);
  if (!claims) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, claims.familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllSessions(db: TDb, userId: number, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
