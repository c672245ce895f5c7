/** Signed CV download links (docs/rules.md#cvs, decision 008): bound to the reader, valid LIMITS.cvLinkTtlSeconds. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@farmaponte/shared';

/** `publicUrl` is asked at each link: the real port is known only once the server listens (lib/public-url.ts). */
export function createCvLinks(secret: string, publicUrl: () => string, now: () => Date) {
  const sign = (cvOwnerId: number, viewerId: number, expires: number) =>
    createHmac('sha256', `cv:${secret}`).update(`${cvOwnerId}.${viewerId}.${expires}`).digest('base64url');
  return {
    /** A link to cvOwner's CV for viewer, valid LIMITS.cvLinkTtlSeconds. */
    linkFor(cvOwnerId: number, viewerId: number): string {
      const expires = Math.floor(now().getTime() / 1000) + LIMITS.cvLinkTtlSeconds;
      const signature = sign(cvOwnerId, viewerId, expires);
      return `${publicUrl()}/api/cv/${cvOwnerId}/?viewer=${viewerId}&expires=${expires}&signature=${signature}`;
    },
    verify(cvOwnerId: number, viewerId: number, expires: number, signature: string): boolean {
      if (expires < Math.floor(now().getTime() / 1000)) return false;
      const expected = Buffer.from(sign(cvOwnerId, viewerId, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type TCvLinks = ReturnType<typeof createCvLinks>;
