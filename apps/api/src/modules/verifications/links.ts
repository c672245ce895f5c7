/** Signed links to an owner's document, bound to the admin reading it, like CV links (decision 008). */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@farmaponte/shared';

/** `publicUrl` is asked at each link: the real port is known only once the server listens (lib/public-url.ts). */
export function createDocumentLinks(secret: string, publicUrl: () => string, now: () => Date) {
  const sign = (ownerId: number, viewerId: number, expires: number) =>
    createHmac('sha256', `verification-document:${secret}`).update(`${ownerId}.${viewerId}.${expires}`).digest('base64url');
  return {
    /** A link to the owner's document for viewer, valid LIMITS.verificationDocumentLinkTtlSeconds. */
    linkFor(ownerId: number, viewerId: number): string {
      const expires = Math.floor(now().getTime() / 1000) + LIMITS.verificationDocumentLinkTtlSeconds;
      return `${publicUrl()}/api/verification-document/${ownerId}/?viewer=${viewerId}&expires=${expires}&signature=${sign(ownerId, viewerId, expires)}`;
    },
    verify(ownerId: number, viewerId: number, expires: number, signature: string): boolean {
      if (expires < Math.floor(now().getTime() / 1000)) return false;
      const expected = Buffer.from(sign(ownerId, viewerId, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type TDocumentLinks = ReturnType<typeof createDocumentLinks>;
