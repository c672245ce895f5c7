/** Access and refresh JWTs (docs/rules.md#sessions): HS256, access 15 minutes, refresh 7 days with a recorded jti. */

import type { TRole } from '@farmaponte/shared';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Access tokens remembered as verified (a few MB at most). */
const VERIFIED_TOKENS_MAX = 20_000;

export interface TAccessClaims {
  userId: number;
  role: TRole;
  /** The session (refresh-token family) the access token was issued in: ending that session ends the token too. */
  familyId?: string;
  /** When the token expires, in seconds since 1970 (a live stream ends then: decision 072). */
  expiresAt?: number;
}
export interface TRefreshClaims {
  userId: number;
  jti: string;
  familyId: string;
}

export function createJwt(secret: string, now: () => Date = () => new Date()) {
  const key = new TextEncoder().encode(secret);
  const sign = (payload: Record<string, unknown>, subject: number, ttlSeconds: number) => {
    const issuedAt = Math.floor(now().getTime() / 1000);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(subject))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(key);
  };

  async function verifyTyped(token: string, typ: 'access' | 'refresh') {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
      if (payload.typ !== typ || !payload.sub || !/^\d+$/.test(payload.sub)) return null;
      return payload;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  // An access token checked once is not checked again until it expires: the HMAC through WebCrypto was 8% of the
  // API's time under load (decision 029). The key is the whole token, signature included, so only that exact token hits;
  // its expiry is still compared with the clock on every use. Bounded: cleared when full.
  const verifiedAccess = new Map<string, { claims: TAccessClaims; expiresAt: number }>();

  return {
    signAccess: (claims: TAccessClaims) =>
      sign({ typ: 'access', role: claims.role, fam: claims.familyId }, claims.userId, ACCESS_TTL_SECONDS),
    signRefresh: (claims: TRefreshClaims) =>
      sign({ typ: 'refresh', jti: claims.jti, fam: claims.familyId }, claims.userId, REFRESH_TTL_SECONDS),
    async verifyAccess(token: string): Promise<TAccessClaims | null> {
      const nowSeconds = Math.floor(now().getTime() / 1000);
      const known = verifiedAccess.get(token);
      if (known) {
        if (nowSeconds < known.expiresAt) return known.claims;
        verifiedAccess.delete(token);
        return null;
      }
      const payload = await verifyTyped(token, 'access');
      if (!payload) return null;
      const familyId = typeof payload.fam === 'string' ? payload.fam : undefined;
      const expiresAt = typeof payload.exp === 'number' ? payload.exp : undefined;
      const claims = { userId: Number(payload.sub), role: payload.role as TRole, familyId, expiresAt };
      if (typeof payload.exp === 'number') {
        if (verifiedAccess.size >= VERIFIED_TOKENS_MAX) verifiedAccess.clear();
        verifiedAccess.set(token, { claims, expiresAt: payload.exp });
      }
      return claims;
    },
    async verifyRefresh(token: string): Promise<TRefreshClaims | null> {
      const payload = await verifyTyped(token, 'refresh');
      if (!payload || typeof payload.jti !== 'string' || typeof payload.fam !== 'string') return null;
      return { userId: Number(payload.sub), jti: payload.jti, familyId: payload.fam };
    },
  };
}
export type TJwt = ReturnType<typeof createJwt>;
